// The README's sample output is what its command prints on a terminal, against the sandbox the
// README starts (its blocks run as pasted in packages/readme-tests).
import { readFileSync } from 'node:fs';
import { type RunningMock, startMock } from '@hostapi/mock';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOSTAPI, onTerminal } from './run.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, log: () => {} });
});
afterAll(() => mock?.close());

it('prints the table the README shows', async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const [, command, shown] = /```sh\n(npx hostapi [^\n]+)\n```\n\n[^\n]+\n\n```text\n([\s\S]*?)```/.exec(readme)!;
  const env = { HOSTAPI_KEY: `cli-readme-${process.pid}`, HOSTAPI_URL: mock.url, NO_COLOR: '1' };
  const { code, stdout } = await onTerminal(command!.replace(/^npx hostapi/, HOSTAPI), env);
  expect(code).toBe(0);
  expect(stdout).toBe(shown);
});
