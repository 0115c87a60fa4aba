// The mock README's vitest `globalSetup` for a consumer's suite (its sandbox section), run as
// written: its files copied into a project of their own (with @hostapi/mock, @hostapi/client and
// vitest installed as links), and that project's vitest run.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const MOCK = fileURLToPath(new URL('../../../apps/mock/', import.meta.url));
const readme = readFileSync(join(MOCK, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### From code, and in a consumer\'s vitest suite'), readme.indexOf('## Validating proxy'));
/** Each ```ts block of the section that names its file in its first line: `// test/x.ts`. */
const files = [...section.matchAll(/```ts\n\/\/ (\S+)\n([\s\S]*?)```/g)].map(([, path, code]) => ({ path: path!, code: `// ${path}\n${code}` }));

const project = mkdtempSync(join(tmpdir(), 'sandbox-consumer-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

it('the README shows a config, a globalSetup and a test file', () => {
  expect(files.map((f) => f.path)).toEqual(['vitest.config.ts', 'test/sandbox-setup.ts', 'test/ssh-keys.test.ts']);
});

it('its globalSetup starts a sandbox that the suite\'s test uses, and stops it', async () => {
  for (const { path, code } of files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), code);
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  mkdirSync(join(project, 'node_modules', '@hostapi'), { recursive: true });
  const link = (name: string, target: string) => symlinkSync(target, join(project, 'node_modules', name), 'dir');
  link('@hostapi/mock', MOCK);
  link('@hostapi/client', fileURLToPath(new URL('../../../packages/client', import.meta.url)));
  link('vitest', fileURLToPath(new URL('../node_modules/vitest', import.meta.url)));

  const child = spawn(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: project, env: { ...process.env, CI: '1', NO_COLOR: '1' } });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(output).toMatch(/Tests\s+1 passed \(1\)/);
  expect(code, output).toBe(0);
}, 120_000);
