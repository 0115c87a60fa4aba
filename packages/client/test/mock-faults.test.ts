// The client against the mock's network faults (`Prefer: fault=<name>`, apps/mock/docs/journal.md):
// each fault ends in the client's typed error, a GET is retried and a POST is not, and the
// mock's journal says how many attempts reached it and which fault each met.
import { startMock, type RunningMock } from '@hostapi/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostApiClient, HostApiError, InvalidResponseError, NetworkError, TimeoutError } from '../src/index.js';

const KEY = 'sk_live_mock_fault_4e2a9c';
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.close());

const RETRIES = { max: 2, baseDelayMs: 1, maxDelayMs: 10 };
const client = (timeoutMs?: number) =>
  createHostApiClient({ apiKey: KEY, baseUrl: mock.url, retries: RETRIES, ...(timeoutMs ? { timeoutMs } : {}) });
const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s me@laptop';

/** What a GET and a POST meet under the fault: the error each ends in, and the faults the journal saw. */
async function underFault(fault: string, timeoutMs?: number) {
  await mock.journal.clear(KEY);
  const headers = { Prefer: fault.startsWith('slow-body') ? `fault=${fault}, duration=60000` : `fault=${fault}` };
  const api = client(timeoutMs);
  const get = await api.servers.list({ client_id: 293 }, { headers }).then(
    () => undefined,
    (error) => error,
  );
  const gets = (await mock.journal.entries({ apikey: KEY, operation: 'listServers' })).entries;
  const post = await api.sshKeys.add({ client_id: 293, label: 'laptop', content: CONTENT }, { headers }).then(
    () => undefined,
    (error) => error,
  );
  const posts = (await mock.journal.entries({ apikey: KEY, operation: 'addSshKey' })).entries;
  for (const error of [get, post]) {
    expect(error).toBeInstanceOf(HostApiError);
    expect(String(error.stack)).not.toContain(KEY);
  }
  return { get, post, gets: gets.map((e) => e.fault), posts: posts.map((e) => e.fault) };
}

describe('the client against each fault of the mock', () => {
  it.each([
    ['reset', NetworkError],
    ['reset-mid-body', NetworkError],
    ['short-body', NetworkError],
  ])('%s: a NetworkError; the GET tried 3 times, the POST once', async (fault, type) => {
    const { get, post, gets, posts } = await underFault(fault);
    expect(get).toBeInstanceOf(type);
    expect(post).toBeInstanceOf(type);
    expect(gets).toEqual([fault, fault, fault]);
    expect(posts).toEqual([fault]);
  });

  it("html-502 (a front proxy's page): the GET retried, then both end in a typed error", async () => {
    const { get, post, gets, posts } = await underFault('html-502');
    expect(gets).toEqual(['html-502', 'html-502', 'html-502']);
    expect(posts).toEqual(['html-502']);
    for (const error of [get, post]) expect(error.status).toBe(502);
  });

  it('html-200 (a page with 200): an InvalidResponseError, not retried', async () => {
    const { get, post, gets, posts } = await underFault('html-200');
    expect(get).toBeInstanceOf(InvalidResponseError);
    expect(post).toBeInstanceOf(InvalidResponseError);
    expect([gets.length, posts.length]).toEqual([1, 1]);
  });

  it.each(['hang', 'slow-body'])(
    "%s: the client's timeout gives up (a TimeoutError); the GET retried",
    async (fault) => {
      const { get, post, gets, posts } = await underFault(fault, 300);
      expect(get).toBeInstanceOf(TimeoutError);
      expect(post).toBeInstanceOf(TimeoutError);
      expect(gets).toEqual([fault, fault, fault]);
      expect(posts).toEqual([fault]);
    },
  );
});
