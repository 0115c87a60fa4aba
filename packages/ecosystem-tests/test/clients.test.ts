// Clients another team generates from the portable description, with @hey-api/openapi-ts, orval
// and openapi-typescript + openapi-fetch (generated and compiled strict by the global setup):
// every operation's example call, sent through each, reaches the strict mock as exactly the
// fields the example names, in order, and is answered with the operation's success example. The
// same fields are what @hostapi/client (the reference wire form) sends for the canonical
// description's example. hey-api and openapi-fetch ignore a form's `encoding` (openapi-fetch
// writes a body as `new URLSearchParams(body)`): the portable form needs none.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OPERATIONS } from '@hostapi/client';
import { toPairs } from '@hostapi/spec/wire';
import { operationsOf, readBundle } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_KEY, type ExampleCall, exampleCalls, widerCalls } from './support/calls.js';
import { fieldsOf, startRecorder, type Recorder } from './support/recorder.js';
import { GENERATED } from './support/paths.js';

type Call = () => Promise<unknown>;
let recorder: Recorder;
const clients: Record<string, Record<string, Call>> = {};

beforeAll(async () => {
  recorder = await startRecorder(inject('mocks').examples);
  const heyApi = await import(pathToFileURL(join(GENERATED, 'hey-api', 'calls.ts')).href);
  clients['hey-api'] = heyApi.calls(recorder.url);
  // orval reads its base URL when a call is made (baseUrl.runtime in the global setup).
  process.env.HOSTAPI_ECOSYSTEM_URL = recorder.url;
  clients.orval = (await import(pathToFileURL(join(GENERATED, 'orval', 'calls.ts')).href)).calls;
  const openapiFetch = await import(pathToFileURL(join(GENERATED, 'openapi-fetch', 'calls.ts')).href);
  clients['openapi-fetch'] = openapiFetch.calls(recorder.url);
});
afterAll(() => recorder?.close());

describe('the example calls, read from the portable description', () => {
  it('are one per operation, and put on the wire what @hostapi/client sends for the canonical examples', () => {
    const canonical = readBundle();
    expect(exampleCalls.map((c) => c.id).sort()).toEqual(
      operationsOf(canonical)
        .map(({ op }) => op.operationId)
        .sort(),
    );
    for (const { path, method, op } of operationsOf(canonical)) {
      if (method !== 'post') continue;
      const call = exampleCalls.find((c) => c.id === op.operationId)!;
      const entry = OPERATIONS[op.operationId as keyof typeof OPERATIONS];
      const reference = toPairs(
        { apikey: API_KEY, ...exampleInput(canonical, op, method) },
        'form' in entry ? entry.form : undefined,
      );
      expect(call.pairs, `${method} ${path}`).toEqual(reference);
    }
  });
});

/** Sends a call through a tool's client and returns what reached the mock, with the answer. */
async function send(tool: string, key: string, call: ExampleCall) {
  const before = recorder.exchanges.length;
  await clients[tool]![key]!();
  const sent = recorder.exchanges.slice(before);
  expect(sent.map((e) => `${e.method} ${e.url.split('?')[0]}`)).toEqual([`${call.method} ${call.path}`]);
  const [exchange] = sent;
  if (call.method === 'POST') expect(exchange!.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
  return { fields: await fieldsOf(exchange!), status: exchange!.status, answer: JSON.parse(exchange!.answer) };
}

describe.each(['hey-api', 'orval', 'openapi-fetch'])('%s', (tool) => {
  it.each(exampleCalls.map((c) => [c.id, c] as const))(
    '%s: the example call is accepted by the strict mock, as sent',
    async (id, call) => {
      expect(await send(tool, id, call)).toEqual({ fields: call.pairs, status: 200, answer: call.success });
    },
  );

  it.each(Object.entries(widerCalls))('%s: goes out field for field and is accepted', async (key, call) => {
    const { fields, status } = await send(tool, key, call);
    if (tool === 'openapi-fetch' && key === 'twoServices') {
      // openapi-fetch's default serializer is `new URLSearchParams(body)`, which joins an array
      // with commas where OpenAPI's default form style repeats the name: one service named
      // "shop-staging,shop-staging-worker". Two or more items need FormData or a bodySerializer.
      const services = call.pairs.filter(([name]) => name === 'params[the service][]').map(([, v]) => v);
      expect(fields.filter(([name]) => name === 'params[the service][]')).toEqual([
        ['params[the service][]', services.join(',')],
      ]);
      return;
    }
    expect({ fields, status }).toEqual({ fields: call.pairs, status: 200 });
  });
});
