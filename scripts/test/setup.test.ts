// The README's setup, as a newcomer runs it on the oldest Node it allows ("Node 20.19 or later"),
// in a fresh copy of the repository: `npm install --global pnpm@…` (into a folder of the test's
// own, not the machine's) then `pnpm install --frozen-lockfile` print no warning of an unsupported
// engine, and the Node 24 the repository runs on comes with them. (`pnpm start`, the line's last
// command, is run as printed by packages/contract-tests/test/readme-commands.test.ts.)
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nodeBinary, SUPPORTED_NODES } from '@hostapi/testing/node-versions';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROOT_MANIFEST = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const OLDEST = SUPPORTED_NODES[0]!;

/** The README's setup line, up to `pnpm start`. */
const SETUP = /^npm install --global pnpm@\S+ && pnpm install --frozen-lockfile(?= && pnpm start$)/m.exec(
  readFileSync(join(ROOT, 'README.md'), 'utf8'),
)?.[0];

let work: string;
let env: Record<string, string>;
let setup: { stdout: string; stderr: string };

beforeAll(async () => {
  expect(SETUP).toBeDefined();
  work = mkdtempSync(join(tmpdir(), 'hostapi-setup-'));
  const copy = join(work, 'hostapi');
  // A fresh clone of the working tree: its files as git would check them out, nothing built or installed.
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of files.split('\n').filter(Boolean)) {
    mkdirSync(join(copy, dirname(file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
  // The machine as the README's reader has it: the oldest Node it allows first on PATH, with npm;
  // npm's global folder a new one, so that the pnpm the line installs is the one that runs.
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8', env: { PATH: machinePath() } }).trim();
  const global = join(work, 'global');
  env = {
    HOME: process.env.HOME!,
    PATH: [dirname(await nodeBinary(OLDEST)), join(global, 'bin'), dirname(npm), '/usr/bin', '/bin'].join(delimiter),
    npm_config_prefix: global,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...pick(process.env, /^(pnpm_config_store_dir|NODE_EXTRA_CA_CERTS|https?_proxy|no_proxy|HTTPS?_PROXY|NO_PROXY)$/),
  };
  setup = await promisify(execFile)('sh', ['-c', SETUP!], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

it(`runs on Node ${OLDEST} with the pnpm it installs`, async () => {
  const run = promisify(execFile);
  expect((await run('node', ['--version'], { env })).stdout.trim()).toBe(`v${OLDEST}`);
  expect((await run('sh', ['-c', 'command -v pnpm'], { env })).stdout.trim()).toBe(join(work, 'global/bin/pnpm'));
  expect(setup.stdout).toMatch(/^Done in .* using pnpm v/m);
});

it('prints no warning of an unsupported engine, from npm or pnpm', () => {
  const output = setup.stdout + setup.stderr;
  expect(output.split('\n').filter((line) => /unsupported engine|EBADENGINE/i.test(line))).toEqual([]);
});

it('brings the Node the scripts run on, which the engines are checked against, and warns of none there', async () => {
  const node = ROOT_MANIFEST.optionalDependencies[`node-${process.platform}-${process.arch}`];
  expect(readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')).toMatch(new RegExp(`^nodeVersion: ${node}$`, 'm'));
  // A package's script, as the README's table runs one (`pnpm --filter <package> …`): pnpm checks
  // the engines of the packages it runs in.
  const { stdout, stderr } = await promisify(execFile)(
    'pnpm',
    ['--filter', '@hostapi/docs', 'exec', 'node', '--version'],
    { cwd: join(work, 'hostapi'), env },
  );
  expect(stdout.trim()).toBe(`v${node}`);
  expect(stderr).not.toMatch(/unsupported engine/i);
});

/** PATH without the folders of node_modules/.bin that pnpm put first (Node 24 among them). */
function machinePath() {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(delimiter);
}

function pick(from: NodeJS.ProcessEnv, names: RegExp): Record<string, string> {
  return Object.fromEntries(Object.entries(from).filter((e): e is [string, string] => names.test(e[0]) && !!e[1]));
}
