// Network faults: each one a request asks for (`Prefer: fault=<name>`) as a client sees it, on the
// mock server (over a socket) and through the MSW handlers (as near as a Response comes), each
// kept in the journal; and faults at a rate across a run, the same requests faulted alike for the
// same seed. Waits on conditions (the client's own abort), never on time.
import { connect } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_NAMES } from '../src/engine/faults.ts';
import { type MockOptions, type RunningMock, startMock } from '../src/index.ts';
import { createHandlers } from '../src/msw.ts';
import { mockStarter, spec } from './helpers.ts';

const start = mockStarter();

const PATH = '/1.3/server/list_servers.json?apikey=fault-key&client_id=293';

/** What a client sees of one request: the status and head, then the body or how reading it ended. */
async function seen(url: string, prefer: string, ms = 10_000) {
  const controller = new AbortController();
  try {
    const response = await fetch(url, { headers: { prefer }, signal: controller.signal });
    const head = { status: response.status, length: response.headers.get('content-length') };
    // The body, a piece at a time: the client gives up (aborts) once it has seen one piece, or at `ms`.
    const reader = response.body!.getReader();
    const pieces: Uint8Array[] = [];
    const giveUp = setTimeout(() => controller.abort(), ms);
    try {
      for (let piece = await reader.read(); !piece.done; piece = await reader.read()) pieces.push(piece.value);
      return { ...head, body: Buffer.concat(pieces).toString(), pieces: pieces.length };
    } catch (error) {
      return { ...head, failed: described(error), received: Buffer.concat(pieces).length };
    } finally {
      clearTimeout(giveUp);
    }
  } catch (error) {
    return { failed: described(error) };
  }
}
const described = (error: unknown) => {
  const { name, message, cause } = error as Error & { cause?: { code?: string } };
  return `${name}: ${message}${cause?.code ? ` (${cause.code})` : ''}`;
};

let mock: RunningMock;
beforeAll(async () => {
  mock = await start();
});

describe('Prefer: fault=<name> on the server', () => {
  it('reset: the connection reset before any answer', async () => {
    expect(await seen(mock.url + PATH, 'fault=reset')).toEqual({ failed: 'TypeError: fetch failed (ECONNRESET)' });
  });

  it('reset-mid-body: the head, part of the body, then a reset', async () => {
    const result = await seen(mock.url + PATH, 'fault=reset-mid-body');
    expect(result).toMatchObject({ status: 200, failed: expect.stringMatching(/^TypeError: terminated/) });
    expect(Number((result as { length: string }).length)).toBeGreaterThan(0);
  });

  it('short-body: Content-Length larger than the body sent before the connection closes', async () => {
    // Read raw, as HTTP/1.1 sends it: a client library would refuse what follows.
    const url = new URL(mock.url);
    const socket = connect(Number(url.port), url.hostname);
    socket.write(`GET ${PATH} HTTP/1.1\r\nhost: ${url.host}\r\nprefer: fault=short-body\r\n\r\n`);
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk));
    await new Promise((resolve) => socket.on('close', resolve));
    const [head, body] = raw.split('\r\n\r\n') as [string, string];
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(Buffer.byteLength(body)).toBe(Math.floor(length / 2));
  });

  it('hang: no answer until the client gives up', async () => {
    const controller = new AbortController();
    const answer = fetch(mock.url + PATH, { headers: { prefer: 'fault=hang' }, signal: controller.signal });
    // Kept in the journal when the mock has answered (to no one): then the client gives up.
    await expect
      .poll(async () => (await mock.journal.entries({ apikey: 'fault-key' })).entries.at(-1)?.fault)
      .toBe('hang');
    controller.abort();
    await expect(answer).rejects.toThrow('aborted');
  });

  it('slow-body: the body a piece at a time, over the duration asked (or until the client gives up)', async () => {
    const whole = await seen(mock.url + PATH, 'fault=slow-body, duration=200');
    expect(whole).toMatchObject({ status: 200, pieces: expect.any(Number) });
    expect((whole as { pieces: number }).pieces).toBeGreaterThan(1);
    expect(JSON.parse((whole as { body: string }).body).status).toBe(true);
    const cut = await seen(mock.url + PATH, 'fault=slow-body', 0);
    expect(cut).toMatchObject({ status: 200, failed: expect.stringMatching(/AbortError/) });
  });

  it('html-502 and html-200: a front proxy’s and a captive portal’s HTML pages', async () => {
    const bad = await seen(mock.url + PATH, 'fault=html-502');
    expect(bad).toMatchObject({ status: 502, body: expect.stringContaining('<h1>502 Bad Gateway</h1>') });
    const portal = await seen(mock.url + PATH, 'fault=html-200');
    expect(portal).toMatchObject({ status: 200, body: expect.stringContaining('<html>') });
  });

  it('each kept in the journal, with the status the client saw', async () => {
    const own = await start();
    for (const name of FAULT_NAMES.filter((name) => name !== 'hang'))
      await seen(`${own.url}${PATH}`, `fault=${name}, duration=10`);
    const { entries } = await own.journal.entries({ apikey: 'fault-key' });
    expect(entries.map(({ fault, status }) => [fault, status])).toEqual([
      ['reset', null],
      ['reset-mid-body', 200],
      ['short-body', 200],
      ['slow-body', 200],
      ['html-502', 502],
      ['html-200', 200],
    ]);
  });

  it('a fault it does not have, or a duration it cannot take: a 422 naming them', async () => {
    for (const [prefer, detail] of [
      ['fault=drop', 'Prefer: fault=drop: the faults are reset, reset-mid-body, hang'],
      ['fault=slow-body, duration=soon', 'Prefer: duration must be a whole number of ms up to 600000, got "soon"'],
    ]) {
      const answer = await fetch(mock.url + PATH, { headers: { prefer: prefer! } });
      expect(answer.status).toBe(422);
      expect((await answer.json()).detail).toContain(detail);
    }
  });
});

describe('--fault-rate: faults across a run', () => {
  /** Which of a key's first `n` requests met which fault (`others`: with another key's request between each). */
  async function run(options: MockOptions, key: string, others = false, n = 40) {
    const own = await start(options);
    const faults: (string | null)[] = [];
    for (let i = 0; i < n; i++) {
      if (others) await seen(`${own.url}/1.3/server/list_servers.json?apikey=another-key&client_id=293`, '');
      await seen(`${own.url}/1.3/server/list_servers.json?apikey=${key}&client_id=293`, '');
      faults.push((await own.journal.entries({ apikey: key })).entries.at(-1)?.fault ?? null);
    }
    return faults;
  }

  it('about the share asked, of the faults named, alike for a seed and key, whatever other keys do', async () => {
    const options = { faultRate: 0.5, faultSeed: 7, faults: ['reset', 'html-502'] } as const;
    const first = await run(options, 'chaos-a');
    const faulted = first.filter(Boolean);
    expect(faulted.length).toBeGreaterThan(8);
    expect(faulted.length).toBeLessThan(32);
    expect(new Set(faulted)).toEqual(new Set(['reset', 'html-502']));
    expect(await run(options, 'chaos-a', true)).toEqual(first);
    expect(await run({ ...options, faultSeed: 8 }, 'chaos-a')).not.toEqual(first);
  });

  it('Prefer: fault=none spares a request; a reset of the key starts its count again', async () => {
    const own = await start({ faultRate: 1, faults: ['reset'] });
    const call = (prefer = '') => seen(`${own.url}${PATH}`, prefer);
    expect(await call('fault=none')).toMatchObject({ status: 200 });
    expect(await call()).toHaveProperty('failed');
    expect((await fetch(`${own.url}/__mock/reset?apikey=fault-key`, { method: 'POST' })).status).toBe(204);
  });

  it('refuses a rate outside 0 to 1, and faults it does not have', async () => {
    expect(() => startMock({ faultRate: 2 })).toThrow('faultRate must be a number from 0 to 1, got 2');
    expect(() => startMock({ faultRate: 0.1, faults: ['drop' as 'reset'] })).toThrow(
      'faults must be some of reset, reset-mid-body, hang, short-body, slow-body, html-502, html-200',
    );
    expect(() => startMock({ faultSeed: 2 })).toThrow('faultSeed goes with faultRate');
  });
});

describe('in the MSW handlers: as near as fetch can see it', () => {
  const { handlers, journal } = createHandlers();
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  const BASE = spec.servers[0].url as string;

  it('a reset, mid-body or before, or a body cut short: fetch fails (a TypeError)', async () => {
    for (const name of ['reset', 'reset-mid-body', 'short-body'])
      expect(await seen(BASE + PATH, `fault=${name}`), name).toMatchObject({
        failed: expect.stringMatching(/^TypeError/),
      });
  });

  it('a hang: nothing until the client gives up; a slow body: a piece at a time; the pages as they are', async () => {
    const controller = new AbortController();
    const answer = fetch(BASE + PATH, { headers: { prefer: 'fault=hang' }, signal: controller.signal });
    await expect.poll(async () => (await journal.entries({ apikey: 'fault-key' })).entries.at(-1)?.fault).toBe('hang');
    controller.abort();
    await expect(answer).rejects.toThrow('aborted');
    expect(await seen(BASE + PATH, 'fault=slow-body, duration=100')).toMatchObject({ status: 200, pieces: 20 });
    expect(await seen(BASE + PATH, 'fault=html-502')).toMatchObject({ status: 502 });
    const faults = (await journal.entries({ apikey: 'fault-key' })).entries.map((entry) => entry.fault);
    expect(faults).toEqual(['reset', 'reset-mid-body', 'short-body', 'hang', 'slow-body', 'html-502']);
  });
});
