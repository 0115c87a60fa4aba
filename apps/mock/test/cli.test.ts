// The command line takes what people type: the `--` pnpm 12 forwards, --help, and clear
// refusals (exit 2, the problem named, then the usage) for anything it cannot take.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, startCli } from './helpers.js';

describe('hostapi-mock', () => {
  it('--help (and -h) prints the usage and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const { code, stdout } = await runCli([flag]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Usage:\n {2}hostapi-mock \[options\]/);
      expect(stdout).toContain('--strict');
      expect(stdout).toContain('--no-cors');
      for (const route of ['GET /__mock/journal', 'DELETE /__mock/journal', 'POST /__mock/journal/verify'])
        expect(stdout).toContain(route);
    }
  });

  it("--version prints the mock's version and its Node's, and exits 0", async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(await runCli(['--version'])).toEqual({
      code: 0,
      stdout: `hostapi-mock ${version} (Node ${process.version})\n`,
      stderr: '',
    });
  });

  it('ignores the `--` pnpm forwards, before the options or after the command', async () => {
    const mock = await startCli(['--', '--dynamic', '--seed', '7']);
    expect(mock.output()).toMatch(
      /^hostapi mock \(dynamic, seed 7\) on http:\/\/127\.0\.0\.1:\d+ \(ready in \d+ ms\)\n$/,
    );
    expect((await fetch(`${mock.url}/1.5/server/list_images.json?apikey=k`)).status).toBe(200);
    expect(await mock.stop()).toBe(0);

    const proxy = await startCli(['proxy', '--', '--upstream', 'http://127.0.0.1:9']);
    expect(proxy.output()).toMatch(/^hostapi validating proxy to http:\/\/127\.0\.0\.1:9 on http:\/\/127\.0\.0\.1:\d+/);
    expect(await proxy.stop()).toBe(0);
  });

  it.each([
    [['--bogus'], 'Unknown option: --bogus'],
    [['--', '--prot', '4020'], 'Unknown option: --prot'],
    [['-x'], 'Unknown option: -x'],
    [['--port'], '--port needs a value'],
    [['--port', 'eighty'], '--port must be a port number (0 picks a free one), got eighty'],
    [['--port', '70000'], '--port must be a port number (0 picks a free one), got 70000'],
    [['--dynamic', '--seed', 'seven'], '--seed must be a whole number, got seven'],
    [['--seed', '7'], '--seed goes with --dynamic'],
    [['--fixture', 'x.yaml'], '--fixture goes with --sandbox'],
    [['--rate-limit', '5'], '--rate-limit goes with --sandbox'],
    [['--sandbox', '--latency', 'soon'], '--latency must be a whole number from 0 to 2147483647, got soon'],
    [['--dynamic', '--sandbox'], '--dynamic and --sandbox are two modes: choose one'],
    [['--upstream', 'http://x'], '--upstream is an option of proxy'],
    [['serve'], 'Unknown command: serve'],
    [['proxy'], 'proxy needs --upstream <url>'],
    [['proxy', '--upstream', 'api.example.com'], '--upstream must be an http(s) URL, got api.example.com'],
    [['proxy', '--upstream', 'http://x', '--dynamic'], '--dynamic is not an option of proxy'],
  ])('%j exits 2, naming the problem, with the usage', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr).toContain('\n\nUsage:\n');
  });

  it('takes PORT and HOST from the environment', async () => {
    const child = spawn(process.execPath, [BIN], {
      env: { ...process.env, PORT: 'abc' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--port must be a port number (0 picks a free one), got abc');

    const mock = await startCli([], { env: { HOST: '127.0.0.1' } });
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await mock.stop();
  });

  it("runs with a small young generation (Node's --max-semi-space-size=8), once, and keeps one given", async () => {
    // /proc/<pid>/cmdline: what the process runs now (the command starts itself again with the flag).
    const flagsOf = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        .split('\0')
        .filter((arg) => arg.startsWith('--max-semi-space-size'));
    const mock = await startCli([]);
    expect(flagsOf(mock.child.pid!)).toEqual(['--max-semi-space-size=8']);
    await mock.stop();
    const given = await startCli([], { env: { NODE_OPTIONS: '--max-semi-space-size=32' } });
    expect(flagsOf(given.child.pid!)).toEqual([]);
    expect((await fetch(`${given.url}/`)).ok).toBe(true);
    await given.stop();
  });

  it('on a busy port, names the option and the variable that choose another, and exits 1', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      for (const [args, env] of [
        [['--port', String(port)], {}],
        [[], { PORT: String(port) }],
      ] as const) {
        const { code, stdout, stderr } = await runCli([...args], env);
        expect({ code, stdout, stderr }).toEqual({
          code: 1,
          stdout: '',
          stderr:
            `Cannot start the mock on 127.0.0.1:${port}: port ${port} is in use (EADDRINUSE: another ` +
            'hostapi-mock, or `pnpm start`?): choose another with --port <n> or PORT=<n>\n',
        });
      }
    } finally {
      busy.close();
    }
  });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('stops on %s with exit code 0', async (signal) => {
    const mock = await startCli([]);
    const exited = new Promise((resolve) => mock.child.once('exit', (code, signal) => resolve({ code, signal })));
    mock.child.kill(signal);
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});
