// Updating vendored packages as the root README says: a project (`npm init -y`) installs the folder
// `pnpm vendor` wrote with the README's install lines; the client then changes (its built entry
// points marked, in a copy of it beside the rest of the repository), is vendored again into the
// same folder, and the same install lines give the project the new client, from require() and from
// import(). A teammate who pulls the folder, package.json and package-lock.json gets it with a
// plain `npm install`.
import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sh } from '../lib/pasted.js';
import { type ReaderProject, readerProject, VENDORED_INSTALL } from '../lib/reader-project.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What the project's programs see of the client: the mark the changed client carries, if any. */
const SEEN = [
  `node -e "console.log(require('@hostapi/client').vendoredMark)"`,
  `node -e "import('@hostapi/client').then((client) => console.log(client.vendoredMark))"`,
].join(' && ');

let copy: string;
let project: ReaderProject;
let teammate: ReaderProject;
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  project?.remove();
  teammate?.remove();
});

/**
 * The repository with the client changed, as pnpm vendor sees it: a folder holding a copy of the
 * client (its node_modules linked) and of scripts/vendor.mjs (which packs the repository it is in),
 * everything else linked to the repository. The client's entry points, as require() and import
 * resolve them, are marked `vendoredMark = 'updated'`.
 */
function changedRepository() {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-changed-'));
  const link = (path: string) => symlinkSync(join(ROOT, path), join(dir, path));
  for (const folder of ['packages', 'scripts']) mkdirSync(join(dir, folder));
  for (const entry of readdirSync(ROOT)) if (!['packages', 'scripts', '.git'].includes(entry)) link(entry);
  for (const entry of readdirSync(join(ROOT, 'packages'))) if (entry !== 'client') link(`packages/${entry}`);
  cpSync(join(ROOT, 'scripts/vendor.mjs'), join(dir, 'scripts/vendor.mjs'));
  cpSync(join(ROOT, 'packages/client'), join(dir, 'packages/client'), {
    recursive: true,
    filter: (path) => basename(path) !== 'node_modules',
  });
  link('packages/client/node_modules');
  const client = join(dir, 'packages/client');
  const resolve = (args: string[]) => execFileSync(process.execPath, args, { cwd: client, encoding: 'utf8' }).trim();
  const required = resolve(['-p', `require.resolve('@hostapi/client')`]);
  const imported = fileURLToPath(
    resolve(['--input-type=module', '-e', `console.log(import.meta.resolve('@hostapi/client'))`]),
  );
  if (required !== imported && required.endsWith('.cjs'))
    appendFileSync(required, `\nmodule.exports.vendoredMark = 'updated';\n`);
  appendFileSync(imported, `\nexport const vendoredMark = 'updated';\n`);
  return dir;
}

beforeAll(async () => {
  project = await readerProject(inject('vendor'));
  await project.run(...VENDORED_INSTALL);
});

it('the root README prints two install lines, and README.txt in the vendored folder the same', () => {
  expect(VENDORED_INSTALL).toHaveLength(2);
  const readme = readFileSync(join(project.dir, 'vendor/hostapi/README.txt'), 'utf8');
  for (const line of VENDORED_INSTALL) expect(readme).toContain(`  ${line}\n`);
});

it('a teammate installs the committed project with a plain `npm install`', async () => {
  teammate = await readerProject(inject('vendor'), 'teammate');
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(project.dir, file), join(teammate.dir, file));
  await teammate.run('npm install');
  expect(await teammate.run(SEEN)).toBe('undefined\nundefined\n');
});

it('packing again and running the install lines again delivers the new client', async () => {
  expect(await project.run(SEEN)).toBe('undefined\nundefined\n');
  copy = changedRepository();
  // What `pnpm vendor` runs once its build is done (the repository is built already).
  const vendored = await sh(`node scripts/vendor.mjs ${join(project.dir, 'vendor/hostapi')}`, copy);
  expect(vendored.code, vendored.stderr).toBe(0);
  expect(vendored.stdout).toContain(VENDORED_INSTALL.join('\n  '));

  // What README.txt warns of: npm goes by the file's name, which has not changed.
  await project.run('npm install');
  expect(await project.run(SEEN)).toBe('undefined\nundefined\n');

  await project.run(...VENDORED_INSTALL);
  expect(await project.run(SEEN)).toBe('updated\nupdated\n');
});

it('the teammate gets the new client with a plain `npm install` once they pull', async () => {
  cpSync(join(project.dir, 'vendor/hostapi'), join(teammate.dir, 'vendor/hostapi'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(project.dir, file), join(teammate.dir, file));
  await teammate.run('npm install');
  expect(await teammate.run(SEEN)).toBe('updated\nupdated\n');
});
