// HTTP/1.1 pipelining on the node:http front: a client may send requests ahead of their answers,
// up to MAX_PIPELINED waiting on one connection; the request past that closes the connection, so
// that many pipelined requests whose answers are never read cannot grow the mock's memory (Node
// itself reads them without bound). What that saves is measured by `pnpm bench hostile`.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Answer } from '../src/engine/mode.ts';
import { startMock } from '../src/index.ts';
import { MAX_PIPELINED } from '../src/node/front.ts';
import type { RunningMock } from '../src/node/serve.ts';

const PATH = '/1.5/dns/list_ips.json?apikey=k&client_id=293';
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: mock\r\n\r\n`;

let mock: RunningMock;
let asked = 0;
/** Answered when the test says so: requests stay waiting on their connection. */
const held: ((answer: Answer) => void)[] = [];

beforeAll(async () => {
  mock = await startMock({
    answerer: {
      answer: ({ request }) => {
        asked++;
        if (!request.search.includes('hold'))
          return { status: 200, body: { return: [], msg: 'Successful', status: true } };
        return new Promise<Answer>((resolve) => held.push(resolve));
      },
    },
  });
});
afterAll(async () => {
  for (const resolve of held) resolve({ status: 200 });
  await mock?.close();
});

/** A connection to the mock that sends `text` at once, and what it received until it closed (or `until`). */
function exchange(text: string, until?: (received: string) => boolean) {
  const { hostname, port } = new URL(mock.url);
  return new Promise<{ received: string; closed: boolean; socket: Socket }>((resolve) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (until?.(received)) resolve({ received, closed: false, socket });
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ received, closed: true, socket }));
  });
}

const answers = (received: string) => received.split('HTTP/1.1 200 OK').length - 1;

it(`closes a connection with more than ${MAX_PIPELINED} requests waiting, having handed the mode no more`, async () => {
  asked = 0;
  const count = 20_000;
  // Until the connection closes, or every request has reached the mode (as without the bound).
  const every = new Promise<void>((resolve) => {
    const poll = setInterval(() => asked >= count && resolve(void clearInterval(poll)), 10);
  });
  const sent = exchange(get(`${PATH}&hold`).repeat(count));
  const { received, closed } = await Promise.race([sent, every.then(() => ({ received: '', closed: false }))]);
  expect(closed).toBe(true);
  expect(received).toBe('');
  expect(asked).toBe(MAX_PIPELINED);
  // The mock answers on, on other connections.
  const next = await fetch(`${mock.url}${PATH}`);
  expect(next.status).toBe(200);
});

it(`answers ${MAX_PIPELINED} pipelined requests, in order, on one connection`, async () => {
  const count = MAX_PIPELINED;
  const { received, socket } = await exchange(get(PATH).repeat(count), (text) => answers(text) === count);
  socket.destroy();
  expect(answers(received)).toBe(count);
});

it('counts only the requests still waiting: a client that reads its answers may pipeline any number', async () => {
  const rounds = 4;
  const { hostname, port } = new URL(mock.url);
  const socket = connect(Number(port), hostname);
  socket.setEncoding('latin1');
  let received = '';
  let closed = false;
  socket.on('close', () => (closed = true));
  for (let round = 1; round <= rounds; round++) {
    socket.write(get(PATH).repeat(MAX_PIPELINED));
    await new Promise<void>((resolve) => {
      const check = () => {
        if (answers(received) < round * MAX_PIPELINED) return;
        socket.off('data', onData);
        resolve();
      };
      const onData = (chunk: string) => {
        received += chunk;
        check();
      };
      socket.on('data', onData);
      check();
    });
  }
  expect(closed).toBe(false);
  expect(answers(received)).toBe(rounds * MAX_PIPELINED);
  socket.destroy();
});
