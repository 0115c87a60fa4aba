// The command line's start: from spawning `hostapi servers list --client-id 293` (the built bin,
// as a person runs it, its output piped) to the first byte of its output, against the mock in a
// process of its own; side by side with `node -e 0` (spawned until it exits), the floor any
// Node command line stands on, and with a Node one-liner that fetches the same URL and prints the
// answer (Node's fetch loads undici on its first call), alternating them. Also `hostapi --help`,
// which sends nothing.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { startMockProcess } from '../lib/mock-process.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const ROUNDS = 21;
const BIN = join(dirname(createRequire(import.meta.url).resolve('@hostapi/cli/package.json')), 'dist/bin.js');

/** Spawns `args` on this Node; resolves to the ms from spawning to its first output (or to its exit). */
function firstOutput(args, env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let ms;
    child.stdout.once('data', () => {
      ms = performance.now() - started;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`${args.join(' ')} exited ${code}`));
      else resolve(ms ?? performance.now() - started);
    });
    child.stdout.resume();
  });
}

const mock = await startMockProcess([], '/1.3/server/list_servers.json?apikey=k&client_id=293');
try {
  const env = { HOSTAPI_KEY: 'bench-key', HOSTAPI_URL: mock.url };
  const list = [BIN, 'servers', 'list', '--client-id', '293'];
  const url = `${mock.url}/1.3/server/list_servers.json?apikey=bench-key&client_id=293`;
  const fetchOne = `fetch(${JSON.stringify(url)}).then((r) => r.text()).then((t) => process.stdout.write(t))`;
  await firstOutput(list, env); // the files read once into the page cache
  const rounds = await alternate(ROUNDS, {
    list: () => firstOutput(list, env),
    help: () => firstOutput([BIN, '--help']),
    node: () => firstOutput(['-e', '0']),
    fetch: () => firstOutput(['-e', fetchOne]),
  });
  const node = median(rounds.node);
  const ok = report(
    '@hostapi/cli: start to first output',
    [
      `Node ${process.version}, ${ROUNDS} alternating rounds, output piped; the mock (default mode) in a process of ` +
        `its own; load average ${loadavg()[0].toFixed(1)} at the end.`,
      `servers list: ${rounds.list.map(Math.round).join(', ')} ms; ` +
        `--help: ${rounds.help.map(Math.round).join(', ')} ms; ` +
        `node -e 0: ${rounds.node.map(Math.round).join(', ')} ms; a fetch one-liner: ` +
        `${rounds.fetch.map(Math.round).join(', ')} ms.`,
    ],
    [
      {
        figure: `hostapi servers list, start to first output (median of ${ROUNDS})`,
        value: median(rounds.list),
        limit: `node -e 0, ${format(node, 'ms')}; a fetch one-liner, ${format(median(rounds.fetch), 'ms')}`,
        budget: 'cliStart.firstOutputMs',
      },
      {
        figure: `hostapi --help, start to first output (median of ${ROUNDS})`,
        value: median(rounds.help),
        limit: `node -e 0, ${format(node, 'ms')}`,
        budget: 'cliStart.helpMs',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await mock.close();
}
