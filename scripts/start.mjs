// `pnpm start` (after the build): the docs and the mock side by side, their addresses printed
// last, once both are ready, and Ctrl-C stopping both. Each runs its own command
// (apps/docs/bin/serve.mjs, apps/mock/bin/mock.mjs); the mock first, so that the docs' Try it
// console is told where it answers and that `pnpm start` started it. Ports: --docs-port and --mock-port, or
// DOCS_PORT and MOCK_PORT (default 8080 and 4010); --host or HOST for both. A leading `--`
// (which pnpm passes on) is ignored. A port that is taken is named, with how to choose another.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `Usage: pnpm start [-- --docs-port <n>] [--mock-port <n>] [--host <address>]
  (or DOCS_PORT, MOCK_PORT and HOST in the environment; defaults 8080, 4010, 127.0.0.1)`;

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2).filter((arg, i) => !(arg === '--' && i === 0));
let values;
try {
  ({ values } = parseArgs({
    args,
    options: {
      'docs-port': { type: 'string', default: process.env.DOCS_PORT || '8080' },
      'mock-port': { type: 'string', default: process.env.MOCK_PORT || '4010' },
      host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const host = values.host;
// The command as it was run, for the docs to name (`pnpm start -- --mock-port 14010`).
const command = `pnpm start${args.length ? ` -- ${args.join(' ')}` : ''}`;
const SERVERS = [
  {
    name: 'mock',
    bin: 'apps/mock/bin/mock.mjs',
    port: values['mock-port'],
    option: '--mock-port',
    variable: 'MOCK_PORT',
    args: () => [],
  },
  {
    name: 'docs',
    bin: 'apps/docs/bin/serve.mjs',
    port: values['docs-port'],
    option: '--docs-port',
    variable: 'DOCS_PORT',
    args: ([mock]) => ['--mock-url', mock.url, '--mock-command', command],
  },
];
for (const server of SERVERS) {
  if (!/^\d+$/.test(server.port) || Number(server.port) > 65535) {
    console.error(`${server.option} must be a port number, got ${server.port}\n${USAGE}`);
    process.exit(2);
  }
}

/** Whether host:port can be listened on now (0: any free port, always). */
const free = (port) =>
  new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(Number(port), host, () => probe.close(() => resolve(true)));
  });

for (const server of SERVERS) {
  if (server.port === '0' || (await free(server.port))) continue;
  console.error(
    `Port ${server.port} of ${host} is taken, so the ${server.name} cannot start there: choose another with` +
      ` pnpm start -- ${server.option} <port> (or ${server.variable}=<port> pnpm start).`,
  );
  process.exit(1);
}

const READY = / on (https?:\/\/\S+)/;
const started = Date.now();

/** The servers started so far, in SERVERS' order: each starts once the one before it is ready. */
const children = [];

function launch(server) {
  // PORT would give both the same port: each gets its own.
  const env = { ...process.env };
  delete env.PORT;
  const child = spawn(process.execPath, [server.bin, '--host', host, '--port', server.port, ...server.args(children)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { ...server, child, url: null };
  children.push(entry);
  let pending = '';
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    let newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      // The ready line is said once, below, with the other's; anything else passes through.
      const ready = !entry.url && READY.exec(line);
      if (ready) {
        entry.url = ready[1];
        const next = SERVERS[children.length];
        if (next && !stopping) launch(next);
        else announceWhenReady();
      } else {
        console.log(`[${server.name}] ${line}`);
      }
    }
  });
  child.stderr.on('data', (chunk) => process.stderr.write(String(chunk).replace(/^(?=.)/gm, `[${server.name}] `)));
  child.on('exit', (code, signal) => {
    entry.exited = true;
    if (stopping) return;
    // Ctrl-C reaches the servers too, sometimes before this process: a clean exit is a stop.
    if (code === 0 || signal === 'SIGINT') return stop(0);
    console.error(`The ${server.name} stopped (${signal ?? `exit code ${code}`}); stopping the other.`);
    stop(code || 1);
  });
}
function announceWhenReady() {
  if (children.length < SERVERS.length || !children.every((c) => c.url)) return;
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops both.`);
  for (const name of ['docs', 'mock']) console.log(`hostapi ${name} on ${children.find((c) => c.name === name).url}`);
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => !c.exited);
  for (const c of running) c.child.kill('SIGINT');
  Promise.all(
    running.map((c) => new Promise((resolve) => (c.exited ? resolve() : c.child.once('exit', resolve)))),
  ).then(() => process.exit(code));
  // A server that does not stop within 10 s is killed.
  setTimeout(() => {
    for (const c of running) if (!c.exited) c.child.kill('SIGKILL');
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
launch(SERVERS[0]);
