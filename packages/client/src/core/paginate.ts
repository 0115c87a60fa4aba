// Walks every page of a paged list (`total_pages`, `current_page`, `data`).
import { PaginationError } from './errors.js';

interface Page<T> {
  current_page: number;
  total_pages: number;
  data: T[];
}

interface PagedInput {
  filters?: { page_number?: number } & Record<string, unknown>;
}

/**
 * Yields every record from page `filters.page_number` (default 1) to the last, asking for each
 * page once. A page whose `current_page` is not the one asked for means the server ignores
 * `filters[page_number]` (a stateless mock answers page 1 every time): its records would repeat
 * the ones already yielded, so the walk ends with a PaginationError instead.
 */
export async function* eachRecord<T>(
  operation: string,
  fetchPage: (input: PagedInput) => Promise<Page<T>>,
  input: PagedInput,
): AsyncGenerator<T> {
  for (let asked = input.filters?.page_number ?? 1; ; asked++) {
    const page = await fetchPage({ ...input, filters: { ...input.filters, page_number: asked } });
    if (page.data.length === 0) return;
    if (Number(page.current_page) !== asked) throw new PaginationError(operation, asked, page.current_page);
    yield* page.data;
    if (asked >= page.total_pages) return;
  }
}
