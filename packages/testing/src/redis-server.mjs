// A real redis-server (Debian's package) for tests and benchmarks: on a free port of 127.0.0.1,
// in a temporary folder, keeping nothing on disk (`--save '' --appendonly no`), stoppable and
// restartable on the same port (a store that goes away and comes back). A watchdog ends it if the
// process that started it dies first, so no run leaves a server behind.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, outliveNot } from './commands.mjs';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH || 'redis-server';

/**
 * Starts redis-server and resolves once it accepts connections, to `{ port, url(db), output(),
 * stop(), start(), kill() }`: stop() shuts it down (SIGTERM) and resolves once it has exited,
 * start() starts it again on the same port (empty: nothing is saved), kill() stops it for good and
 * removes its folder. `args`: more options (`['--maxmemory', '10mb']`).
 */
export async function startRedisServer({ args = [] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'redis-'));
  let port;
  let child;
  let output = '';

  const launch = async () => {
    output = '';
    const started = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...args],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    if (started.pid) outliveNot(started.pid);
    started.stdout.on('data', (chunk) => (output += chunk));
    started.stderr.on('data', (chunk) => (output += chunk));
    // Not installed (ENOENT): said as its output, as any failure to start.
    started.once(
      'error',
      (error) =>
        (output += `${error.message}; install Debian's redis-server package (.ci/run does) or set REDIS_SERVER_PATH`),
    );
    const exited = new Promise((resolve) => started.once('close', resolve));
    const ready = await Promise.race([
      new Promise((resolve) => {
        const check = () => (/Ready to accept connections/.test(output) ? resolve(true) : undefined);
        started.stdout.on('data', check);
        check();
      }),
      exited.then(() => false),
      new Promise((resolve) => setTimeout(resolve, 10_000, false)),
    ]);
    if (!ready) {
      if (started.exitCode === null) started.kill('SIGKILL');
      return { ok: false, output };
    }
    child = Object.assign(started, { exited });
    return { ok: true };
  };

  // A free port may be taken between the probe and the start: another port then.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    const { ok, output: said } = await launch();
    if (ok) break;
    if (attempt === 4 || !/Address already in use/.test(said)) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${REDIS_SERVER} did not start on port ${port}: ${said}`);
    }
  }

  const stop = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const { exited } = child;
    child.kill('SIGTERM');
    await exited;
  };
  return {
    port,
    /** The running server's process id (a new one after start()). */
    get pid() {
      return child.pid;
    },
    url: (db = 0) => `redis://127.0.0.1:${port}/${db}`,
    output: () => output,
    stop,
    async start() {
      await stop();
      const { ok, output: said } = await launch();
      if (!ok) throw new Error(`${REDIS_SERVER} did not start again on port ${port}: ${said}`);
    },
    async kill() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
