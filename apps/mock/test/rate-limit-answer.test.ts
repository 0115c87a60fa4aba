// The service's rate-limit answer, as the mock gives it: HTTP 500 with the description's
// `rateLimited` example and no `Retry-After`, which nothing recorded of the live service sends
// (its failure shapes: /work/helpers/real-api.md, the description's RateLimited response), whether
// asked for (`Prefer`) or earned (the sandbox's --rate-limit). A client that honours the header
// must not be told to wait by a mock that made the wait up.
import { responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock } from '../src/index.ts';
import type { RunningMock } from '../src/node/serve.ts';
import { operation, spec } from './helpers.ts';

const servers = operation('listServers');
const url = (mock: RunningMock) => `${mock.url}${servers.path}?apikey=k&client_id=293`;
const examples = responseExamples(spec, servers.op, '500');

let examplesMock: RunningMock;
let sandbox: RunningMock;
beforeAll(async () => {
  [examplesMock, sandbox] = await Promise.all([startMock({}), startMock({ sandbox: true })]);
});
afterAll(() => Promise.all([examplesMock?.close(), sandbox?.close()]));

it('the description documents no Retry-After on the rate-limit answer', () => {
  const response = spec.components.responses.RateLimited;
  expect(Object.keys(response.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('retry-after');
});

it.each(Object.keys(examples))('Prefer: code=500, example=%s: HTTP 500, its body, no Retry-After', async (name) => {
  const response = await fetch(url(examplesMock), { headers: { prefer: `code=500, example=${name}` } });
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual(examples[name]);
  expect(response.headers.get('retry-after')).toBeNull();
});

it("the sandbox's own rate limit: HTTP 500, the rateLimited example, no Retry-After", async () => {
  // rate-limit=0: every request is over the limit, whatever the time.
  const refused = await fetch(url(sandbox), { headers: { prefer: 'rate-limit=0' } });
  expect(refused.status).toBe(500);
  expect(await refused.json()).toEqual(examples.rateLimited);
  expect(refused.headers.get('retry-after')).toBeNull();
});
