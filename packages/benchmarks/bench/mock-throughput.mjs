// Mock throughput: @hostapi/mock (request validation on) as testers start it, against a plain
// node:http server answering the same example bytes, both in their own process and loaded by
// autocannon from this one (20 connections), alternating rounds, with the same calls repeated
// and with every call new; every call new again against a mock without its request journal
// (--no-journal), to show what keeping it costs; plus the mock's time to ready, its memory, and
// the heap its journal takes at its cap (--journal-max) and beyond (lib/journal-heap.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { OPERATIONS } from '@hostapi/client';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { startFixedServer } from '../lib/fixed-server.mjs';
import { load } from '../lib/load.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const ROUNDS = 5;
const SECONDS = 4;
const CONNECTIONS = 20;
const MOCK_BIN = createRequire(import.meta.url).resolve('@hostapi/mock/bin/mock.mjs');

const doc = readBundle();
const success = (id) =>
  JSON.stringify(responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id).op, '200').success);
// Valid calls as the client sends them: a GET with filters and a POST form. The GET asks for the
// page the success example is (two servers a page, page 1), which the mock makes from the examples'
// records as it makes any page.
const REQUESTS = [
  {
    method: 'GET',
    path: `${OPERATIONS.listServers.path}?apikey=k&client_id=293&filters[state]=On&filters[page_size]=2`,
  },
  {
    method: 'POST',
    path: OPERATIONS.updateDomainContact.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body:
      'apikey=k&client_id=293&contact_id=3310&params[City]=Auckland&params[Phone][Country]=64&' +
      'params[Phone][Area]=9&params[Phone][Local]=3095550',
  },
];

// The same calls with bytes never sent before (another name, another city each time): what a
// suite of varied calls costs the mock. (It keeps nothing of a request for the next: repeated
// bytes are read afresh too.)
let sent = 0;
const FRESH = [
  {
    ...REQUESTS[0],
    setupRequest: (request) => ({ ...request, path: `${REQUESTS[0].path}&filters[name]=web${++sent}` }),
  },
  {
    ...REQUESTS[1],
    setupRequest: (request) => ({ ...request, body: REQUESTS[1].body.replace('Auckland', `Auckland${++sent}`) }),
  },
];

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts the mock's CLI; resolves when it answers a valid call, with the ms that took. */
async function startMockProcess(args = []) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [MOCK_BIN, '--port', String(port), ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the mock exited (${child.exitCode})`);
    if (performance.now() - started > 30_000) throw new Error('the mock did not answer within 30 s');
    try {
      if ((await fetch(url + REQUESTS[0].path)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return {
    url,
    readyMs: performance.now() - started,
    readyCpuMs: cpuMs(child.pid),
    pids: () => processTree(child.pid),
    close: () =>
      new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used, in ms: what its start costs, whatever the load. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS = 100;

/** The pid and every descendant (workers), from /proc. */
function processTree(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}
/** Peak resident memory (VmHWM) of the processes, in MB. */
const peakRssMb = (pids) =>
  pids.reduce(
    (sum, pid) => sum + Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)[1]),
    0,
  ) / 1024;

/** The heap of a mock in its own process (lib/journal-heap.mjs), its journal at its cap, then after 3× as many. */
function journalHeap(args = []) {
  const script = fileURLToPath(new URL('../lib/journal-heap.mjs', import.meta.url));
  const output = execFileSync(process.execPath, ['--expose-gc', script, ...args], { encoding: 'utf8' });
  return JSON.parse(output);
}

const limit = await startFixedServer({
  [OPERATIONS.listServers.path]: success('listServers'),
  [OPERATIONS.updateDomainContact.path]: success('updateDomainContact'),
});
const readies = [];
const readyCpu = [];
let mock;
let bare;
try {
  // Time to ready, three cold starts (the last one stays up for the load).
  for (let i = 0; i < 3; i++) {
    if (mock) await mock.close();
    mock = await startMockProcess();
    readies.push(mock.readyMs);
    readyCpu.push(mock.readyCpuMs);
  }
  // Same answers from both, or the comparison means nothing.
  for (const { method, path, headers, body } of REQUESTS) {
    const [a, b] = await Promise.all(
      [limit.url, mock.url].map(async (base) => (await fetch(base + path, { method, headers, body })).text()),
    );
    if (a !== b) throw new Error(`${method} ${path}: the mock and the limit answer differently:\n${b}\n${a}`);
  }
  bare = await startMockProcess(['--no-journal']);
  // Warm-up: a few seconds of load, for V8 to optimise the hot paths of both.
  await load(mock.url, REQUESTS, { connections: CONNECTIONS, seconds: 3 });
  await load(bare.url, FRESH, { connections: CONNECTIONS, seconds: 2 });
  await load(limit.url, REQUESTS, { connections: CONNECTIONS, seconds: 1 });
  const runs = await alternate(ROUNDS, {
    limit: () => load(limit.url, REQUESTS, { connections: CONNECTIONS, seconds: SECONDS }),
    mock: () => load(mock.url, REQUESTS, { connections: CONNECTIONS, seconds: SECONDS }),
    fresh: () => load(mock.url, FRESH, { connections: CONNECTIONS, seconds: SECONDS }),
    bare: () => load(bare.url, FRESH, { connections: CONNECTIONS, seconds: SECONDS }),
  });
  const failures = [...runs.mock, ...runs.fresh, ...runs.bare].reduce((sum, run) => sum + run.errors + run.non2xx, 0);
  if (failures) throw new Error(`${failures} mock requests failed or were refused under load`);
  const rps = (side) => median(runs[side].map((run) => run.rps));
  const ratio = (side, to = 'limit') => median(runs[side].map((run, i) => run.rps / runs[to][i].rps));
  const p99 = median(runs.mock.map((run) => run.p99));
  const rss = peakRssMb(mock.pids());
  const bareRss = peakRssMb(bare.pids());
  const heap = journalHeap();
  const bareHeap = journalHeap(['--no-journal']);
  const ok = report(
    '@hostapi/mock under load',
    [
      `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s (autocannon in this process); ` +
        `GET list_servers and POST update_contact, valid, in turn.`,
      `Requests/s, mock: ${runs.mock.map((run) => Math.round(run.rps)).join(', ')}; every request new: ` +
        `${runs.fresh.map((run) => Math.round(run.rps)).join(', ')}; limit: ` +
        `${runs.limit.map((run) => Math.round(run.rps)).join(', ')}; every request new without the journal: ` +
        `${runs.bare.map((run) => Math.round(run.rps)).join(', ')}. Mock processes: ${mock.pids().length}.`,
      `Journal filled (lib/journal-heap.mjs): ${heap.cap} requests of 5,000 keys, about 2 kB of fields each ` +
        `(its cap in all), then ${2 * heap.cap} more; heap after a full GC ${Math.round(heap.atCap)} MB, then ` +
        `${Math.round(heap.beyond)} MB (without the journal: ${Math.round(bareHeap.atCap)} MB, then ` +
        `${Math.round(bareHeap.beyond)} MB).`,
    ],
    [
      {
        figure: 'throughput, mock / limit',
        value: ratio('mock'),
        limit: `plain node:http, ${format(rps('limit'), 'req/s')}; mock ${format(rps('mock'), 'req/s')}`,
        budget: 'mock.throughputRatio',
      },
      {
        figure: 'throughput, every request new / limit',
        value: ratio('fresh'),
        limit: `mock ${format(rps('fresh'), 'req/s')}, each read and validated afresh`,
        budget: 'mock.freshThroughputRatio',
      },
      {
        figure: 'p99 latency of the mock',
        value: p99,
        limit: `plain node:http, ${format(median(runs.limit.map((run) => run.p99)), 'ms')}`,
        budget: 'mock.p99Ms',
      },
      {
        figure: 'start → first valid answer (median of 3)',
        value: median(readies),
        limit:
          `${readies.map((ms) => Math.round(ms)).join(', ')} ms; CPU ` +
          `${readyCpu.map((ms) => Math.round(ms)).join(', ')} ms`,
        budget: 'mock.readyMs',
      },
      {
        figure: 'peak RSS, all mock processes',
        value: rss,
        limit: `its journal at its cap (10,000 entries); --no-journal ${format(bareRss, 'MB')}`,
        budget: 'mock.rssMb',
      },
      {
        figure: 'throughput, every request new: journal on / off',
        value: ratio('fresh', 'bare'),
        limit: `--no-journal, ${format(rps('bare'), 'req/s')}`,
        budget: 'mock.journalRatio',
      },
      {
        figure: 'heap of the journal at its cap (10,000 requests of ~2 kB)',
        value: heap.atCap - bareHeap.atCap,
        limit: `heap ${format(heap.atCap, 'MB')}; without the journal ${format(bareHeap.atCap, 'MB')}`,
        budget: 'mock.journalHeapMb',
      },
      {
        figure: 'heap growth from the journal at its cap to 3× as many requests',
        value: heap.beyond - heap.atCap,
        limit: `after 3× as many ${format(heap.beyond, 'MB')}`,
        budget: 'mock.journalGrowthMb',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await mock?.close();
  await bare?.close();
  await limit.close();
}
