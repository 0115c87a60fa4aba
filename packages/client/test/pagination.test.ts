// listAll walks every page of list_servers and list_sub_accounts, each page once, and stops
// with a PaginationError where a server ignores filters[page_number].
import { startMock, type RunningMock } from '@hostapi/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApiClient, InvalidResponseError, PaginationError } from '../src/index.js';
import { json, startCaptureServer, type CaptureServer } from './support/capture-server.js';

let server: CaptureServer;
let mock: RunningMock;
beforeAll(async () => {
  [server, mock] = await Promise.all([startCaptureServer(), startMock()]);
}, 60_000);
afterAll(() => Promise.all([server.close(), mock.close()]));

const page = (current: number, total: number, data: unknown[], envelope = true) =>
  json({
    return: { total_items: 5, current_items: data.length, current_page: current, total_pages: total, data },
    ...(envelope ? { msg: 'Successful', status: true } : {}),
  });

const api = () => createHostApiClient({ apiKey: 'k', baseUrl: server.url, retries: 0 });

it('servers.listAll yields every server of every page, asking for each page in turn', async () => {
  server.requests.length = 0;
  server.answer(
    page(1, 3, [{ name: 'a' }, { name: 'b' }]),
    page(2, 3, [{ name: 'c' }, { name: 'd' }]),
    page(3, 3, [{ name: 'e' }]),
  );
  const names: string[] = [];
  for await (const server of api().servers.listAll({ client_id: 293, filters: { state: 'On', page_size: 2 } }))
    names.push(server.name);
  expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(server.requests.map((r) => r.url)).toEqual(
    [1, 2, 3].map(
      (n) =>
        '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state]=On&filters[page_size]=2' +
        `&filters[page_number]=${n}`,
    ),
  );
});

it('accounts.listAllSubAccounts starts at the page asked for and reads answers without msg/status', async () => {
  server.requests.length = 0;
  server.answer(page(2, 3, [{ client_id: '301' }], false), page(3, 3, [{ client_id: '302' }], false));
  const ids: string[] = [];
  for await (const account of api().accounts.listAllSubAccounts({ client_id: 293, filters: { page_number: 2 } }))
    ids.push(account.client_id);
  expect(ids).toEqual(['301', '302']);
  expect(server.requests).toHaveLength(2);
});

it('stops on an empty page even if total_pages says more (no endless loop)', async () => {
  server.requests.length = 0;
  server.answer(page(1, 99, [{ name: 'a' }]), page(2, 99, []));
  const all = [];
  for await (const s of api().servers.listAll({ client_id: 293 })) all.push(s);
  expect(all).toHaveLength(1);
  expect(server.requests).toHaveLength(2);
});

it('a failure on a later page rejects the iteration with the typed error', async () => {
  server.answer(page(1, 2, [{ name: 'a' }]), json({ msg: 'Client not found.', status: false }));
  const seen: string[] = [];
  await expect(async () => {
    for await (const s of api().servers.listAll({ client_id: 293 })) seen.push(s.name);
  }).rejects.toThrow('listServers: Client not found.');
  expect(seen).toEqual(['a']);
});

it('a server answering the same page whatever is asked: each record once, then a PaginationError', async () => {
  server.requests.length = 0;
  server.answer(page(1, 3, [{ name: 'a' }, { name: 'b' }]));
  const names: string[] = [];
  const error = await (async () => {
    for await (const s of api().servers.listAll({ client_id: 293 })) names.push(s.name);
  })().catch((e: unknown) => e);
  expect(names).toEqual(['a', 'b']);
  expect(error).toBeInstanceOf(PaginationError);
  expect(error).toMatchObject({ kind: 'pagination', operation: 'listServers', askedPage: 2, answeredPage: 1 });
  expect((error as Error).message).toBe(
    'listServers: asked for page 2, got page 1: the server ignores filters[page_number]',
  );
  expect(server.requests).toHaveLength(2);
});

it('a first page other than the one asked for is not yielded', async () => {
  server.answer(page(1, 3, [{ client_id: '301' }], false));
  const ids: string[] = [];
  await expect(async () => {
    for await (const account of api().accounts.listAllSubAccounts({ client_id: 293, filters: { page_number: 3 } }))
      ids.push(account.client_id);
  }).rejects.toThrow('listSubAccounts: asked for page 3, got page 1');
  expect(ids).toEqual([]);
});

it('stops at total_pages even if the server would answer more', async () => {
  server.requests.length = 0;
  server.answer(page(1, 2, [{ name: 'a' }]), page(2, 2, [{ name: 'b' }]), page(3, 3, [{ name: 'c' }]));
  const names: string[] = [];
  for await (const s of api().servers.listAll({ client_id: 293 })) names.push(s.name);
  expect(names).toEqual(['a', 'b']);
  expect(server.requests).toHaveLength(2);
});

it('the examples mock answers the page asked for: listAll walks every page to its end', async () => {
  const client = createHostApiClient({ apiKey: 'k', baseUrl: mock.url, retries: 0 });
  const first = await client.servers.list({ client_id: 293 });
  expect(first).toMatchObject({ current_page: 1, total_pages: 2 });
  const second = await client.servers.list({ client_id: 293, filters: { page_number: 2 } });
  expect(second).toMatchObject({ current_page: 2, total_pages: 2 });
  const names: string[] = [];
  for await (const s of client.servers.listAll({ client_id: 293 })) names.push(s.name);
  expect(names).toEqual([...first.data, ...second.data].map((s) => s.name));
  expect(names).toHaveLength(first.total_items);
  // One page of sub-accounts: walked to its end without an error.
  const accounts = [];
  for await (const account of client.accounts.listAllSubAccounts({ client_id: 293 })) accounts.push(account.client_id);
  expect(accounts).toEqual((await client.accounts.listSubAccounts({ client_id: 293 })).data.map((a) => a.client_id));
});

// Issue 30, item 6: a page that is not a page is an InvalidResponseError, never a TypeError (nor
// records made of a string's characters).
it.each([
  ['no data', { total_items: 1, current_page: 1, total_pages: 1 }],
  ['data that is text', { total_items: 1, current_page: 1, total_pages: 1, data: 'abc' }],
  ['data that is an object', { total_items: 1, current_page: 1, total_pages: 1, data: { 0: 'a' } }],
  ['an object as current_page', { total_items: 1, current_page: {}, total_pages: 2, data: [{ name: 'a' }] }],
  [
    'an object as current_page that cannot be made a number',
    { total_items: 1, current_page: { valueOf: 1, toString: 1 }, total_pages: 2, data: [{ name: 'a' }] },
  ],
  ['an object as total_pages', { total_items: 1, current_page: 1, total_pages: { valueOf: 1 }, data: [{ name: 'a' }] }],
  ['no page at all', null],
])('a page with %s: an InvalidResponseError, nothing yielded', async (_what, result) => {
  server.answer(json({ return: result, msg: 'Successful', status: true }));
  const seen: unknown[] = [];
  const error = await (async () => {
    for await (const record of api().servers.listAll({ client_id: 293 })) seen.push(record);
  })().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidResponseError);
  expect(error).toMatchObject({ kind: 'invalid-response', operation: 'listServers', status: 200 });
  expect((error as Error).message).toMatch(/^listServers: expected a page, got: \{"return":/);
  expect(seen).toEqual([]);
});
