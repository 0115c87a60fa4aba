// README commands run as written: started in a group of their own, stopped as Ctrl-C stops
// them, and never left behind holding their port, even when the test that started them dies.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeBlocks, isListening, shellCommands, startCommand } from '../src/commands.mjs';

const COMMANDS = fileURLToPath(new URL('../src/commands.mjs', import.meta.url));

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
/** A shell command whose child (a second process of the group) listens on port and says "up". */
const serverOn = (port: number) =>
  `node -e "require('http').createServer(() => {}).listen(${port}, '127.0.0.1', () => console.log('up'))"`;

async function until(ready: () => Promise<boolean>, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await ready())) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('startCommand', () => {
  it('resolves once the command serves; stop() ends its whole group and frees the port', async () => {
    const port = await freePort();
    const running = await startCommand(serverOn(port), {
      cwd: '/',
      ports: [port],
      ready: (output) => output.includes('up'),
    });
    expect(await isListening(port)).toBe(true);
    expect(await running.stop()).toMatchObject({ signal: 'SIGINT' });
    expect(running.groupAlive()).toBe(false);
    expect(await isListening(port)).toBe(false);
  });

  it.each([
    ['exits (a test that timed out before its stop())', 'process.exit(0)', null],
    ['is killed (a test runner stopped by a failed task)', "process.kill(process.pid, 'SIGKILL')", 'SIGKILL'],
  ])('leaves nothing behind when the process that started it %s', async (_what, end, signal) => {
    const port = await freePort();
    const script = `import { startCommand } from ${JSON.stringify(COMMANDS)};
      await startCommand(${JSON.stringify(serverOn(port))}, {
        cwd: '/', ports: [${port}], ready: (output) => output.includes('up'),
      });
      console.log('started'); ${end};`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    parent.stdout!.on('data', (chunk) => (output += chunk));
    expect(await new Promise((resolve) => parent.once('exit', (_code, how) => resolve(how)))).toBe(signal);
    expect(output).toContain('started');
    expect(await until(async () => !(await isListening(port)))).toBe(true);
  });

  it('waits while another run holds the port', async () => {
    const port = await freePort();
    // The holder lets go once startCommand has found the port taken (its probe connected).
    let released = false;
    const holder = createServer().listen(port, '127.0.0.1');
    holder.once('connection', () => holder.close(() => (released = true)));
    let servedAfterRelease: boolean | undefined;
    const running = await startCommand(serverOn(port), {
      cwd: '/',
      ports: [port],
      ready: (output) => output.includes('up') && (servedAfterRelease ??= released) !== undefined,
    });
    expect(servedAfterRelease).toBe(true);
    await running.stop();
  });
});

describe('codeBlocks and shellCommands', () => {
  it('read the sh blocks of a README, each under its heading, comments and blank lines left out', () => {
    const blocks = codeBlocks(
      '# A\n\n```sh\npnpm start   # serves\n\n# a comment\npnpm test\n```\n\n## B\n```js\nx()\n```\n',
    );
    expect(blocks).toEqual([
      { lang: 'sh', text: 'pnpm start   # serves\n\n# a comment\npnpm test', heading: 'A' },
      { lang: 'js', text: 'x()', heading: 'B' },
    ]);
    expect(shellCommands(blocks[0]!)).toEqual(['pnpm start', 'pnpm test']);
  });
});
