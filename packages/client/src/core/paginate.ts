// Walks every page of a paged list (`total_pages`, `current_page`, `data`).
import { InvalidResponseError, PaginationError } from './errors.js';

interface PagedInput {
  filters?: { page_number?: number } & Record<string, unknown>;
}

/** One page as it came: the call's result, its HTTP status and its body (for an error's excerpt). */
export interface Page {
  result: unknown;
  status: number;
  excerpt: () => string;
}

/**
 * Yields every record from page `filters.page_number` (default 1) to the last, asking for each
 * page once. A page whose `current_page` is not the one asked for means the server ignores
 * `filters[page_number]` (a stateless mock answers page 1 every time): its records would repeat
 * the ones already yielded, so the walk ends with a PaginationError instead. A result that is not
 * a page (`data` a list, `current_page` and `total_pages` numbers) is an InvalidResponseError.
 */
export async function* eachRecord(
  operation: string,
  fetchPage: (input: PagedInput) => Promise<Page>,
  input: PagedInput,
): AsyncGenerator<unknown> {
  for (let asked = input.filters?.page_number ?? 1; ; asked++) {
    const { result, status, excerpt } = await fetchPage({
      ...input,
      filters: { ...input.filters, page_number: asked },
    });
    const { data, current_page: current, total_pages: total } = Object(result);
    if (!Array.isArray(data) || typeof current !== 'number' || typeof total !== 'number')
      throw new InvalidResponseError(operation, status, excerpt(), 'a page');
    if (!data.length) return;
    if (current !== asked) throw new PaginationError(operation, asked, current);
    yield* data;
    if (asked >= total) return;
  }
}
