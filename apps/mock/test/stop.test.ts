// The mock stops with whatever started it. `pnpm --filter @hostapi/mock start`, the README's
// command, run without a terminal: SIGINT or SIGTERM to pnpm alone (not to its process group, as
// a script's `kill` or a supervisor sends it) closes the mock's port. (`npx hostapi-mock`, from the
// packed package, is tested where it is installed: packages/readme-tests/test/mock-readme.test.ts.)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeBlocks, freePort, isListening, shellCommands } from '@hostapi/testing/commands';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const START = codeBlocks(README)
  .filter((block) => block.lang === 'sh')
  .flatMap(shellCommands)
  .find((command) => command === 'pnpm --filter @hostapi/mock start');

let started: ChildProcess | undefined;
afterEach(() => {
  // Whatever the test left (the mock, had it not stopped) goes with the group.
  try {
    if (started?.pid) process.kill(-started.pid, 'SIGKILL');
  } catch {}
  started = undefined;
});

/** Runs `command` (in a process group of its own, no terminal) with PORT set; resolves once the port listens. */
async function serve(command: string, port: number) {
  const [file, ...args] = command.split(' ');
  const child = spawn(file!, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started = child;
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await expect.poll(() => isListening(port), { timeout: 60_000, interval: 100 }).toBe(true);
  expect(output).toContain(`hostapi mock on http://127.0.0.1:${port}`);
  return { child, exited };
}

describe('pnpm --filter @hostapi/mock start, without a terminal', () => {
  it('is the command the README prints', () => {
    expect(START).toBe('pnpm --filter @hostapi/mock start');
  });

  it.each([
    ['SIGINT', { code: 0, signal: null }],
    ['SIGTERM', { code: null, signal: 'SIGTERM' }],
  ] as const)('%s to pnpm stops the mock', async (signal, how) => {
    const port = await freePort();
    const { child, exited } = await serve(START!, port);
    child.kill(signal);
    expect(await exited).toEqual(how);
    await expect.poll(() => isListening(port), { timeout: 10_000, interval: 50 }).toBe(false);
  });
});
