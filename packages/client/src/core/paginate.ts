// Walks every page of a paged list (`total_pages`, `current_page`, `data`).

interface Page<T> {
  current_page: number;
  total_pages: number;
  data: T[];
}

interface PagedInput {
  filters?: { page_number?: number } & Record<string, unknown>;
}

/** Yields every record from `filters.page_number` (default 1) to the last page. */
export async function* eachRecord<T>(fetchPage: (input: PagedInput) => Promise<Page<T>>, input: PagedInput): AsyncGenerator<T> {
  let pageNumber = input.filters?.page_number ?? 1;
  for (;;) {
    const page = await fetchPage({ ...input, filters: { ...input.filters, page_number: pageNumber } });
    yield* page.data;
    // Stop on the last page, and on an empty or non-advancing page rather than loop forever.
    if (page.data.length === 0 || page.current_page >= page.total_pages || page.current_page < pageNumber) return;
    pageNumber = page.current_page + 1;
  }
}
