// The mock's cost per request in CPU instructions, counted by valgrind's callgrind (the same
// count for the same code and requests, whatever else the machine is doing): the mock as testers
// start it, every request new and the same requests repeated, beside a plain node:http server
// answering the same example bytes. Only the main thread is counted (the one that serves): V8's
// background threads (compiling, marking) run beside it on another core.
// Each server is warmed with WARM requests, its counters zeroed, then COUNT requests are counted.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { format, report } from '../lib/report.mjs';

const WARM = 2000;
const COUNT = 2000;
const MOCK_BIN = createRequire(import.meta.url).resolve('@hostapi/mock/bin/mock.mjs');
const FIXED = fileURLToPath(new URL('../lib/fixed-server.mjs', import.meta.url));

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('mock-instructions needs valgrind (Debian: apt-get install valgrind)');
  process.exit(1);
}

const doc = readBundle();
const success = (id) =>
  JSON.stringify(responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id).op, '200').success);
// The page the success example is (two servers a page, page 1): the same bytes as the fixed server's.
const GET = '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state]=On&filters[page_size]=2';
const POST = '/1.2/srs/update_contact.json';
const BODY =
  'apikey=k&client_id=293&contact_id=3310&params[City]=Auckland&params[Phone][Country]=64&params[Phone][Area]=9&' +
  'params[Phone][Local]=3095550';

/** `count` requests, GET and POST in turn, over 4 connections; `fresh`: bytes never sent before. */
async function send(url, count, fresh, from = 0) {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  let next = from;
  const one = (i) =>
    new Promise((resolve, reject) => {
      const post = i % 2 === 1;
      const body = post ? Buffer.from(fresh ? BODY.replace('Auckland', `Auckland${i}`) : BODY) : undefined;
      const path = post ? POST : fresh ? `${GET}&filters[name]=web${i + 1}` : GET;
      request(
        url + path,
        {
          agent,
          method: post ? 'POST' : 'GET',
          headers: post ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`${path}: HTTP ${res.statusCode}`)),
          );
        },
      )
        .on('error', reject)
        .end(body);
    });
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < from + count) await one(next++);
    }),
  );
  agent.destroy();
}

/** Instructions per request of the main thread of `args` (a node command) serving on `port`. */
async function instructions(label, args, port, fresh) {
  const out = join(tmpdir(), `callgrind-${label}-${process.pid}`);
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--separate-threads=yes', `--callgrind-out-file=${out}.%p`, process.execPath, ...args],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await send(url, 2, false);
      break;
    } catch (error) {
      if (tries > 600 || child.exitCode !== null)
        throw new Error(`${label} did not start under valgrind: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await send(url, WARM, fresh);
  spawnSync('callgrind_control', ['-z', String(child.pid)]);
  await send(url, COUNT, fresh, WARM);
  spawnSync('callgrind_control', ['-d', String(child.pid)]);
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  // The dump after zeroing is part 1; thread 1 is the main thread.
  const dir = tmpdir();
  const files = readdirSync(dir).filter((file) => file.startsWith(`callgrind-${label}-${process.pid}.`));
  const main = files.find((file) => file.endsWith('.1-01'));
  if (!main) throw new Error(`${label}: no callgrind dump of the main thread (${files.join(', ')})`);
  const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, main), 'utf8'))[1]);
  for (const file of files) rmSync(join(dir, file));
  return total / COUNT;
}

const freePort = 4900 + (process.pid % 500);
const answers = JSON.stringify({
  '/1.3/server/list_servers.json': success('listServers'),
  [POST]: success('updateDomainContact'),
});
const fixed = await instructions('fixed', [FIXED, '--serve-on', String(freePort), answers], freePort, true);
// The flag hostapi-mock would start itself again with (bin/mock.mjs): given here, it does not, and
// callgrind counts the process it started.
const MOCK = ['--max-semi-space-size=8', MOCK_BIN];
const fresh = await instructions('mock-fresh', [...MOCK, '--port', String(freePort + 1)], freePort + 1, true);
const repeated = await instructions('mock-repeated', [...MOCK, '--port', String(freePort + 2)], freePort + 2, false);

const ok = report(
  '@hostapi/mock: CPU instructions per request (callgrind, main thread)',
  [
    `${WARM} requests to warm each server, then ${COUNT} counted; GET list_servers and POST update_contact in ` +
      `turn, 4 connections.`,
    `instructions per request: plain node:http ${format(fixed, '')}, mock every request new ` +
      `${format(fresh, '')}, mock repeated ${format(repeated, '')}`,
  ],
  [
    {
      figure: 'every request new: plain node:http / mock',
      value: fixed / fresh,
      limit: `${format(fresh, '')} against ${format(fixed, '')} instructions`,
      budget: 'mock.freshInstructionRatio',
    },
    {
      figure: 'the same requests repeated: plain node:http / mock',
      value: fixed / repeated,
      limit: `${format(repeated, '')} against ${format(fixed, '')} instructions`,
      budget: 'mock.repeatedInstructionRatio',
    },
  ],
);
process.exit(ok ? 0 : 1);
