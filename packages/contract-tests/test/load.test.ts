// The reliability suite, load: a bounded run against the mock on loopback (10,000 requests, 20
// at a time, a mix of valid and invalid ones). No connection errors, no 5xx, and memory that
// stops growing. The figures are printed.
import { Agent, request } from 'node:http';
import { expect, inject, it } from 'vitest';

const TOTAL = 10_000;
const CONCURRENCY = 20;

/** Valid calls (GET and POST) and invalid ones (422, 401, 404), with the status each must get. */
const MIX: { method: string; path: string; body?: string; status: number }[] = [
  { method: 'GET', path: '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state]=On', status: 200 },
  { method: 'GET', path: '/1.5/dns/list_ips.json?apikey=k&client_id=293', status: 200 },
  {
    method: 'POST',
    path: '/1.2/srs/update_contact.json',
    body: 'apikey=k&client_id=293&contact_id=3310&params[Phone][Country]=64',
    status: 200,
  },
  { method: 'GET', path: '/1.3/server/list_servers.json?apikey=k&client_id=abc', status: 422 },
  { method: 'POST', path: '/1.0/srs/cancel_domain.json', body: 'client_id=293&domain=x.nz', status: 422 },
  { method: 'GET', path: '/1.3/server/list_servers.json?client_id=293', status: 401 },
  { method: 'GET', path: '/1.9/server/list_servers.json?apikey=k', status: 404 },
];

it(`${TOTAL} mixed requests, ${CONCURRENCY} at a time`, async () => {
  const base = new URL(inject('mockUrl'));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses = new Map<number, number>();
  let connectionErrors = 0;
  let wrongStatus = 0;
  const latencies: number[] = [];
  const heap: number[] = [];

  const send = (i: number) =>
    new Promise<void>((resolve) => {
      const call = MIX[i % MIX.length]!;
      const started = performance.now();
      const req = request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: call.method,
          path: call.path,
          headers: call.body
            ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(call.body) }
            : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
            if (res.statusCode !== call.status) wrongStatus++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        connectionErrors++;
        resolve();
      });
      req.end(call.body);
    });

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        await send(i);
        if (i % 2000 === 1999) heap.push(process.memoryUsage().heapUsed);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  console.log(
    [
      `load: ${TOTAL} requests, ${CONCURRENCY} at a time, in ${seconds.toFixed(1)} s ` +
        `(${Math.round(TOTAL / seconds)} req/s)`,
      `  statuses: ${[...statuses]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}; connection errors: ${connectionErrors}`,
      `  latency ms: p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)}`,
      `  heap after each 2,000 (MB, mock and test in one process): ${heap.map(mb).join(', ')}`,
    ].join('\n'),
  );

  expect(connectionErrors).toBe(0);
  expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([]);
  expect(wrongStatus).toBe(0);
  expect(latencies).toHaveLength(TOTAL);
  // Memory that keeps growing would grow through the second half; allow GC noise.
  const secondHalf = heap.slice(2);
  expect(Math.max(...secondHalf) - Math.min(...secondHalf)).toBeLessThan(32e6);
}, 300_000);
