// The journal in Redis (the sandbox's --store): instances given the same store read one journal,
// per key, bounded per key and in all, cleared through any of them; Redis holds no key.
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockOptions, type RunningMock, startMock } from '../src/index.ts';

const KEY = 'shared-journal-key-3c';
let redis: RunningRedis;
const started: RunningMock[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(started.map((mock) => mock.close()));
  await redis?.kill();
});
async function start(db: number, options: MockOptions = {}) {
  const mock = await startMock({ sandbox: true, store: redis.url(db), log: () => {}, ...options });
  started.push(mock);
  return mock;
}
const list = (mock: RunningMock, apikey: string, page: number) =>
  fetch(`${mock.url}/1.3/server/list_servers.json?apikey=${apikey}&client_id=293&filters[page_number]=${page}`);
const read = async (mock: RunningMock, apikey: string) =>
  (await fetch(`${mock.url}/__mock/journal?apikey=${apikey}`)).json();

describe('two instances sharing one Redis', () => {
  it('read one journal: each request of a key, whichever instance answered it, numbered in order', async () => {
    const [a, b] = [await start(1), await start(1)];
    for (let page = 1; page <= 4; page++) await list(page % 2 ? a : b, KEY, page);
    for (const mock of [a, b]) {
      const { entries } = await read(mock, KEY);
      expect(entries.map((e: { seq: number; fields: any }) => [e.seq, e.fields.filters.page_number])).toEqual([
        [1, '1'],
        [2, '2'],
        [3, '3'],
        [4, '4'],
      ]);
    }
    expect((await read(a, 'someone-else')).entries).toEqual([]);
    // Verified through either, cleared through either.
    expect(await b.journal.verify({ apikey: KEY, operation: 'listServers', times: 4 })).toBe(4);
    expect((await fetch(`${a.url}/__mock/journal?apikey=${KEY}`, { method: 'DELETE' })).status).toBe(204);
    expect((await read(b, KEY)).entries).toEqual([]);
    await list(b, KEY, 5);
    expect((await read(a, KEY)).entries.map((e: { seq: number }) => e.seq)).toEqual([5]);
  });

  it('bounded per key and in all, the oldest dropped first, whichever instance appended', async () => {
    const options = { journalMaxPerKey: 3, journalMax: 5 };
    const [a, b] = [await start(2, options), await start(2, options)];
    for (let page = 1; page <= 4; page++) await list(page % 2 ? a : b, 'key-a', page);
    let page = await read(b, 'key-a');
    expect([page.entries.map((e: { seq: number }) => e.seq), page.dropped]).toEqual([[2, 3, 4], 1]);
    for (let n = 1; n <= 3; n++) await list(n % 2 ? b : a, 'key-b', n);
    page = await read(a, 'key-a');
    expect([page.entries.map((e: { seq: number }) => e.seq), page.dropped]).toEqual([[3, 4], 2]);
    const all = await a.journal.entries();
    expect([all.entries.length, all.dropped]).toEqual([5, 2]);
  });

  it('Redis holds no key: neither in its names nor in what it stores', async () => {
    const mock = await start(3);
    await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `apikey=${KEY}&client_id=293&label=${KEY}&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20x`,
    });
    const client = createClient({ url: redis.url(3) });
    await client.connect();
    const names = await client.keys('*');
    expect(names.some((name) => name.startsWith('hostapi:journal:'))).toBe(true);
    let everything = names.join('\n');
    for (const name of names.filter((n) => n.startsWith('hostapi:journal:') && !n.endsWith(':meta'))) {
      const type = await client.type(name);
      if (type === 'stream') everything += JSON.stringify(await client.xRange(name, '-', '+'));
      if (type === 'zset') everything += JSON.stringify(await client.zRange(name, 0, -1));
    }
    await client.close();
    expect(everything).toContain('[redacted]');
    expect(everything).not.toContain(KEY);
  });
});
