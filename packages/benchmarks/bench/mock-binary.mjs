// The mock as one executable (apps/mock/scripts/build-binary.ts: Node's single executable
// applications), built here from the current sources: its size, next to the Node binary it
// carries, and its time from start to the first valid answer, in alternating cold starts with
// `node bin/mock.mjs` (what a tester with Node starts), each started where no node is on the PATH.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cpuMs } from '../lib/mock-process.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const ROUNDS = 7;
const MOCK = dirname(createRequire(import.meta.url).resolve('@hostapi/mock/package.json'));
const BUILD = join(MOCK, 'scripts/build-binary.ts');
const MOCK_BIN = join(MOCK, 'bin/mock.mjs');
const READY_PATH = '/1.3/server/list_servers.json?apikey=k&client_id=293';

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** Starts `command`, resolves once READY_PATH answers 2xx: the ms that took and the CPU it used. */
async function coldStart(command, options) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0], [...command.slice(1), '--port', String(port)], {
    ...options,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode})`);
      if (performance.now() - started > 30_000) throw new Error(`${command.join(' ')} did not answer within 30 s`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}${READY_PATH}`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    return { ms: performance.now() - started, cpuMs: cpuMs(child.pid) };
  } finally {
    if (child.exitCode === null) child.kill('SIGINT');
    await exited;
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bench-mock-binary-'));
try {
  const binDir = join(dir, 'bin');
  const cwd = join(dir, 'cwd');
  mkdirSync(cwd, { recursive: true });
  const executable = join(binDir, 'hostapi-mock');
  const buildStarted = performance.now();
  const build = spawnSync(process.execPath, [BUILD, '--out', executable], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build-binary.ts failed (${build.status}): ${build.stderr}`);
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  const bytes = statSync(executable).size;
  const nodeBytes = statSync(process.execPath).size;

  await coldStart([executable], { cwd, env: { PATH: binDir } }); // page the executable in once
  const rounds = await alternate(ROUNDS, {
    binary: () => coldStart([executable], { cwd, env: { PATH: binDir } }),
    node: () => coldStart([process.execPath, MOCK_BIN], { cwd }),
  });
  const ms = (side) => rounds[side].map((run) => run.ms);
  const cpu = (side) => rounds[side].map((run) => run.cpuMs);
  const ok = report(
    '@hostapi/mock as one executable (Node single executable application)',
    [
      `Built from the current sources in ${buildSeconds.toFixed(1)} s (esbuild bundle, code cache, postject), ` +
        `Node ${process.version} ${process.platform}-${process.arch}; load average ${loadavg()[0].toFixed(1)} at ` +
        `the end.`,
      `${ROUNDS} alternating cold starts each, from an empty directory, until GET list_servers answers 200. ` +
        `Executable: ${ms('binary').map(Math.round).join(', ')} ms (CPU ` +
        `${cpu('binary').map(Math.round).join(', ')} ms); node bin/mock.mjs: ` +
        `${ms('node').map(Math.round).join(', ')} ms (CPU ${cpu('node').map(Math.round).join(', ')} ms).`,
    ],
    [
      {
        figure: 'size of the executable',
        value: bytes,
        limit: `the Node binary it carries, ${format(nodeBytes, 'B')}`,
        budget: 'mockBinary.bytes',
      },
      {
        figure: `start → first valid answer (median of ${ROUNDS})`,
        value: median(ms('binary')),
        limit: `node bin/mock.mjs, ${format(median(ms('node')), 'ms')}`,
        budget: 'mockBinary.startMs',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
