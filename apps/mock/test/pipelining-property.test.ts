// Pipelining bounded, under any mix of connections (fast-check, its seed printed): connections that
// pipeline any number of requests and read no answer, beside connections that pipeline and read.
// However many are sent, no connection ever has more than MAX_PIPELINED requests handed to the
// mode and unanswered; a connection past that is closed, one within it is served whole; the
// readers are served whole beside them; and the mock answers on.
import { connect, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Answer } from '../src/engine/mode.ts';
import { startMock } from '../src/index.ts';
import { MAX_PIPELINED } from '../src/node/front.ts';
import type { RunningMock } from '../src/node/serve.ts';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = 12;
const OK = { status: 200, body: { return: [], msg: 'Successful', status: true } } satisfies Answer;

let mock: RunningMock;
/** Per key (one a connection): requests handed to the mode and not yet answered, and the most ever. */
const waiting = new Map<string, number>();
const most = new Map<string, number>();
const held: (() => void)[] = [];

beforeAll(async () => {
  mock = await startMock({
    answerer: {
      answer: ({ apiKey = '', request }) => {
        if (!request.search.includes('hold')) return OK;
        const now = (waiting.get(apiKey) ?? 0) + 1;
        waiting.set(apiKey, now);
        most.set(apiKey, Math.max(now, most.get(apiKey) ?? 0));
        return new Promise<Answer>((resolve) =>
          held.push(() => {
            waiting.set(apiKey, (waiting.get(apiKey) ?? 1) - 1);
            resolve(OK);
          }),
        );
      },
    },
  });
});
afterAll(async () => {
  for (const release of held.splice(0)) release();
  await mock?.close();
});

const request = (key: string, hold: boolean) =>
  `GET /1.5/dns/list_ips.json?apikey=${key}&client_id=293${hold ? '&hold' : ''} HTTP/1.1\r\nHost: mock\r\n\r\n`;
const answers = (received: string) => received.split('HTTP/1.1 200 OK').length - 1;

/** A connection that sends `count` held requests at once and reads nothing: whether it was closed. */
function hoard(key: string, count: number) {
  const { hostname, port } = new URL(mock.url);
  return new Promise<{ closed: boolean; socket: Socket }>((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(request(key, true).repeat(count)));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ closed: true, socket }));
    // Within the bound, done when every request has reached the mode.
    const poll = setInterval(() => {
      if (socket.destroyed) return clearInterval(poll);
      if ((waiting.get(key) ?? 0) < count) return;
      clearInterval(poll);
      resolve({ closed: false, socket });
    }, 5);
  });
}

/** A connection that pipelines `rounds` of `size` requests, reading each round's answers before the next. */
async function read(key: string, rounds: number, size: number) {
  const { hostname, port } = new URL(mock.url);
  const socket = connect(Number(port), hostname);
  socket.setEncoding('latin1');
  let received = '';
  let closed = false;
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  socket.on('data', (chunk: string) => (received += chunk));
  for (let round = 1; round <= rounds && !closed; round++) {
    socket.write(request(key, false).repeat(size));
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (!closed && answers(received) < round * size) return;
        clearInterval(poll);
        resolve();
      }, 5);
    });
  }
  socket.destroy();
  return { closed, answered: answers(received) };
}

const hoarder = fc.record({
  kind: fc.constant('hoard' as const),
  count: fc.oneof(
    fc.integer({ min: 0, max: 3 * MAX_PIPELINED }),
    fc.constantFrom(MAX_PIPELINED - 1, MAX_PIPELINED, MAX_PIPELINED + 1),
    fc.integer({ min: 1_000, max: 5_000 }),
  ),
});
const reader = fc.record({
  kind: fc.constant('read' as const),
  rounds: fc.integer({ min: 1, max: 4 }),
  size: fc.integer({ min: 1, max: MAX_PIPELINED }),
});

it(`no connection has more than ${MAX_PIPELINED} requests waiting, whatever pipelines`, async () => {
  console.info(`pipelining property: ${RUNS} runs, seed ${seed}`);
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(hoarder, reader), { minLength: 1, maxLength: 8 }), async (connections) => {
      run++;
      const keys = connections.map((_, index) => `r${run}c${index}`);
      const results = await Promise.all(
        connections.map((connection, index) =>
          connection.kind === 'hoard'
            ? hoard(keys[index] as string, connection.count)
            : read(keys[index] as string, connection.rounds, connection.size),
        ),
      );
      try {
        connections.forEach((connection, index) => {
          const key = keys[index] as string;
          const result = results[index] as { closed: boolean };
          expect(most.get(key) ?? 0).toBeLessThanOrEqual(MAX_PIPELINED);
          if (connection.kind === 'read') {
            expect(result).toEqual({ closed: false, answered: connection.rounds * connection.size });
            return;
          }
          expect(result.closed).toBe(connection.count > MAX_PIPELINED);
          if (connection.count <= MAX_PIPELINED) expect(most.get(key) ?? 0).toBe(connection.count);
        });
        // The mock answers on, on a new connection.
        expect((await fetch(`${mock.url}/1.5/dns/list_ips.json?apikey=after&client_id=293`)).status).toBe(200);
      } finally {
        for (const result of results) if ('socket' in result) result.socket.destroy();
        for (const release of held.splice(0)) release();
      }
    }),
    { numRuns: RUNS, seed },
  );
});
