// A Node process that made a call exits once the call has failed: a timeout or an abort leaves
// no connection behind to hold it (undici would hold one for 300 s). The installed package, in
// a process of its own, against servers here that never answer or never end their body.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

const { dir } = inject('consumer');

let server: Server;
let url: string;
beforeAll(async () => {
  // /silent/... never answers, /ok/... answers at once; /1.x/... answers a 200 whose body never ends.
  server = createServer((req, res) => {
    if (req.url!.startsWith('/silent/')) return;
    if (req.url!.startsWith('/ok/'))
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"return": [], "status": true}');
    res.writeHead(200, { 'content-type': 'application/json' }).write('{"return": [');
    const timer = setInterval(() => res.write(`"${'x'.repeat(1024)}",`), 5);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/**
 * Makes one call, prints the error's name and when it came, and lets the process end by itself.
 * After another call, when asked: the connection it left open is then reused.
 */
const SCRIPT = `import { createHostApiClient } from '@hostapi/client';
const [how, baseUrl, okUrl] = process.argv.slice(2);
if (okUrl) await createHostApiClient({ apiKey: 'lifetime-key', baseUrl: okUrl }).dns.listTemplates({ client_id: 293 });
const api = createHostApiClient({ apiKey: 'lifetime-key', baseUrl, retries: { max: 1, baseDelayMs: 10 } });
const started = performance.now();
const call = how === 'timeout'
  ? api.servers.list({ client_id: 293 }, { timeoutMs: 300 })
  : api.servers.list({ client_id: 293 }, { signal: AbortSignal.timeout(300) });
call.then(() => console.log('resolved'), (error) => console.log(error.name, Math.round(performance.now() - started)));
`;

/** Runs the script; what it printed and how long it took to exit after printing it. */
function run(how: string, baseUrl: string, after: boolean): Promise<{ printed: string; exitedAfterMs: number }> {
  writeFileSync(join(dir, 'lifetime.mjs'), SCRIPT);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['lifetime.mjs', how, baseUrl, ...(after ? [`${url}/ok`] : [])], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    let printedAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk;
      printedAt ||= performance.now();
    });
    // Far below undici's 300 s, far above a prompt exit.
    const deadline = setTimeout(() => child.kill(), 60_000);
    child.once('error', reject).once('exit', () => {
      clearTimeout(deadline);
      resolve({ printed: printed.trim(), exitedAfterMs: printedAt ? performance.now() - printedAt : Infinity });
    });
  });
}

const WHEN = [
  ['the first call of the process', false],
  ['a call after another', true],
] as const;
/**
 * "At once": far below what a transfer left running keeps a process alive (undici's 300 s, or for
 * ever for a body that never ends), with room for a loaded CI machine (2 s was once 3 s there).
 */
const AT_ONCE_MS = 20_000;

it.each(WHEN)(
  'a timeout against a server that never answers, %s: the process exits at once',
  async (_when, after) => {
    const { printed, exitedAfterMs } = await run('timeout', `${url}/silent`, after);
    expect(printed).toMatch(/^TimeoutError \d+$/);
    // Two attempts of 300 ms: the error came when it should.
    expect(Number(printed.split(' ')[1])).toBeLessThan(5_000);
    expect(exitedAfterMs).toBeLessThan(AT_ONCE_MS);
  },
  90_000,
);

const STOPS = WHEN.flatMap(([when, after]) =>
  (['timeout', 'abort'] as const).map((how) => [how, when, after] as const),
);

it.each(STOPS)(
  'a body that never ends, stopped by the %s, %s: the process exits at once',
  async (how, _when, after) => {
    const { printed, exitedAfterMs } = await run(how, url, after);
    expect(printed).toMatch(how === 'timeout' ? /^TimeoutError \d+$/ : /^AbortedError \d+$/);
    expect(exitedAfterMs).toBeLessThan(AT_ONCE_MS);
  },
  90_000,
);
