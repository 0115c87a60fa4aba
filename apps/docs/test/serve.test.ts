// `pnpm --filter @hostapi/docs start` serves dist/ (bin/serve.mjs): pnpm passes a `--` on, port 0
// picks a free port, a bad port is refused with a clear message, and every answer forbids framing
// by another site (what a page on another origin then shows: docs-navigation.test.ts).
import { expect, it } from 'vitest';
import { serve } from './support/serve.js';

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

it('forbids framing and sniffing in each answer: page, script, 404, 405, the page naming the mock', async () => {
  const plain = await serve(['--port', '0']);
  const withMock = await serve(['--port', '0', '--mock-url', 'http://127.0.0.1:4010']);
  try {
    const script = (await (await fetch(`${plain.url}/`)).text()).match(/src="\.\/(console-[0-9a-f]+\.js)"/)![1];
    const answers = [
      await fetch(`${plain.url}/`),
      await fetch(`${plain.url}/${script}`),
      await fetch(`${plain.url}/nothing-here.html`),
      await fetch(`${plain.url}/`, { method: 'POST' }),
      await fetch(`${withMock.url}/`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 405, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy'), answer.url).toBe("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options'), answer.url).toBe('DENY');
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
    }
  } finally {
    plain.stop();
    withMock.stop();
  }
});
