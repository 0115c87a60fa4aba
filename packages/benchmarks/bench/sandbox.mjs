// The sandbox (`hostapi-mock --sandbox`): its throughput against the default mode (the
// description's examples), both as testers start them, in their own processes, loaded by
// autocannon from this one (20 connections), alternating rounds, with the CPU each spends per
// request; the shared store (`--sandbox --store redis://...`, on a redis-server of its own on
// loopback) against the in-memory sandbox, on the same requests and on requests that each write,
// with the round trips to Redis each request costs; then the memory of the in-memory sandbox over
// 10,000 writes spread over 100 API keys.
// A shared machine measures the two modes loosely: the same mode against itself moves by 5–10%
// from one pair of processes to the next (what each process's JIT made of the code lasts all its
// rounds). So the rounds come from five fresh pairs of processes, each ratio is given with a 90%
// interval of its median, and its budget is met unless the whole interval misses it.
import { OPERATIONS } from '@hostapi/client';
import { startRedisServer } from '@hostapi/testing/redis-server';
import { load } from '../lib/load.mjs';
import { cpuMs, startMockProcess } from '../lib/mock-process.mjs';
import { commandCalls } from '../lib/redis-stats.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median, medianInterval } from '../lib/stats.mjs';

const PAIRS = 5;
const ROUNDS = 6;
const WRITE_ROUNDS = 3;
const WRITE_KEYS = 20;
const SECONDS = 1;
const CONNECTIONS = 20;
const MEMORY_WRITES = 10_000;
const KEYS = 100;
const MB = 1024 * 1024;

// The mock benchmark's requests: a GET with filters (read from the sandbox's state) and a POST
// form (a write there: the contact is changed and answered). The filter picks two servers, as
// many as the default mode's example holds, and about as many bytes: 1,302 and 738 bytes of
// JSON from the sandbox, 1,228 and 767 from the default mode, so that what differs is the mode,
// not how much each writes to the socket (state=Off picked two servers of 1,431 bytes).
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const REQUESTS = [
  {
    method: 'GET',
    path: `${OPERATIONS.listServers.path}?apikey=k&client_id=293&filters[state]=Other&filters[page_size]=50`,
  },
  {
    method: 'POST',
    path: OPERATIONS.updateDomainContact.path,
    headers: form,
    body:
      'apikey=k&client_id=293&contact_id=3310&params[City]=Auckland&params[Phone][Country]=64&' +
      'params[Phone][Area]=9&params[Phone][Local]=3095550',
  },
];

// Requests that each write (a backup: a new job id), to 20 keys in turn: what the shared store
// costs most, a round trip to read the key's state and one to store the write.
let backups = 0;
const WRITES = [
  {
    method: 'POST',
    path: OPERATIONS.backupStack.path,
    headers: form,
    setupRequest: (request) => ({
      ...request,
      body: `apikey=writer-${backups++ % WRITE_KEYS}&client_id=293&server=cloud01&name=shop`,
    }),
  },
];

/** The n-th write of the memory run: state that is replaced, not piled up, so memory should stay flat. */
function write(n) {
  const key = `bench-key-${n % KEYS}`;
  const round = Math.floor(n / KEYS);
  const domain = `bench-${round % 5}.co.nz`;
  const writes = [
    [
      OPERATIONS.updateDomainContact.path,
      `contact_id=3310&params[City]=City${round}&params[Phone][Local]=${3095000 + round}`,
    ],
    [OPERATIONS.upgradeServer.path, `name=web01&upgrade[cores]=${2 + (round % 30)}`],
    [OPERATIONS.createDomain.path, `domain=${domain}&term=12&registrant_contact=3310`],
    [OPERATIONS.cancelDomain.path, `domain=${domain}`],
    [OPERATIONS.backupStack.path, 'server=cloud01&name=shop'],
    [
      OPERATIONS.updateSoa.path,
      'domain=example.co.nz&ns=ns1.hostapi.example&email=hostmaster@example.co.nz&refresh=10800&retry=3600&' +
        'expire=604800&minimum=3600',
    ],
  ];
  const [path, fields] = writes[round % writes.length];
  return { path, body: `apikey=${key}&client_id=293&${fields}` };
}

/** Sends writes `from` to `to`, CONNECTIONS at a time; every one must be answered as the sandbox should. */
async function writeAll(url, from, to) {
  let next = from;
  const failures = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < to) {
        const { path, body } = write(next++);
        const response = await fetch(url + path, { method: 'POST', headers: form, body });
        const answer = await response.json();
        // A domain of the five may be taken or gone already for that key; anything else is a failure.
        if (response.status !== 200 || (answer.status !== true && !/not available|not found/.test(answer.msg)))
          failures.push(`${path}: ${response.status} ${JSON.stringify(answer)}`);
      }
    }),
  );
  if (failures.length) throw new Error(`${failures.length} writes failed, e.g. ${failures[0]}`);
}

/** Calls of the scripts the shared store runs (one round trip each). */
const scriptCalls = async (redis) => {
  const calls = await commandCalls(redis.port);
  return (calls.evalsha ?? 0) + (calls.eval ?? 0);
};

/**
 * A round of load, with the CPU the mock's process spent per request (µs); with `redis`, also
 * the round trips to it per request and the CPU redis-server spent per request.
 */
async function measured(mock, requests, redis) {
  const cpu = cpuMs(mock.pid);
  const redisCpu = redis && cpuMs(redis.pid);
  const calls = redis && (await scriptCalls(redis));
  const run = await load(mock.url, requests, { connections: CONNECTIONS, seconds: SECONDS });
  const count = run.rps * SECONDS;
  const result = { ...run, cpuUs: ((cpuMs(mock.pid) - cpu) * 1000) / count };
  if (redis)
    Object.assign(result, {
      roundTrips: ((await scriptCalls(redis)) - calls) / count,
      redisCpuUs: ((cpuMs(redis.pid) - redisCpu) * 1000) / count,
    });
  return result;
}

const ready = REQUESTS[0].path;

/**
 * ROUNDS alternating rounds on a fresh set of processes, default mode, sandbox and sandbox on
 * Redis; then WRITE_ROUNDS of requests that each write, sandbox in memory and on Redis.
 */
async function pairRuns(redis) {
  const examples = await startMockProcess([], ready);
  const sandbox = await startMockProcess(['--sandbox'], ready);
  const shared = await startMockProcess(['--sandbox', '--store', redis.url()], ready);
  // Each mock compiles its answers' validators while idle in its first two seconds: let them
  // finish before any is loaded, so that no round pays for it.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  try {
    for (const { method, path, headers, body } of REQUESTS) {
      for (const mock of [examples, sandbox, shared]) {
        const response = await fetch(mock.url + path, { method, headers, body });
        const answer = await response.json();
        if (response.status !== 200 || answer.status !== true)
          throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      }
    }
    for (const mock of [examples, sandbox, shared])
      await load(mock.url, REQUESTS, { connections: CONNECTIONS, seconds: 2 });
    const mixed = await alternate(ROUNDS, {
      examples: () => measured(examples, REQUESTS),
      sandbox: () => measured(sandbox, REQUESTS),
      redis: () => measured(shared, REQUESTS, redis),
    });
    for (const mock of [sandbox, shared]) await load(mock.url, WRITES, { connections: CONNECTIONS, seconds: 1 });
    const writing = await alternate(WRITE_ROUNDS, {
      sandboxWrites: () => measured(sandbox, WRITES),
      redisWrites: () => measured(shared, WRITES, redis),
    });
    return { ...mixed, ...writing };
  } finally {
    await Promise.all([examples.close(), sandbox.close(), shared.close()]);
  }
}

const redis = await startRedisServer();
const runs = { examples: [], sandbox: [], redis: [], sandboxWrites: [], redisWrites: [] };
try {
  for (let pair = 0; pair < PAIRS; pair++) {
    const next = await pairRuns(redis);
    for (const side of Object.keys(runs)) runs[side].push(...next[side]);
  }
} finally {
  await redis.kill();
}
const failures = Object.values(runs)
  .flat()
  .reduce((sum, run) => sum + run.errors + run.non2xx, 0);
if (failures) throw new Error(`${failures} requests failed or were refused under load`);

// Memory of a fresh sandbox, after a full garbage collection each time: warmed up by the load
// above; once each of the keys has written (its own copy of what it changed); after 10,000
// more writes.
const fresh = await startMockProcess(['--sandbox'], ready);
let memory;
try {
  await load(fresh.url, REQUESTS, { connections: CONNECTIONS, seconds: 2 });
  const before = await fresh.memory();
  await writeAll(fresh.url, 0, KEYS * 6);
  const keysWritten = await fresh.memory();
  await writeAll(fresh.url, KEYS * 6, KEYS * 6 + MEMORY_WRITES);
  memory = { before, keysWritten, after: await fresh.memory() };
} finally {
  await fresh.close();
}

const side = (name, field) => median(runs[name].map((run) => run[field]));
/** Median and 90% interval of the per-round ratios, `ours` / `limit` (sandbox / default mode). */
const ratio = (field, ours = 'sandbox', limit = 'examples') => {
  const { median: value, low, high } = medianInterval(runs[ours].map((run, i) => run[field] / runs[limit][i][field]));
  return { value, interval: { low, high } };
};
const rounds = (name) => runs[name].map((run) => Math.round(run.rps)).join(', ');
const mb = (bytes) => format(bytes / MB, 'MB');
const ok = report(
  '@hostapi/mock --sandbox',
  [
    `${CONNECTIONS} connections, ${PAIRS} pairs of processes × ${ROUNDS} alternating rounds of ${SECONDS} s ` +
      `(autocannon in this process); GET list_servers (filtered to 2 servers, as many as the example has, about ` +
      `as many bytes) and POST update_contact (a write in the sandbox), valid, in turn.`,
    `Requests/s, sandbox: ${rounds('sandbox')}; default mode: ${rounds('examples')}; sandbox on Redis: ` +
      `${rounds('redis')}.`,
    `Requests that each write (POST backup, a new job id, ${WRITE_KEYS} keys in turn), ${PAIRS} × ` +
      `${WRITE_ROUNDS} alternating rounds: requests/s in memory: ${rounds('sandboxWrites')}; on Redis: ` +
      `${rounds('redisWrites')}.`,
    `Sandbox on Redis (--store, redis-server on loopback, one connection per mock, the commands of a tick sent ` +
      `together): CPU per request ${format(side('redis', 'cpuUs'), 'µs')} in the mock and ` +
      `${format(side('redis', 'redisCpuUs'), 'µs')} in redis-server (mixed requests); ` +
      `${format(side('redisWrites', 'cpuUs'), 'µs')} and ${format(side('redisWrites', 'redisCpuUs'), 'µs')} for ` +
      `writes. Round trips counted by redis-server (INFO commandstats: script calls per request).`,
    `Memory of a fresh sandbox after a full GC, RSS / heap used: ${mb(memory.before.rss)} / ` +
      `${mb(memory.before.heapUsed)} before; ${mb(memory.keysWritten.rss)} / ${mb(memory.keysWritten.heapUsed)} ` +
      `once each of ${KEYS} keys has written (6 writes each); ${mb(memory.after.rss)} / ` +
      `${mb(memory.after.heapUsed)} after ${MEMORY_WRITES.toLocaleString('en-US')} more writes (contacts, ` +
      `upgrades, domains registered and cancelled, backups, SOA records).`,
  ],
  [
    {
      figure: 'throughput, sandbox / default mode (90% interval)',
      ...ratio('rps'),
      limit:
        `default mode (examples), ${format(side('examples', 'rps'), 'req/s')}; sandbox ` +
        `${format(side('sandbox', 'rps'), 'req/s')}`,
      budget: 'sandbox.throughputRatio',
    },
    {
      figure: 'CPU per request, sandbox / default mode (90% interval)',
      ...ratio('cpuUs'),
      limit:
        `default mode ${format(side('examples', 'cpuUs'), 'µs')}; sandbox ` +
        `${format(side('sandbox', 'cpuUs'), 'µs')}`,
      budget: 'sandbox.cpuRatio',
    },
    {
      figure: 'p99 latency of the sandbox',
      value: side('sandbox', 'p99'),
      limit: `default mode, ${format(side('examples', 'p99'), 'ms')}`,
      budget: 'sandbox.p99Ms',
    },
    {
      figure: 'throughput, sandbox on Redis / in memory (90% interval)',
      ...ratio('rps', 'redis', 'sandbox'),
      limit: `in memory ${format(side('sandbox', 'rps'), 'req/s')}; on Redis ${format(side('redis', 'rps'), 'req/s')}`,
      budget: 'sandbox.redisThroughputRatio',
    },
    {
      figure: 'round trips to Redis per request',
      value: side('redis', 'roundTrips'),
      limit: "one to read the key's state (a write that changes nothing stores nothing)",
      budget: 'sandbox.redisRoundTrips',
    },
    {
      figure: 'throughput of writes, on Redis / in memory (90% interval)',
      ...ratio('rps', 'redisWrites', 'sandboxWrites'),
      limit:
        `in memory ${format(side('sandboxWrites', 'rps'), 'req/s')}; on Redis ` +
        `${format(side('redisWrites', 'rps'), 'req/s')}`,
      budget: 'sandbox.redisWriteThroughputRatio',
    },
    {
      figure: 'round trips to Redis per write',
      value: side('redisWrites', 'roundTrips'),
      limit: 'one to read, one to store (again when another request wrote the key between)',
      budget: 'sandbox.redisWriteRoundTrips',
    },
    {
      figure: 'p99 latency of the sandbox on Redis',
      value: side('redis', 'p99'),
      limit: `in memory, ${format(side('sandbox', 'p99'), 'ms')}`,
      budget: 'sandbox.redisP99Ms',
    },
    {
      figure: `memory kept over ${MEMORY_WRITES.toLocaleString('en-US')} writes, ${KEYS} keys (heap after GC)`,
      value: (memory.after.heapUsed - memory.keysWritten.heapUsed) / MB,
      limit:
        `heap ${mb(memory.keysWritten.heapUsed)} → ${mb(memory.after.heapUsed)}; RSS ${mb(memory.before.rss)} ` +
        `before, ${mb(memory.after.rss)} after`,
      budget: 'sandbox.heapGrowthMb',
    },
  ],
);
process.exitCode = ok ? 0 : 3;
