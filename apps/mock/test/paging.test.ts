// The examples mode pages: a request for a page of a paged list (`filters[page_number]`,
// `filters[page_size]`) is answered with that page, made from the records of the operation's
// page examples (`success`, `secondPage`), the totals theirs; without either filter, the
// `success` example as it is. Every answer passes the mock's own check against the description
// (a 500 otherwise) under --strict.
import { responseExamples, type Node } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.ts';
import type { RunningMock } from '../src/node/serve.ts';
import { operations } from './helpers.ts';
import { spec } from './helpers.ts';

const PAGE_FIELDS = ['total_items', 'current_items', 'current_page', 'total_pages', 'data'];
/** The operations whose 200 answer is a page, with their page examples in page order. */
const paged = operations.flatMap((operation) => {
  const pages = Object.values(responseExamples(spec, operation.op, '200'))
    .filter((body: Node) => PAGE_FIELDS.every((field) => field in Object(body?.return)))
    .sort((a: Node, b: Node) => a.return.current_page - b.return.current_page) as Node[];
  return pages.length ? [{ operation, pages }] : [];
});

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ strict: true });
});
afterAll(() => mock?.close());

const get = async (path: string, filters: Record<string, number>) => {
  const query = Object.entries(filters).map(([name, value]) => `&filters[${name}]=${value}`);
  const response = await fetch(`${mock.url}${path}?apikey=k&client_id=293${query.join('')}`);
  // A page's text is put together from its records' texts: as JSON.stringify writes the body, byte for byte.
  const text = await response.text();
  expect(text).toBe(JSON.stringify(JSON.parse(text)));
  return { status: response.status, violations: response.headers.get('sl-violations'), body: JSON.parse(text) };
};

it('list_servers and list_sub_accounts are the paged operations, their examples adding up', () => {
  expect(paged.map(({ operation }) => operation.id)).toEqual(['listServers', 'listSubAccounts']);
  for (const { pages } of paged) {
    const records = pages.flatMap((body) => body.return.data);
    for (const [at, { return: page }] of pages.entries())
      expect(page).toMatchObject({ current_page: at + 1, total_pages: pages.length, total_items: records.length });
  }
  // list_servers has two pages of two, so that a page other than the first is in the description.
  expect(paged[0]!.pages.map((body) => body.return.current_items)).toEqual([2, 2]);
});

describe.each(paged.map(({ operation, pages }) => [operation.id, operation, pages] as const))(
  '%s',
  (_id, operation, pages) => {
    const records = pages.flatMap((body) => body.return.data);
    const size = pages[0]!.return.data.length;

    it('answers the success example when no page is asked for, and each example for its own page', async () => {
      expect((await get(operation.path, {})).body).toEqual(pages[0]);
      for (const [at, body] of pages.entries()) {
        expect((await get(operation.path, { page_number: at + 1 })).body).toEqual(body);
        expect((await get(operation.path, { page_number: at + 1, page_size: size })).body).toEqual(body);
      }
    });

    it('answers any page of any size from the same records, the totals agreeing', async () => {
      for (let pageSize = 1; pageSize <= records.length + 1; pageSize++) {
        const totalPages = Math.ceil(records.length / pageSize);
        const walked: unknown[] = [];
        for (let number = 1; number <= totalPages + 1; number++) {
          const { status, violations, body } = await get(operation.path, { page_size: pageSize, page_number: number });
          const data = records.slice((number - 1) * pageSize, number * pageSize);
          expect({ status, violations }).toEqual({ status: 200, violations: null });
          expect(body).toEqual({
            ...pages[0],
            return: {
              total_items: records.length,
              current_items: data.length,
              current_page: number,
              total_pages: totalPages,
              data,
            },
          });
          walked.push(...body.return.data);
        }
        expect(walked).toEqual(records);
      }
    });

    it('a page size alone starts at page 1', async () => {
      const { body } = await get(operation.path, { page_size: records.length });
      expect(body.return).toMatchObject({ current_page: 1, total_pages: 1, data: records });
    });

    it('`Prefer` still picks an example, whatever page is asked for', async () => {
      const response = await fetch(
        `${mock.url}${operation.path}?apikey=k&client_id=293&filters[page_number]=2&filters[page_size]=1`,
        { headers: { prefer: 'example=success' } },
      );
      expect(await response.json()).toEqual(pages[0]);
    });
  },
);
