// One table of wire cases (wire-matrix.ts) drives three checks: the exact bytes the client
// sends (URL-encoded and multipart), the mock's acceptance of exactly those bytes, and the curl
// samples the docs show for the example calls.
import { createHostApiClient, OPERATIONS } from '@hostapi/client';
import { readSiteDescription } from '@hostapi/docs/build/site.ts';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { KEY, WIRE_MATRIX } from './wire-matrix.js';

const spec = readBundle();
const byId = new Map(operationsOf(spec).map((o) => [o.op.operationId as string, o]));
const methodOf = new Map(
  Object.entries(OPERATIONS).map(([id, { call }]) => [id, call.split('.') as [string, string]] as const),
);

/** A local server that records the raw request and answers an empty success envelope. */
const captured: { url: string; type: string; body: Buffer }[] = [];
const capture = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    captured.push({ url: req.url!, type: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"return":{},"msg":"ok","status":true}');
  });
});
let captureUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => capture.close(() => resolve())));

const inputOf = (row: (typeof WIRE_MATRIX)[number]) => {
  const { method, op } = byId.get(row.operationId)!;
  return row.input ?? exampleInput(spec, op, method);
};
async function callClient(row: (typeof WIRE_MATRIX)[number], multipart: boolean) {
  const api = createHostApiClient({ apiKey: KEY, baseUrl: captureUrl, retries: 0, multipart });
  const [group, name] = methodOf.get(row.operationId)!;
  await (api as any)[group][name](inputOf(row));
  return captured.at(-1)!;
}
const decode = (text: string) => text.split('&').map((pair) => pair.split('=').map(decodeURIComponent));

describe('every operation is in the matrix', () => {
  it('with its example call', () => {
    const exampleRows = WIRE_MATRIX.filter((row) => !row.input).map((row) => row.operationId);
    expect(exampleRows.sort()).toEqual([...byId.keys()].sort());
  });
});

describe.each(WIRE_MATRIX.map((row) => [`${row.operationId}: ${row.what}`, row] as const))('%s', (_label, row) => {
  const { method, path, op } = byId.get(row.operationId)!;

  it('the client sends exactly these bytes (and the same fields as multipart)', async () => {
    const sent = await callClient(row, false);
    if (method === 'get') {
      expect(sent.url).toBe(row.wire);
    } else {
      expect(sent.url).toBe(path);
      expect(sent.body.toString('utf8')).toBe(row.wire);
      const multipart = await callClient(row, true);
      const form = await new Response(new Uint8Array(multipart.body), {
        headers: { 'content-type': multipart.type },
      }).formData();
      expect([...form.entries()].map(([k, v]) => [k, String(v)])).toEqual(decode(row.wire));
    }
  });

  it('the mock accepts exactly these bytes and answers the success example', async () => {
    const mock = inject('mockUrl');
    const response =
      method === 'get'
        ? await fetch(`${mock}${row.wire}`)
        : await fetch(`${mock}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: row.wire,
          });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(responseExamples(spec, op, '200').success);
  });

  if (!row.input) {
    it('the docs show exactly these bytes in the curl sample, one field a line, the base URL from $BASE_URL', () => {
      const shown = readSiteDescription().paths[path][method]['x-codeSamples'].find(
        (sample: { lang: string }) => sample.lang === 'curl',
      ).source;
      const [address, query] = method === 'get' ? (row.wire.split('?') as [string, string]) : [path, row.wire];
      const expected = [
        `BASE_URL="\${BASE_URL:-${spec.servers[0].url}}"`,
        [
          `curl${method === 'get' ? ' -G' : ''} "$BASE_URL${address}"`,
          ...query.split('&').map((pair) => `  -d '${pair}'`),
        ].join(' \\\n'),
      ].join('\n');
      expect(shown).toBe(expected);
    });
  }
});

it('OPERATIONS of the client and the description agree on every path', () => {
  for (const [id, { path, method }] of byId)
    expect(OPERATIONS[id as keyof typeof OPERATIONS]).toMatchObject({ path, method: method.toUpperCase() });
});
