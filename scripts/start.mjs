// `pnpm start` (after the build): the docs and the mock side by side, their addresses printed
// last, once both are ready, and Ctrl-C stopping both. Each runs its own command
// (apps/docs/bin/serve.mjs, apps/mock/bin/mock.mjs) on its README port; HOST applies to both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const host = process.env.HOST || '127.0.0.1';
const SERVERS = [
  { name: 'docs', bin: 'apps/docs/bin/serve.mjs', port: 8080 },
  { name: 'mock', bin: 'apps/mock/bin/mock.mjs', port: 4010 },
];
const READY = / on (https?:\/\/\S+)/;
const started = Date.now();

const children = SERVERS.map((server) => {
  // PORT would give both the same port: each gets its own.
  const env = { ...process.env };
  delete env.PORT;
  const child = spawn(process.execPath, [server.bin, '--host', host, '--port', String(server.port)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry = { ...server, child, url: null };
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
        announceWhenReady();
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
  return entry;
});

function announceWhenReady() {
  if (!children.every((c) => c.url)) return;
  console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops both.`);
  for (const c of children) console.log(`hostapi ${c.name} on ${c.url}`);
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((c) => !c.exited);
  for (const c of running) c.child.kill('SIGINT');
  Promise.all(running.map((c) => new Promise((resolve) => (c.exited ? resolve() : c.child.once('exit', resolve))))).then(() => process.exit(code));
  // A server that does not stop within 10 s is killed.
  setTimeout(() => {
    for (const c of running) if (!c.exited) c.child.kill('SIGKILL');
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
