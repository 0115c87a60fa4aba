// listAll walks every page of list_servers and list_sub_accounts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHostApiClient } from '../src/index.js';
import { json, startCaptureServer, type CaptureServer } from './support/capture-server.js';

let server: CaptureServer;
beforeAll(async () => {
  server = await startCaptureServer();
});
afterAll(() => server.close());

const page = (current: number, total: number, data: unknown[], envelope = true) =>
  json({
    return: { total_items: 5, current_items: data.length, current_page: current, total_pages: total, data },
    ...(envelope ? { msg: 'Successful', status: true } : {}),
  });

const api = () => createHostApiClient({ apiKey: 'k', baseUrl: server.url, retries: 0 });

it('servers.listAll yields every server of every page, asking for each page in turn', async () => {
  server.requests.length = 0;
  server.answer(page(1, 3, [{ name: 'a' }, { name: 'b' }]), page(2, 3, [{ name: 'c' }, { name: 'd' }]), page(3, 3, [{ name: 'e' }]));
  const names: string[] = [];
  for await (const server of api().servers.listAll({ client_id: 293, filters: { state: 'On', page_size: 2 } })) names.push(server.name);
  expect(names).toEqual(['a', 'b', 'c', 'd', 'e']);
  expect(server.requests.map((r) => r.url)).toEqual([1, 2, 3].map(
    (n) => `/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state]=On&filters[page_size]=2&filters[page_number]=${n}`,
  ));
});

it('accounts.listAllSubAccounts starts at the page asked for and reads answers without msg/status', async () => {
  server.requests.length = 0;
  server.answer(page(2, 3, [{ client_id: '301' }], false), page(3, 3, [{ client_id: '302' }], false));
  const ids: string[] = [];
  for await (const account of api().accounts.listAllSubAccounts({ client_id: 293, filters: { page_number: 2 } })) ids.push(account.client_id);
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
