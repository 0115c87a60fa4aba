// What the READMEs of the installed packages show: the hosts they name are the description's
// servers, and the per-call options example runs, against the mock, as written.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBundle } from '@hostapi/spec/document';
import ts from 'typescript';
import { expect, inject, it } from 'vitest';

const run = promisify(execFile);
const { dir, mockUrl } = inject('consumer');
const SERVERS: string[] = readBundle().servers.map((server: { url: string }) => server.url);
const readme = (name: string) => readFileSync(join(dir, 'node_modules/@hostapi', name, 'README.md'), 'utf8');

/** Every address a README shows in code (blocks and `inline`), as opposed to links to read. */
const addressesIn = (text: string) => {
  const code = [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((m) => m[0]).join('\n');
  return [...new Set(code.match(/https?:\/\/[^\s'"`)<>]+/g) ?? [])].map((url) => url.replace(/\/$/, ''));
};

it.each(['client', 'types'])("every address in @hostapi/%s's README is on one of the description's servers", (name) => {
  const text = readme(name);
  const addresses = addressesIn(text);
  expect(addresses.length).toBeGreaterThan(0);
  // The local mock's server, on the port the README starts it on when it names one (the client's
  // sandbox: `npx hostapi-mock --sandbox --port 4011`, since `pnpm start` may hold 4010).
  const mockPort = /npx hostapi-mock\b.*\s--port (\d+)/.exec(text)?.[1];
  const servers = SERVERS.map((server) =>
    mockPort ? server.replace(/^(http:\/\/127\.0\.0\.1):\d+$/, `$1:${mockPort}`) : server,
  );
  // A base URL, or a URL under one (a request the README shows).
  for (const address of addresses)
    expect(
      servers.some((server) => address === server || address.startsWith(`${server}/`)),
      address,
    ).toBe(true);
});

it('the client README gives the first server as the default', () => {
  expect(readme('client')).toContain(`\`baseUrl\` | \`${SERVERS[0]}\`, the description's first server`);
});

it("the README's per-call options example: the mock's rate-limit answer, one retry, a RateLimitError", async () => {
  const block = [...readme('client').matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1]!)
    .find((b) => b.includes('example=rateLimited'));
  expect(block).toBeDefined();
  const expectedOutput = /^\/\/ prints: (listServers: .*)$/m.exec(block!)?.[1];
  expect(expectedOutput).toBe(
    'listServers: You have exceeded the number of requests per second for this key. Please try again soon.',
  );
  writeFileSync(
    join(dir, 'readme-rate-limit.mjs'),
    ts.transpileModule(block!, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
      .outputText,
  );
  // Counts the requests the example makes, without touching the example: fetch, wrapped before it runs.
  writeFileSync(
    join(dir, 'count-fetch.mjs'),
    `const fetch = globalThis.fetch;
let calls = 0;
globalThis.fetch = (...args) => (calls++, fetch(...args));
process.on('exit', () => console.error(JSON.stringify({ calls })));
`,
  );
  const started = performance.now();
  const { stdout, stderr } = await run('node', ['--import', './count-fetch.mjs', 'readme-rate-limit.mjs'], {
    cwd: dir,
    env: { ...process.env, HOSTAPI_URL: mockUrl },
  });
  expect(stdout.trim()).toBe(expectedOutput);
  expect(JSON.parse(stderr.trim().split('\n').at(-1)!)).toEqual({ calls: 2 });
  // The retry waited (baseDelayMs 100: at least 50 ms with jitter).
  expect(performance.now() - started).toBeGreaterThan(50);
});
