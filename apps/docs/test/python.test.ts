// The Python samples run: each one, exactly as the built page shows it, written to a file and run
// by `python3 <file>` with BASE_URL and HOSTAPI_KEY in the environment (as the sample reads them),
// against the mock behind a recorder of what reaches it. Each prints the operation's success
// example; the mock's journal has the call (the operation, no departure from the description, the
// example's fields); and the request is on the wire as @hostapi/client sends the same input: the
// key first, bracketed names, indexed slots, the fields in the documented order.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createHostApiClient } from '@hostapi/client';
import { startMock, type RunningMock } from '@hostapi/mock';
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput, leavesOf, requestFields, type Slot } from '@hostapi/spec/fields';
import { INDEX_PATTERN, KEY_PATTERN, namePattern, type Pair, parseUrlEncoded, topName } from '@hostapi/spec/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOperation, KEY_VARIABLE } from '../build/samples.ts';
import { readSiteDescription } from '../build/site.ts';
import { type DocsOperation, operations, spec } from './support/site.js';

const run = promisify(execFile);
const shown = readSiteDescription();
const pythonOf = (op: DocsOperation): string =>
  shown.paths[op.path][op.method]['x-codeSamples'].find((sample: { lang: string }) => sample.lang === 'python').source;

/** A request as it reached the mock: its method, path, media type and fields in their order, decoded. */
interface Seen {
  method: string;
  path: string;
  type: string | undefined;
  pairs: Pair[];
}

/** A server in front of the mock that records each request, by the key it carries, and passes it on. */
async function recorder(target: string) {
  const seen = new Map<string, Seen>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url!, 'http://host');
      const text = request.method === 'GET' ? url.search.slice(1) : body.toString('utf8');
      const pairs = parseUrlEncoded(text);
      const key = pairs.find(([name]) => name === 'apikey')?.[1] ?? '';
      seen.set(key, { method: request.method!, path: url.pathname, type: request.headers['content-type'], pairs });
      const answer = await fetch(`${target}${request.url}`, {
        method: request.method!,
        headers: request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {},
        ...(request.method === 'GET' ? {} : { body }),
      });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let mock: RunningMock;
let wire: Awaited<ReturnType<typeof recorder>>;
let folder: string;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  wire = await recorder(mock.url);
  folder = mkdtempSync(join(tmpdir(), 'hostapi-python-'));
}, 60_000);

afterAll(async () => {
  await wire?.close();
  await mock?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** The patterns a field's names may take: its leaves, a list's index as digits, a map's key as any name. */
const namesOf = (op: DocsOperation) =>
  requestFields(spec, op).flatMap((field) =>
    leavesOf(field).map(
      (leaf) =>
        new RegExp(
          namePattern(
            leaf.segments.map((s: string | Slot) =>
              typeof s === 'string' ? s : { pattern: s.slot === 'index' ? INDEX_PATTERN : KEY_PATTERN },
            ),
          ),
        ),
    ),
  );

/** The operation's method on a client: `servers.list` → `api.servers.list`. */
const callOf = (api: object, op: DocsOperation) =>
  clientOperation(op.id)
    .call.split('.')
    .reduce((object: any, name) => object[name], api) as (input: object) => Promise<unknown>;

describe('every Python sample, as pasted, run by python3 against the mock', () => {
  it.concurrent.each(operations.map((op) => [op.id, op] as const))('%s', async (id, op) => {
    const key = `python-sample-${id}`;
    const file = join(folder, `${id}.py`);
    writeFileSync(file, pythonOf(op));
    const { stdout } = await run('python3', [file], {
      env: { PATH: process.env.PATH, BASE_URL: wire.url, [KEY_VARIABLE]: key },
    });
    expect(JSON.parse(stdout)).toEqual(responseExamples(spec, op.op, '200').success);

    // The mock's journal: the call, as the description has it, with the example's fields.
    const journal = await fetch(`${mock.url}/__mock/journal?apikey=${encodeURIComponent(key)}`);
    const { entries } = (await journal.json()) as { entries: Record<string, unknown>[] };
    expect(entries.map((e) => [e.operation, e.status, e.example, e.departures])).toEqual([[id, 200, 'success', []]]);
    expect(JSON.stringify(entries[0]!.fields)).not.toContain(key);

    // On the wire: the key first, every name one of the operation's (bracketed, indexed), the
    // fields in the description's order, and exactly what the client sends for the same input.
    const sent = wire.seen.get(key)!;
    expect([sent.method, sent.path]).toEqual([op.method.toUpperCase(), op.path]);
    if (op.method === 'post') expect(sent.type).toBe('application/x-www-form-urlencoded');
    expect(sent.pairs[0]).toEqual(['apikey', key]);
    const patterns = namesOf(op);
    for (const [name] of sent.pairs.slice(1))
      expect(
        patterns.some((pattern) => pattern.test(name)),
        name,
      ).toBe(true);
    const order = requestFields(spec, op).map((field) => field.name);
    const tops = sent.pairs.slice(1).map(([name]) => order.indexOf(topName(name)));
    expect(tops).toEqual([...tops].sort((a, b) => a - b));

    const clientKey = `client-sample-${id}`;
    const api = createHostApiClient({ apiKey: clientKey, baseUrl: wire.url, retries: 0 });
    await callOf(api, op)(exampleInput(spec, op.op, op.method));
    const byClient = wire.seen.get(clientKey)!;
    expect(sent.pairs.slice(1)).toEqual(byClient.pairs.slice(1));
    expect(byClient.pairs[0]).toEqual(['apikey', clientKey]);
  });

  it('sends indexed slots and bracketed names where the example has them', () => {
    const names = [...wire.seen.entries()]
      .filter(([key]) => key.startsWith('python-sample-'))
      .flatMap(([, seen]) => seen.pairs.map(([name]) => name));
    expect(names.some((name) => /\[\d+\]/.test(name))).toBe(true);
    expect(names.some((name) => /^\w+\[[A-Za-z_]+\]/.test(name))).toBe(true);
  });
});
