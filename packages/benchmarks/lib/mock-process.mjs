// The mock's CLI in a process of its own, as testers start it, for benchmarks that load it from
// this process; and what its process holds in memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MOCK_BIN = createRequire(import.meta.url).resolve('@hostapi/mock/bin/mock.mjs');

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const PROBE = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));

/**
 * Starts `hostapi-mock --port <free> ...args`; resolves once `readyPath` answers 2xx, to
 * `{ url, pid, readyMs, memory(), close() }`. `memory()` resolves to process.memoryUsage()
 * after a full garbage collection (bytes).
 */
export async function startMockProcess(args, readyPath) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', pathToFileURL(PROBE).href, MOCK_BIN, '--port', String(port), ...args],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the mock (${args.join(' ')}) exited (${child.exitCode})`);
    if (performance.now() - started > 30_000) throw new Error('the mock did not answer within 30 s');
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return {
    url,
    pid: child.pid,
    readyMs: performance.now() - started,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('memory');
      }),
    close: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid) {
  // /proc/<pid>/stat: fields 14 and 15 are utime and stime, in clock ticks (100 a second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
