// Commands as a README prints them, run as written (through the shell) by the tests that check
// the READMEs: started, watched until they serve, and stopped as Ctrl-C stops them. Such commands
// bind the README's fixed ports (4010, 8080), which another run may hold for a while: they wait
// for the port, and start again when they lose the race for it.
import { spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A command runs in a process group of its own, which outlives the test process that started it
 * unless stopped: a test that times out never reaches its stop(), and a killed test runner (a
 * failed task stopping the others) runs no exit hook. Either way the group would hold the README's
 * port for every later run. A watchdog, in a group of its own, kills the group once this process
 * is gone (within half a second, whatever ended it), and ends with the group.
 */
const WATCHDOG = `
const [parent, group] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
setInterval(() => {
  if (!alive(-group)) process.exit(0);
  if (!alive(parent)) { try { process.kill(-group, 'SIGKILL'); } catch {} process.exit(0); }
}, 500);`;

/** Kills the process group led by `group` once this process is gone (see WATCHDOG). */
export function outliveNot(group) {
  spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(group)], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/** Whether any process of the group led by pid is alive. */
function alive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether something listens on 127.0.0.1:port. */
export const isListening = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = createConnection({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** A port nothing listens on now, on 127.0.0.1 (the system's choice). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });

/** Resolves once nothing listens on any of the ports (or rejects after timeoutMs). */
export async function waitForFreePorts(ports, { timeoutMs = 300_000 } = {}) {
  const started = Date.now();
  for (;;) {
    const busy = [];
    for (const port of ports) if (await isListening(port)) busy.push(port);
    if (!busy.length) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(
        `Port${busy.length > 1 ? 's' : ''} ${busy.join(', ')} of 127.0.0.1 stayed taken for ` +
          `${timeoutMs / 1000} s by another process (a server of yours, or another test run): stop it and run ` +
          `the test again`,
      );
    await sleep(500);
  }
}

/**
 * Starts `command` with `sh -c` in `cwd`, in a process group of its own, once `ports` are free;
 * resolves when `ready(output)` holds, to `{ output(), stop() }`. stop() sends SIGINT to the
 * whole group, as Ctrl-C in a terminal does, and resolves to `{ code, signal }`; a group that
 * outlives SIGINT by 15 s gets SIGKILL and stop() rejects.
 */
export async function startCommand(command, { cwd, env = {}, ports = [], ready, timeoutMs = 240_000 }) {
  const started = Date.now();
  for (;;) {
    await waitForFreePorts(ports, { timeoutMs });
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    outliveNot(child.pid);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    let done = false;
    exited.then(() => (done = true));
    while (!done && !ready(output)) {
      if (Date.now() - started > timeoutMs) {
        process.kill(-child.pid, 'SIGKILL');
        throw new Error(`\`${command}\` did not serve within ${timeoutMs / 1000} s:\n${output}`);
      }
      await sleep(100);
    }
    if (done) {
      // Lost the port to another run between the check and the start: try again.
      if (/EADDRINUSE/.test(output) && Date.now() - started < timeoutMs) continue;
      throw new Error(`\`${command}\` exited before serving (${JSON.stringify(await exited)}):\n${output}`);
    }
    return {
      output: () => output,
      async stop() {
        if (!done) process.kill(-child.pid, 'SIGINT');
        const result = await exited;
        // Every process of the group must end, not only the shell.
        const deadline = Date.now() + 15_000;
        while (alive(child.pid)) {
          if (Date.now() > deadline) {
            process.kill(-child.pid, 'SIGKILL');
            throw new Error(`\`${command}\` left processes running 15 s after SIGINT:\n${output}`);
          }
          await sleep(100);
        }
        return result;
      },
      /** Whether any process of the group is still alive. */
      groupAlive: () => alive(child.pid),
    };
  }
}

/**
 * The fenced code blocks of a Markdown text, in order: `{ lang, text, heading }` (heading: the
 * last `#` heading above the block).
 */
export function codeBlocks(markdown) {
  const blocks = [];
  let heading = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const title = /^#{1,6}\s+(.*)$/.exec(line);
    if (title) heading = title[1].trim();
    const fence = /^```(\w*)\s*$/.exec(line);
    if (!fence) continue;
    const body = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]); i++) body.push(lines[i]);
    blocks.push({ lang: fence[1], text: body.join('\n'), heading });
  }
  return blocks;
}

/** The commands of the `sh` blocks: one per line, without comments after `#` or blank lines. */
export const shellCommands = (block) =>
  block.text
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
