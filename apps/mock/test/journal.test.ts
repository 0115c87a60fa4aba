// The request journal: what each request of each key became (in every mode), read over HTTP
// (`/__mock/journal`) and from code (`startMock().journal`), filtered, cleared, bounded; a key
// never sees another's entries, and no entry shows a key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryJournal, type Recorded } from '../src/engine/journal/store.ts';
import type { MockOptions, RunningMock } from '../src/index.ts';
import { mockStarter } from './helpers.ts';

const start = mockStarter();

const KEY = 'journal-key-7f3a';
const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG7k me@laptop';
const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
const addKey = (mock: RunningMock, apikey: string, label: string) =>
  fetch(`${mock.url}/1.2/ssh/key/add.json`, form({ apikey, client_id: '293', label, content: CONTENT }));
const listServers = (mock: RunningMock, apikey: string, query = '') =>
  fetch(`${mock.url}/1.3/server/list_servers.json?apikey=${apikey}&client_id=293${query}`);
const journalOf = async (mock: RunningMock, query: string, init?: RequestInit) =>
  fetch(`${mock.url}/__mock/journal?${query}`, init);
const read = async (mock: RunningMock, query: string) => (await journalOf(mock, query)).json();

let upstream: Server;
beforeAll(async () => {
  // list_ips answers a record with a wrong type; the rest answer well.
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const ips = req.url?.includes('list_ips');
    res.end(
      JSON.stringify({ return: ips ? { '203.0.113.10': { ip_addr: 10 } } : [], msg: 'Successful', status: true }),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(() => upstream?.close());

describe('each request becomes an entry of its key', () => {
  it.each([
    ['examples', {}, 'success'],
    ['dynamic', { dynamic: true }, null],
    ['sandbox', { sandbox: true }, null],
    [
      'answerer',
      { answerer: { answer: () => ({ status: 200, body: { return: [], msg: 'ok', status: true } }) } },
      null,
    ],
  ] as [string, MockOptions, string | null][])('%s', async (_mode, options, example) => {
    const mock = await start(options);
    await fetch(`${mock.url}/1.5/dns/domain_templates/list_templates.json?apikey=${KEY}&client_id=293`);
    const page = await read(mock, `apikey=${KEY}`);
    expect(page).toEqual({
      entries: [
        {
          seq: 1,
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          operation: 'listDnsTemplates',
          method: 'GET',
          path: '/1.5/dns/domain_templates/list_templates.json',
          fields: { client_id: '293' },
          departures: [],
          status: 200,
          example,
          fault: null,
        },
      ],
      dropped: 0,
      more: false,
    });
  });

  it('the proxy: what it relayed, and what broke the description', async () => {
    const proxy = await start({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    await fetch(`${proxy.url}/1.5/dns/list_ips.json?apikey=${KEY}&client_id=293`);
    const [entry] = (await proxy.journal.entries({ apikey: KEY })).entries;
    expect(entry).toMatchObject({ operation: 'listIps', status: 200, fields: { client_id: '293' } });
    expect(entry?.departures.map((note) => note.location.join('.'))).toContain('response.body.return.203.0.113.10');
  });

  it('the departures it named, a refusal with its problem, an unknown path with no operation', async () => {
    const mock = await start();
    await fetch(`${mock.url}/1.2/ssh/key/add.json?label=x`, form({ client_id: '293', apikey: KEY, content: CONTENT }));
    await listServers(mock, KEY, '&filters[page_size]=many');
    await fetch(`${mock.url}/1.3/no/such.json?apikey=${KEY}&color=blue`);
    const { entries } = await read(mock, `apikey=${KEY}`);
    expect(entries[0].departures.map((note: { code: string }) => note.code)).toEqual(['fieldInQuery', 'fieldOrder']);
    expect(entries[0].fields).toEqual({ label: 'x', client_id: '293', content: CONTENT });
    expect(entries[1]).toMatchObject({
      status: 422,
      fields: { client_id: '293', 'filters[page_size]': 'many' },
      problem: { title: 'Invalid request', validation: [{ location: ['query', 'filters', 'page_size'] }] },
    });
    expect(entries[2]).toMatchObject({ operation: null, status: 404, fields: { color: 'blue' } });
    expect(entries[2].problem.detail).toContain('/1.3/no/such.json');
  });

  it('never the key: not as a field, not where a value quotes it', async () => {
    const mock = await start({ sandbox: true });
    await addKey(mock, KEY, `mine is ${KEY}`);
    await fetch(`${mock.url}/nowhere?APIKEY=${KEY}&a%70ikey=${KEY}&note=${KEY}`);
    const text = await (await journalOf(mock, `apikey=${KEY}`)).text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).entries[0].fields.label).toBe('mine is [redacted]');
    const all = JSON.stringify(await mock.journal.entries());
    expect(all).not.toContain(KEY);
  });
});

describe('a key sees its own', () => {
  it('over HTTP only its own; from code every key’s, each named by a digest, or one key’s', async () => {
    const mock = await start({ sandbox: true });
    await listServers(mock, 'key-a');
    await listServers(mock, 'key-b');
    await listServers(mock, 'key-a');
    expect((await read(mock, 'apikey=key-a')).entries.map((e: { seq: number }) => e.seq)).toEqual([1, 2]);
    expect((await read(mock, 'apikey=key-b')).entries.map((e: { seq: number }) => e.seq)).toEqual([1]);
    expect((await read(mock, 'apikey=key-c')).entries).toEqual([]);
    const all = (await mock.journal.entries()).entries.map((e) => [e.key, e.seq]);
    const [a, b] = [all[0]![0], all[1]![0]];
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(all).toEqual([
      [a, 1],
      [b, 1],
      [a, 2],
    ]);
    expect((await mock.journal.entries({ apikey: 'key-b' })).entries).toHaveLength(1);
  });

  it('two keys alike as text, different as bytes, are two journals', async () => {
    const mock = await start();
    await listServers(mock, '%FE');
    await listServers(mock, '%FF');
    await listServers(mock, '%FF');
    expect((await read(mock, 'apikey=%FE')).entries).toHaveLength(1);
    expect((await read(mock, 'apikey=%FF')).entries).toHaveLength(2);
  });

  it('needs a key, and refuses every key at once over HTTP', async () => {
    const mock = await start();
    for (const query of ['', 'apikey=', 'operation=listServers']) {
      const answer = await journalOf(mock, query);
      expect(answer.status).toBe(422);
      expect(await answer.json()).toMatchObject({
        type: 'urn:hostapi:mock:journal-needs-key',
        detail: expect.stringContaining('give it as ?apikey=<key>'),
      });
    }
  });
});

describe('filters', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await start({ sandbox: true });
    await addKey(mock, KEY, 'laptop');
    await listServers(mock, KEY, '&filters[state]=On');
    await addKey(mock, KEY, 'desktop');
    await listServers(mock, KEY, '&filters[state]=Off&filters[page_size]=2');
  });
  const seqs = async (query: string) =>
    (await read(mock, `apikey=${KEY}&${query}`)).entries.map((entry: { seq: number }) => entry.seq);

  it('by operation, by fields (by wire name), after a number, at most a count', async () => {
    expect(await seqs('operation=addSshKey')).toEqual([1, 3]);
    expect(await seqs('label=desktop')).toEqual([3]);
    expect(await seqs('operation=listServers&filters[state]=Off&filters[page_size]=2')).toEqual([4]);
    expect(await seqs('since=2')).toEqual([3, 4]);
    const page = await read(mock, `apikey=${KEY}&limit=3`);
    expect([page.entries.length, page.more]).toEqual([3, true]);
    expect(await seqs('label=tablet')).toEqual([]);
  });

  it('from code alike, fields by wire name or nested', async () => {
    const { entries } = await mock.journal.entries({ apikey: KEY, fields: { filters: { state: 'On' } } });
    expect(entries.map((entry) => entry.seq)).toEqual([2]);
    const nested = await mock.journal.entries({ apikey: KEY, fields: { 'filters[page_size]': 2 } });
    expect(nested.entries.map((entry) => entry.seq)).toEqual([4]);
    await expect(mock.journal.entries({ operation: 'addSshkey' })).rejects.toThrow(
      'operation: the description has no operation "addSshkey"',
    );
    await expect(mock.journal.entries({ limit: 0 })).rejects.toThrow('limit must be a whole number ≥ 1, got 0');
  });

  it.each([
    ['operation=nope', 'operation', 'the description has no operation "nope"'],
    ['since=-1', 'since', 'since must be a whole number, got "-1"'],
    ['limit=0', 'limit', 'limit must be a whole number ≥ 1, got 0'],
    ['limit=10001', 'limit', 'limit must be at most 10000'],
    ['colour=red', 'colour', 'no operation has a field "colour"'],
    ['operation=listServers&label=x', 'label', 'listServers has no field "label"'],
    ['label=a&label=b', 'label', 'label is given twice'],
    ['a[b=1', 'a[b', 'is not a field name'],
    ['APIKEY=x', 'APIKEY', 'the key is never kept in the journal'],
  ])('%s: a 422 naming %s', async (query, name, message) => {
    const answer = await journalOf(mock, `apikey=${KEY}&${query}`);
    expect(answer.status).toBe(422);
    const problem = await answer.json();
    expect(problem.type).toBe('urn:hostapi:mock:journal-query');
    expect(problem.validation).toEqual([
      { location: ['query', name], severity: 'Error', code: 'journalQuery', message: expect.stringContaining(message) },
    ]);
  });
});

describe('cleared, reset, bounded', () => {
  it('DELETE forgets one key’s entries, whose numbering goes on; POST /__mock/reset its state too', async () => {
    const mock = await start({ sandbox: true });
    const added = await (await addKey(mock, 'key-a', 'laptop')).json();
    await listServers(mock, 'key-b');
    expect((await journalOf(mock, 'apikey=key-a', { method: 'DELETE' })).status).toBe(204);
    expect((await read(mock, 'apikey=key-a')).entries).toEqual([]);
    expect((await read(mock, 'apikey=key-b')).entries).toHaveLength(1);
    await listServers(mock, 'key-a');
    expect((await read(mock, 'apikey=key-a')).entries.map((e: { seq: number }) => e.seq)).toEqual([2]);
    const get = () =>
      fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=key-a&client_id=293&key_id=${added.return.key_id}`);
    expect((await (await get()).json()).status).toBe(true);
    expect((await fetch(`${mock.url}/__mock/reset?apikey=key-a`, { method: 'POST' })).status).toBe(204);
    expect((await (await get()).json()).status).toBe(false);
    expect((await read(mock, 'apikey=key-a')).entries.map((e: { seq: number }) => e.seq)).toEqual([4]);
    // The sandbox's old route still does it, and reset() of startMock() too.
    expect((await fetch(`${mock.url}/__sandbox/reset?apikey=key-a`, { method: 'POST' })).status).toBe(204);
    expect((await read(mock, 'apikey=key-a')).entries).toEqual([]);
    await mock.reset!('key-b');
    expect((await read(mock, 'apikey=key-b')).entries).toEqual([]);
  });

  it('keeps at most journalMaxPerKey of a key and journalMax in all, the oldest dropped and counted', async () => {
    const mock = await start({ journalMaxPerKey: 3, journalMax: 5 });
    for (let n = 1; n <= 4; n++) await listServers(mock, 'key-a', `&filters[page_number]=${n}`);
    let page = await read(mock, 'apikey=key-a');
    expect([page.entries.map((e: { seq: number }) => e.seq), page.dropped]).toEqual([[2, 3, 4], 1]);
    for (let n = 1; n <= 3; n++) await listServers(mock, 'key-b');
    page = await read(mock, 'apikey=key-a');
    expect([page.entries.map((e: { seq: number }) => e.seq), page.dropped]).toEqual([[3, 4], 2]);
    expect((await read(mock, 'apikey=key-b')).entries).toHaveLength(3);
    const all = await mock.journal.entries();
    expect([all.entries.length, all.dropped]).toEqual([5, 2]);
  });

  it('in memory, holds no more than its bounds however many are appended, of however many keys', async () => {
    const store = createMemoryJournal({ max: 100, perKey: 10 });
    const entry = { at: 0, operation: null, method: 'GET', path: '/', fields: {}, departures: undefined, status: 200 };
    const kept = { ...entry, example: null, fault: null, problem: undefined } satisfies Omit<Recorded, 'seq'>;
    const append = (keys: number, count: number) => {
      for (let n = 0; n < count; n++) store.append({ name: `~k${n % keys}`, key: `k${n % keys}` }, kept);
    };
    // 50 keys: each keeps its last 10 (perKey), and 100 of them in all, the others dropped and counted.
    append(50, 20_000);
    let { entries, dropped } = await store.read(undefined, 0);
    expect([entries.length, dropped]).toEqual([100, 19_900]);
    // 500 keys: at most 100 keys are remembered (the first seen longest ago forgotten), 100 entries in all.
    append(500, 20_000);
    ({ entries } = await store.read(undefined, 0));
    expect(entries).toHaveLength(100);
    expect(new Set(entries.map(({ partition }) => partition.name)).size).toBeLessThanOrEqual(100);
    // Every key's, read in the order appended, even within one millisecond (the same `at`).
    const two = createMemoryJournal({ max: 100, perKey: 10 });
    for (const name of ['~a', '~b', '~a', '~b', '~a']) two.append({ name, key: name }, kept);
    ({ entries } = await two.read(undefined, 0));
    expect(entries.map(({ partition, entry }) => `${partition.name}#${entry.seq}`)).toEqual([
      '~a#1',
      '~b#1',
      '~a#2',
      '~b#2',
      '~a#3',
    ]);
  });

  it('a large request is kept with its fields cut, saying how many', async () => {
    const mock = await start();
    const many = Array.from({ length: 300 }, (_, i) => `additional_tlds[${i}]=${'t'.repeat(20)}${i}`).join('&');
    await fetch(`${mock.url}/1.3/srs/domain_tlds_available.json?apikey=${KEY}&client_id=293&domain=x.nz&${many}`);
    const [entry] = (await read(mock, `apikey=${KEY}`)).entries;
    expect(entry.fieldsNotKept).toBeGreaterThan(0);
    expect(Object.keys(entry.fields).length + entry.fieldsNotKept).toBe(302);
    expect(JSON.stringify(entry.fields).length).toBeLessThan(6000);
  });

  it('none with journal: false: the routes say so, the code rejects', async () => {
    const mock = await start({ journal: false });
    await listServers(mock, KEY);
    const answer = await journalOf(mock, `apikey=${KEY}`);
    expect(answer.status).toBe(404);
    expect((await answer.json()).detail).toContain('--no-journal');
    await expect(mock.journal.entries()).rejects.toThrow('keeps no journal');
    // The reset is the mock's, journal or not.
    expect((await fetch(`${mock.url}/__mock/reset?apikey=${KEY}`, { method: 'POST' })).status).toBe(204);
  });

  it('answers another method of its routes 405, naming the ones it has', async () => {
    const mock = await start();
    const answer = await fetch(`${mock.url}/__mock/journal?apikey=${KEY}`, { method: 'PUT' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, DELETE');
  });
});
