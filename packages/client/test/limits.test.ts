// Issue 30, item 7: an answer longer than `maxResponseBytes` is a ResponseTooLargeError, the
// transfer is stopped there (its connection closed) and no more of it is read, whether the server
// declares its length or not. (That no more than the limit is ever held, for any answer:
// hostile.test.ts.)
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostApiClient, ResponseTooLargeError } from '../src/index.js';
import { createPathClient } from '../src/paths.js';
import { startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_limits_4b5c';
const MiB = 1024 * 1024;

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(() => server.close());

/** What the server sent of its last answer, and when its connection closed. */
let sent: { bytes: number; closed: Promise<void> };

/**
 * A 200 of `total` bytes of JSON text (for ever when Infinity), written as fast as the client
 * takes it ('drain'), with its length declared or not.
 */
const long =
  (total: number, declared: boolean): Handler =>
  (_req, res: ServerResponse) => {
    sent = { bytes: 0, closed: new Promise((resolve) => res.socket!.once('close', () => resolve())) };
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declared && Number.isFinite(total) ? { 'content-length': String(total) } : {}),
    });
    const write = () => {
      while (sent.bytes < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent.bytes));
        sent.bytes += piece.length;
        if (!res.write(piece)) return void res.once('drain', write);
      }
      res.end();
    };
    res.on('error', () => {});
    write();
  };

const api = (maxResponseBytes?: number) =>
  createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: 2, ...(maxResponseBytes && { maxResponseBytes }) });

describe.each([
  ['declared', true],
  ['not declared (chunked)', false],
])('an endless answer, its length %s', (_name, declared) => {
  it('is a ResponseTooLargeError once maxResponseBytes is passed; the connection is closed, not retried', async () => {
    server.answer(long(Number.POSITIVE_INFINITY, declared));
    const error = await api(MiB)
      .servers.list({ client_id: 293 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      kind: 'response-too-large',
      operation: 'listServers',
      status: 200,
      maxResponseBytes: MiB,
      message: `listServers: longer than maxResponseBytes (${MiB})`,
    });
    await sent.closed;
    // What was written beyond the limit is what the sockets' buffers held, and no more is.
    const written = sent.bytes;
    expect(written).toBeLessThan(MiB + 8 * MiB);
    expect(server.requests).toHaveLength(1);
  });
});

it('a declared length over the limit: the same, for a long finite answer', async () => {
  server.answer(long(64 * MiB, true));
  const error = await api(MiB)
    .servers.list({ client_id: 293 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseTooLargeError);
  await sent.closed;
  expect(sent.bytes).toBeLessThan(64 * MiB);
});

it('an answer of exactly maxResponseBytes is read; one byte more is refused', async () => {
  const body = JSON.stringify({ return: [], msg: 'Successful', status: true, pad: '' });
  const exact =
    (extra: number): Handler =>
    (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body.replace('""', `"${'x'.repeat(extra)}"`));
  server.answer(exact(100));
  await expect(api(body.length + 100).servers.list({ client_id: 293 })).resolves.toEqual([]);
  server.answer(exact(101));
  await expect(api(body.length + 100).servers.list({ client_id: 293 })).rejects.toBeInstanceOf(ResponseTooLargeError);
});

it('the default is 32 MiB', async () => {
  server.answer(long(32 * MiB + 1, false));
  const error = await api()
    .servers.list({ client_id: 293 })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'ResponseTooLargeError', maxResponseBytes: 32 * MiB });
});

it('the path client has the same limit', async () => {
  server.answer(long(Number.POSITIVE_INFINITY, false));
  const paths = createPathClient({ apiKey: KEY, baseUrl: server.url, maxResponseBytes: MiB });
  const error = await paths
    .GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({ name: 'ResponseTooLargeError', operation: 'listIps' });
});

it('is checked when the client is created', () => {
  expect(() => createHostApiClient({ apiKey: KEY, maxResponseBytes: 0 })).toThrow(
    'createHostApiClient: maxResponseBytes must be a whole number ≥ 1, got 0',
  );
});
