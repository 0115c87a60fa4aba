// `pnpm start` (scripts/start.mjs): its ports can be chosen (--docs-port, --mock-port, or
// DOCS_PORT, MOCK_PORT), and a port that is taken is named, with how to choose another, before
// anything starts; a script stops it as the README says. (It serving as the README prints it, and
// Ctrl-C stopping it, are checked by readme-commands.test.ts.)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, waitForFreePorts } from '@hostapi/testing/commands';
import { afterAll, beforeAll, expect, it } from 'vitest';

const START = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [START, ...args], { env: { ...process.env, ...env }, timeout: 30_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

let held: Server;
let taken: number;
beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  taken = (held.address() as { port: number }).port;
});
afterAll(() => held?.close());

it.each([
  ['--docs-port', 'docs', 'DOCS_PORT'],
  ['--mock-port', 'mock', 'MOCK_PORT'],
])('a taken %s is named, with how to choose another, and nothing starts', async (option, name, variable) => {
  const other = option === '--docs-port' ? '--mock-port' : '--docs-port';
  const { code, stdout, stderr } = await run(['--', option, String(taken), other, String(await freePort())]);
  expect(code).toBe(1);
  expect(stdout).toBe('');
  expect(stderr).toBe(
    `Port ${taken} of 127.0.0.1 is taken, so the ${name} cannot start there: choose another with pnpm start -- ` +
      `${option} <port> (or ${variable}=<port> pnpm start).\n`,
  );
});

it('takes its ports from DOCS_PORT and MOCK_PORT too', async () => {
  const { code, stderr } = await run([], { DOCS_PORT: String(await freePort()), MOCK_PORT: String(taken) });
  expect(code).toBe(1);
  expect(stderr).toContain(`Port ${taken} of 127.0.0.1 is taken, so the mock cannot start there`);
});

it('refuses a port that is not one, with the usage', async () => {
  const { code, stderr } = await run(['--mock-port', 'high']);
  expect(code).toBe(2);
  expect(stderr).toContain('--mock-port must be a port number, got high');
  expect(stderr).toContain('Usage: pnpm start');
});

it('from a script, as the README says: `pnpm start &`, then `kill $!` stops both servers', async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('in a script, `pnpm start &` then `kill $!`');
  const dir = mkdtempSync(join(tmpdir(), 'pnpm-start-script-'));
  const log = join(dir, 'start.log');
  // A script of a reader's: no terminal, the servers in the background, stopped once both serve.
  const script = `
    pnpm start -- --docs-port 0 --mock-port 0 > '${log}' 2>&1 &
    until grep -q '^hostapi mock on' '${log}' || ! kill -0 $! 2>/dev/null; do sleep 0.1; done
    kill $!
    wait $!
  `;
  try {
    await promisify(execFile)('bash', ['-c', script], { cwd: ROOT, timeout: 120_000 }).catch(
      (error: { code: number }) => expect(error.code).toBe(143), // ended by SIGTERM, as the shell says
    );
    const output = readFileSync(log, 'utf8');
    const ports = ['docs', 'mock'].map((name) =>
      Number(new RegExp(`^hostapi ${name} on http://127\\.0\\.0\\.1:(\\d+)$`, 'm').exec(output)?.[1]),
    );
    expect(ports.every(Boolean), output).toBe(true);
    // Both servers end: it throws when a port is still served 15 s on.
    await waitForFreePorts(ports, { timeoutMs: 15_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 150_000);
