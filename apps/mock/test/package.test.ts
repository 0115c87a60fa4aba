// From another repository, as the README tells: the commands of its "In another repository"
// section run as written (HOME is a fresh folder, so `~/hostapi-tarballs` is this test's), the
// tarballs installed with npm into a new project, `npx hostapi-mock --port 4010` called, and the
// README's vitest files written as printed and run with `npx vitest run`.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { codeBlocks, isListening, shellCommands, startCommand } from '@hostapi/testing/commands';
import { responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operation, spec } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The versions the tarballs are packed at (the README's glob installs whichever). */
const VERSIONS = {
  mock: JSON.parse(readFileSync(join(ROOT, 'apps/mock/package.json'), 'utf8')).version as string,
  spec: JSON.parse(readFileSync(join(ROOT, 'spec/package.json'), 'utf8')).version as string,
};
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const section = codeBlocks(README).filter((block) => block.heading === 'In another repository');
const commands = section.filter((block) => block.lang === 'sh').flatMap(shellCommands);
/** The files the README prints: each `js` block starts with `// <path>`. */
const files = section.filter((block) => block.lang === 'js').map((block) => ({ path: /^\/\/ (\S+)/.exec(block.text)![1]!, text: `${block.text}\n` }));

const home = mkdtempSync(join(tmpdir(), 'hostapi-mock-consumer-'));
const project = join(home, 'project');
const env = {
  HOME: home,
  // npm's cache stays where it is (a fresh HOME would download everything again).
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? tmpdir(), '.npm'),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/** Runs a command of the README as written, to its end. */
const run = (command: string, cwd: string) => execFileSync('sh', ['-c', command], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const [pack, install, serve, installVitest, runVitest] = [
  'pnpm --filter @hostapi/spec --filter @hostapi/mock pack --pack-destination ~/hostapi-tarballs',
  'npm install --save-dev ~/hostapi-tarballs/hostapi-spec-*.tgz ~/hostapi-tarballs/hostapi-mock-*.tgz',
  'npx hostapi-mock --port 4010',
  'npm install --save-dev vitest@4.1.12',
  'npx vitest run',
];

beforeAll(() => {
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-consumer', version: '1.0.0', private: true }, null, 2));
  run(pack, ROOT);
  run(install, project);
}, 300_000);

afterAll(() => rmSync(home, { recursive: true, force: true }));

it('the README prints these commands and files, in this order', () => {
  expect(commands).toEqual([pack, install, serve, installVitest, runVitest]);
  expect(files.map((f) => f.path)).toEqual(['vitest.config.mjs', 'test/mock-setup.mjs', 'test/servers.test.mjs']);
});

it('the tarballs hold the command, the library and the description, and nothing of the tests', () => {
  expect(readdirSync(join(home, 'hostapi-tarballs')).sort()).toEqual([`hostapi-mock-${VERSIONS.mock}.tgz`, `hostapi-spec-${VERSIONS.spec}.tgz`]);
  const installed = join(project, 'node_modules/@hostapi/mock');
  expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'bin', 'fixtures', 'package.json', 'src']);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  expect(manifest.bin).toEqual({ 'hostapi-mock': './bin/mock.mjs' });
  expect(manifest.dependencies['@hostapi/spec']).toBe(VERSIONS.spec);
  expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).devDependencies).toEqual({
    '@hostapi/mock': `file:../hostapi-tarballs/hostapi-mock-${VERSIONS.mock}.tgz`,
    '@hostapi/spec': `file:../hostapi-tarballs/hostapi-spec-${VERSIONS.spec}.tgz`,
  });
});

it('`npx hostapi-mock --port 4010` serves every operation', async () => {
  const mock = await startCommand(serve, { cwd: project, env, ports: [4010], ready: (output) => output.includes('hostapi mock on http://127.0.0.1:4010') });
  try {
    const response = await fetch('http://127.0.0.1:4010/1.2/srs/update_contact.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'apikey=k&client_id=293&contact_id=3310&params[City]=Auckland',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(responseExamples(spec, operation('updateDomainContact').op, '200').success);
  } finally {
    // Ctrl-C: npx and the mock end (npx by the signal, the mock closing with 0).
    const { code, signal } = await mock.stop();
    expect(code === 0 || signal === 'SIGINT').toBe(true);
    expect(mock.groupAlive()).toBe(false);
    expect(await isListening(4010)).toBe(false);
  }
  // Longer than startCommand waits for port 4010, which the README-commands test may hold.
}, 300_000);

it('the installed package runs every mode: the sandbox from its built-in fixture, --dynamic', async () => {
  for (const [args, line] of [['--sandbox', 'hostapi mock (sandbox) on'], ['--dynamic --seed 3', 'hostapi mock (dynamic, seed 3) on']] as const) {
    const mock = await startCommand(`npx hostapi-mock ${args} --port 0`, { cwd: project, env, ready: (output) => output.includes(line) });
    try {
      const url = / on (http:\S+) /.exec(mock.output())![1];
      const body = await (await fetch(`${url}/1.3/server/list_servers.json?apikey=k&client_id=293`)).json();
      expect(body.status).toBe(true);
      expect(body.return.data.length).toBeGreaterThan(0);
    } finally {
      await mock.stop();
    }
  }
}, 120_000);

it('a vitest suite starts it with startMock from a globalSetup, as the README prints', () => {
  run(installVitest, project);
  for (const { path, text } of files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  const output = run(runVitest, project).replace(/\x1b\[[0-9;]*m/g, '');
  expect(output).toMatch(/Test Files\s+1 passed \(1\)/);
  expect(output).toMatch(/Tests\s+1 passed \(1\)/);
}, 300_000);
