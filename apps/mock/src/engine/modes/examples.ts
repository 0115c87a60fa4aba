// The examples mode: every answer is one of the description's named examples. `Prefer` picks
// which: `code=<status>` a response, `example=<name>` an example (looked for in the 2xx
// responses first, then in the others, so `example=rateLimited` alone finds the HTTP 500 one).
// A request for a page of a paged list (`filters[page_number]`, `filters[page_size]`) gets that
// page, made from the records of the operation's page examples (`success`, `secondPage`): the
// page asked for, the totals theirs, so that a client walking the pages reaches the end.
import type { Node, Operation } from '../api.ts';
import type { Answer, Answerer } from '../mode.ts';
import type { Preferences } from '../prefer.ts';
import { unknownPreference } from '../problems.ts';
import type { Fields } from '../read.ts';
import { page } from '../sandbox/list.ts';

/** The fields every paged wrapper has (the description's PagedList). */
export const PAGE_FIELDS = ['total_items', 'current_items', 'current_page', 'total_pages', 'data'];

/**
 * The answerer serving the examples of the description; a request that prefers generated data
 * (`Prefer: dynamic=true`, as with `prism mock`) goes to `generated`.
 */
export function createExamples(generated: Answerer): Answerer {
  const lists = new Map<Operation, PagedList | undefined>();
  return {
    answer(request) {
      const { prefer } = request;
      if (prefer.dynamic === 'true') return generated.answer(request);
      const operation = operationOf(request);
      const filters = request.fields.filters as Fields | undefined;
      const paging = filters && (filters.page_size !== undefined || filters.page_number !== undefined);
      if (paging && prefer.code === undefined && prefer.example === undefined) {
        if (!lists.has(operation)) lists.set(operation, pagedList(operation));
        const list = lists.get(operation);
        if (list) return pageOf(list, filters);
      }
      return exampleAnswer(operation, prefer);
    },
  };
}

/**
 * A paged list as the examples tell it: every record, in order, and each as JSON text (written
 * once: a page's text is put together from them, not written again per request), the size of
 * their pages, and the envelope.
 */
interface PagedList {
  records: readonly unknown[];
  texts: readonly string[];
  size: number;
  envelope: Node;
}

/**
 * The list an operation's 200 page examples make together: each a page (`return` with the
 * PagedList fields) of one size, pages 1 to n, as many records as `total_items`. Undefined when
 * the operation has none, or when they do not add up (then the examples are answered as they are).
 */
function pagedList(operation: Operation): PagedList | undefined {
  const examples = [...(operation.responses.get('200')?.examples.values() ?? [])] as Node[];
  const pages = examples
    .filter((body) => body?.status !== false && PAGE_FIELDS.every((field) => field in Object(body?.return)))
    .sort((a, b) => a.return.current_page - b.return.current_page);
  const first = pages[0]?.return;
  if (!first) return undefined;
  const size = first.data.length;
  const records = pages.flatMap((body) => body.return.data);
  const adds = pages.every(
    ({ return: p }, at) =>
      p.current_page === at + 1 &&
      p.total_items === records.length &&
      p.total_pages === pages.length &&
      p.current_items === p.data.length &&
      (p.data.length === size || (at === pages.length - 1 && p.data.length <= size)),
  );
  const texts = records.map((record) => JSON.stringify(record));
  return adds && size > 0 ? { records, texts, size, envelope: pages[0] as Node } : undefined;
}

/**
 * The page `filters` ask for (of the examples' page size, unless they give one), in the first
 * example's envelope; its text as JSON.stringify writes the body.
 */
function pageOf({ records, texts, size, envelope }: PagedList, filters: Fields): Answer {
  const asked = { page_size: filters.page_size ?? String(size), page_number: filters.page_number };
  const body = { ...envelope, return: page(records, asked) };
  const { data, ...counts } = page(texts, asked);
  const inner = `{${JSON.stringify(counts).slice(1, -1)},"data":[${data.join(',')}]}`;
  const fields = Object.keys(envelope).map(
    (name) => `${JSON.stringify(name)}:${name === 'return' ? inner : JSON.stringify(envelope[name])}`,
  );
  return { status: 200, body, json: `{${fields.join(',')}}` };
}

export function operationOf(request: { operation: Operation | undefined }): Operation {
  if (!request.operation) throw new Error('this mode answers operations of the description only');
  return request.operation;
}

/** The example `prefer` asks for, or the first example of the first 2xx. */
export function exampleAnswer(operation: Operation, prefer: Preferences): Answer {
  const { code, example } = prefer;
  if (code !== undefined && !operation.responses.has(code)) {
    const codes = operation.codes.join(', ');
    throw unknownPreference(`Prefer: code=${code}: ${operation.id} has no ${code} response; it has ${codes}.`);
  }
  const candidates = code !== undefined ? [code] : operation.codes;
  const examplesOf = (c: string) => operation.responses.get(c)?.examples ?? new Map<string, unknown>();
  for (const c of candidates) {
    for (const [name, body] of examplesOf(c)) {
      if (example !== undefined && name !== example) continue;
      const json = operation.responses.get(c)?.json.get(name);
      return { status: Number(c), body, example: name, ...(json === undefined ? {} : { json }) };
    }
  }
  if (example === undefined)
    throw unknownPreference(`${operation.id} has no example${code ? ` for ${code}` : ''} to answer with.`);
  const names = candidates.flatMap((c) => [...examplesOf(c).keys()].map((name) => `${name} (${c})`));
  const where = code ? ` in its ${code} response` : '';
  throw unknownPreference(
    `Prefer: example=${example}: ${operation.id} has no such example${where}; it has ${names.join(', ')}.`,
  );
}
