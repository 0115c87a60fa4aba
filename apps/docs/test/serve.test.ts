// `pnpm --filter @hostapi/docs start` serves dist/ (bin/serve.mjs): pnpm passes a `--` on, port 0
// picks a free port, and a bad port is refused with a clear message.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('../bin/serve.mjs', import.meta.url));

/** Starts the server with `args`; resolves to the address it prints, or its exit code and message. */
function serve(args: string[]) {
  const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise<{ url?: string; code?: number | null; err: string; stop(): void }>((resolve) => {
    child.stdout!.on('data', (chunk) => {
      const url = /hostapi docs on (http:\/\/\S+)/.exec(String(chunk))?.[1];
      if (url) resolve({ url, err, stop: () => child.kill('SIGINT') });
    });
    child.on('exit', (code) => resolve({ code, err, stop() {} }));
  });
}

it('takes its options after a `--`, serves on a free port with --port 0', async () => {
  const server = await serve(['--', '--port', '0']);
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="redoc">');
  } finally {
    server.stop();
  }
});

it('refuses a port that is not one, naming it', async () => {
  const { code, err } = await serve(['--port', 'eighty']);
  expect(code).toBe(2);
  expect(err).toContain('--port must be a port number, got eighty');
});
