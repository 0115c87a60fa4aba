// The mock through pnpm as the README starts it (`pnpm -C apps/mock start`), without a terminal:
// the exit codes are hostapi-mock's own (a recursive `pnpm --filter` run would turn each failure
// into 1), and SIGINT or SIGTERM to pnpm alone (not to its process group, as a script's `kill` or a
// supervisor sends it) closes the mock's port. (`npx hostapi-mock`, from the packed package, is
// tested where it is installed: packages/readme-tests/test/mock-readme.test.ts.)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { codeBlocks, freePort, isListening, shellCommands } from '@hostapi/testing/commands';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const START = codeBlocks(README)
  .filter((block) => block.lang === 'sh')
  .flatMap(shellCommands)
  .find((command) => command.startsWith('pnpm ') && command.endsWith(' start'));

let started: ChildProcess | undefined;
afterEach(() => {
  // Whatever the test left (the mock, had it not stopped) goes with the group.
  try {
    if (started?.pid) process.kill(-started.pid, 'SIGKILL');
  } catch {}
  started = undefined;
});

/** Runs `command` from the repository's root, in a process group of its own, with no terminal. */
function run(command: string, env: Record<string, string> = {}) {
  const [file, ...args] = command.split(' ');
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started = child;
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('the README’s pnpm command, without a terminal', () => {
  it('is `pnpm -C apps/mock start`', () => {
    expect(START).toBe('pnpm -C apps/mock start');
  });

  it('exits as hostapi-mock does: 2 for a bad option, 1 when it cannot start, 0 for --help', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const bogus = run(`${START} -- --bogus`);
      expect(await bogus.exited).toEqual({ code: 2, signal: null });
      expect(bogus.stderr()).toContain('Unknown option: --bogus');
      const port = String((busy.address() as { port: number }).port);
      const taken = run(START!, { PORT: port });
      expect(await taken.exited).toEqual({ code: 1, signal: null });
      expect(taken.stderr()).toContain(`port ${port} is in use`);
      expect(await run(`${START} -- --help`).exited).toEqual({ code: 0, signal: null });
    } finally {
      busy.close();
    }
  });

  it.each([
    ['SIGINT', { code: 0, signal: null }],
    ['SIGTERM', { code: null, signal: 'SIGTERM' }],
  ] as const)('%s to pnpm stops the mock', async (signal, how) => {
    const port = await freePort();
    const { child, exited, stdout } = run(START!, { PORT: String(port) });
    // Its line comes through pnpm's pipe, possibly after the port opens: wait for both.
    await expect.poll(() => isListening(port), { timeout: 60_000, interval: 100 }).toBe(true);
    await expect.poll(stdout, { timeout: 10_000, interval: 50 }).toContain(`hostapi mock on http://127.0.0.1:${port}`);
    child.kill(signal);
    expect(await exited).toEqual(how);
    await expect.poll(() => isListening(port), { timeout: 10_000, interval: 50 }).toBe(false);
  });
});
