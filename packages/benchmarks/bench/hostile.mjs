// What hostile or careless input costs the servers, each started as testers start it:
// - reading a 1 MB form of 100,000 fields in the mock, beside a plain node:http server that only
//   receives the same bytes, and beside a form of 10,000 fields (time in proportion to size);
// - the sandbox's heap (after a full GC) as 100,000 API keys write once each (a suite with a
//   fresh key per test): bounded by --max-keys, the least recently used keys' states dropped,
//   each dropped key remembered by a fingerprint (so that its next answer says so);
// - the proxy's RSS while it streams a 1 GB upstream answer to a client that reads it all,
//   beside the same answer read straight from the upstream;
// - the sandbox's RSS, and its heap after a full GC, as 40 connections each send 20,000 pipelined
//   GETs and read no answer, beside a plain node:http server that answers each at once.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { startMockProcess } from '../lib/mock-process.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const ROUNDS = 9;
const KEYS = 100_000;
const PIPELINED = { connections: 40, requests: 20_000 };
const STREAM_BYTES = 1024 ** 3;
const MOCK_BIN = createRequire(import.meta.url).resolve('@hostapi/mock/bin/mock.mjs');

/** A URL-encoded ssh/key/add form of `count` unknown fields after the key (10 bytes each). */
const form = (count) =>
  Buffer.from(`apikey=k&${Array.from({ length: count }, (_, i) => `u${i.toString(36).padStart(5, '0')}=1`).join('&')}`);

/** Sends a POST of `body` and resolves to the ms until its whole answer has come. */
function post(url, path, body) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
      },
      (incoming) => {
        incoming.resume();
        incoming.on('end', () => resolve(performance.now() - started));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** A node:http server in this process that reads a body whole and answers 200: the transfer alone. */
async function startReceiver() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => res.end(JSON.stringify({ bytes: Buffer.concat(chunks).length })));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function reading() {
  const mock = await startMockProcess([], '/1.3/server/list_servers.json?apikey=k&client_id=293');
  const receiver = await startReceiver();
  const big = form(100_000);
  const small = form(10_000);
  const path = '/1.2/ssh/key/add.json';
  // Each side warmed once, as a suite's first requests are not what is measured.
  await post(mock.url, path, big);
  await post(receiver.url, path, big);
  const times = { mock: [], mockSmall: [], receiver: [] };
  await alternate(ROUNDS, [
    async () => times.mock.push(await post(mock.url, path, big)),
    async () => times.mockSmall.push(await post(mock.url, path, small)),
    async () => times.receiver.push(await post(receiver.url, path, big)),
  ]);
  await Promise.all([mock.close(), receiver.close()]);
  return {
    bytes: big.length,
    mock: median(times.mock),
    small: median(times.mockSmall),
    receiver: median(times.receiver),
    slowest: Math.max(...times.mock),
  };
}

async function sandboxKeys() {
  const mock = await startMockProcess(['--sandbox'], '/1.3/server/list_servers.json?apikey=k&client_id=293');
  const heap = async () => (await mock.memory()).heapUsed / 1024 ** 2;
  const samples = [[0, await heap()]];
  let next = 0;
  const add = (key) =>
    post(
      mock.url,
      '/1.2/ssh/key/add.json',
      Buffer.from(`apikey=suite-key-${key}&client_id=293&label=t${key}&content=ssh-ed25519%20AAAAC3Nza%20t`),
    );
  // Four writers at a time; the heap is read between batches.
  for (const upTo of [10_000, 25_000, 50_000, 75_000, KEYS]) {
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < upTo) await add(next++);
      }),
    );
    samples.push([upTo, await heap()]);
  }
  await mock.close();
  return samples;
}

async function proxyStream() {
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  const upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const more = () => {
      while (sent < STREAM_BYTES / chunk.length && res.write(chunk)) sent++;
      if (sent >= STREAM_BYTES / chunk.length) res.end();
      else
        res.once('drain', () => {
          sent++;
          more();
        });
    };
    more();
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;
  const proxy = await startProxy(upstreamUrl);
  const path = '/1.5/dns/list_ips.json?apikey=k&client_id=293';
  const read = (url) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      let peak = rssMb(proxy.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(proxy.pid))), 50);
      httpRequest(`${url}${path}`, (incoming) => {
        let bytes = 0;
        incoming.on('data', (part) => (bytes += part.length));
        incoming.on('end', () => {
          clearInterval(sampler);
          resolve({ bytes, ms: performance.now() - started, peak });
        });
        incoming.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  const before = rssMb(proxy.pid);
  const direct = await read(upstreamUrl);
  const through = await read(proxy.url);
  proxy.kill();
  upstream.close();
  if (through.bytes !== STREAM_BYTES) throw new Error(`the proxy passed on ${through.bytes} of ${STREAM_BYTES} bytes`);
  return {
    before,
    peak: through.peak,
    mbps: STREAM_BYTES / 1024 ** 2 / (through.ms / 1000),
    directMbps: STREAM_BYTES / 1024 ** 2 / (direct.ms / 1000),
  };
}

/**
 * PIPELINED.connections connections to `port`, each sending PIPELINED.requests GETs of `path` in
 * one write and reading nothing; resolves once the server has had 5 s with them, to the peak RSS
 * of `pid` (sampled every 50 ms), and closes them.
 */
async function flood(port, path, pid) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const requests = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: bench\r\n\r\n`.repeat(PIPELINED.requests));
  const sockets = Array.from({ length: PIPELINED.connections }, () => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(requests);
    });
    socket.on('error', () => {});
    return socket;
  });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  clearInterval(sampler);
  for (const socket of sockets) socket.destroy();
  return peak;
}

/** A plain node:http server in a process of its own, answering every request at once: Node's own share. */
async function startPlainServer() {
  const source = `
    const server = require('node:http').createServer((req, res) => res.end('{"status":true}'));
    server.listen(0, '127.0.0.1', () => process.send(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const port = await new Promise((resolve) => child.once('message', resolve));
  return { port, pid: child.pid, kill: () => child.kill() };
}

async function pipelined() {
  const path = '/1.3/server/list_servers.json?apikey=k&client_id=293';
  const mock = await startMockProcess(['--sandbox'], path);
  const before = rssMb(mock.pid);
  const peak = await flood(Number(new URL(mock.url).port), path, mock.pid);
  const heap = (await mock.memory()).heapUsed / 1024 ** 2;
  await mock.close();
  const plain = await startPlainServer();
  const plainBefore = rssMb(plain.pid);
  const plainPeak = await flood(plain.port, path, plain.pid);
  plain.kill();
  return { before, peak, heap, plainGrowth: plainPeak - plainBefore };
}

/** `hostapi-mock proxy --upstream <url>` on a free port, as testers start it. */
async function startProxy(upstream) {
  const child = spawn(process.execPath, [MOCK_BIN, 'proxy', '--upstream', upstream, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (part) => (output += part));
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = / on (http:\/\/\S+) \(ready in/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code}): ${output}`)));
  });
  // Its log (one line a request) is not read further.
  child.stdout.resume();
  return { url, pid: child.pid, kill: () => child.kill('SIGINT') };
}

const read = await reading();
const keys = await sandboxKeys();
const stream = await proxyStream();
const flooded = await pipelined();
const at = (count) => keys.find(([k]) => k === count)[1];

const ok = report(
  'Hostile input',
  [
    `reading: ${ROUNDS} alternating rounds of a ${format(read.bytes / 1024 ** 2, 'MB')} form of 100,000 ` +
      `unknown fields (POST ssh/key/add, the mock answers 422),`,
    `  the same with 10,000 fields, and the same bytes to a plain node:http server that only reads them; ` +
      `medians (slowest ${format(read.slowest, 'ms')})`,
    `sandbox: ${KEYS.toLocaleString('en-US')} keys write one SSH key each (4 at a time), --max-keys at its ` +
      `default; heap after a full GC: ` +
      `${keys.map(([k, mb]) => `${k.toLocaleString('en-US')} keys ${format(mb, 'MB')}`).join(', ')}`,
    `proxy: a 1 GB upstream answer read whole by a client through the proxy (${format(stream.mbps, 'MB/s')}) ` +
      `and straight from the upstream (${format(stream.directMbps, 'MB/s')}); RSS sampled every 50 ms`,
    `pipelining: ${PIPELINED.connections} connections each send ` +
      `${PIPELINED.requests.toLocaleString('en-US')} pipelined GETs at once to the sandbox and read no answer; ` +
      `RSS sampled every 50 ms for 5 s, then the heap after a full GC; the same to a plain node:http server`,
  ],
  [
    {
      figure: 'mock: reading a 1 MB form of 100,000 fields',
      value: read.mock,
      limit:
        `plain node:http receiving it: ${format(read.receiver, 'ms')}; 10,000 fields: ` +
        `${format(read.small, 'ms')} (${format(read.mock / read.small, '×')} for 10× the fields)`,
      budget: 'hostile.readMs',
    },
    {
      figure: 'sandbox heap from 10,000 to 100,000 keys (90,000 dropped)',
      value: at(100_000) - at(10_000),
      limit: `${format(at(10_000), 'MB')} at 10,000 keys, ${format(at(100_000), 'MB')} at 100,000`,
      budget: 'hostile.sandboxHeapGrowthMb',
    },
    {
      figure: 'proxy RSS growth streaming 1 GB',
      value: stream.peak - stream.before,
      limit: `${format(stream.before, 'MB')} before, peak ${format(stream.peak, 'MB')}`,
      budget: 'hostile.proxyRssGrowthMb',
    },
    {
      figure: 'sandbox RSS growth under pipelined requests never read',
      value: flooded.peak - flooded.before,
      limit: `plain node:http: ${format(flooded.plainGrowth, 'MB')}`,
      budget: 'hostile.pipelinedRssGrowthMb',
    },
    {
      figure: 'sandbox heap kept after them (full GC)',
      value: flooded.heap,
      limit: `${format(flooded.before, 'MB')} RSS before`,
      budget: 'hostile.pipelinedHeapMb',
    },
  ],
);
process.exit(ok ? 0 : 1);
