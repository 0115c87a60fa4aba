// `pnpm vendor <folder>`: the public packages packed, as `npm publish` would pack them, into one
// folder another repository can commit and install from before the first release:
//   <folder>/hostapi-spec.tgz, hostapi-types.tgz, hostapi-client.tgz, hostapi-mcp.tgz,
//   hostapi-cli.tgz, hostapi-mock.tgz
// and a README.txt saying what they are and how to install and update them. The names carry no
// version, so that the install lines stay the same when the folder is refreshed; they are also
// how to update, since a plain `npm install` keeps what it installed from a file of the same name
// (packages/readme-tests/test/vendor-update.test.ts). `<folder>` is read from where the command
// is typed (pnpm runs scripts from the repository's root).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The public packages, in the order they depend on each other. */
const PACKAGES = [
  { name: '@hostapi/spec', dir: 'spec' },
  { name: '@hostapi/types', dir: 'packages/types' },
  { name: '@hostapi/client', dir: 'packages/client' },
  { name: '@hostapi/mcp', dir: 'packages/mcp' },
  { name: '@hostapi/cli', dir: 'packages/cli' },
  { name: '@hostapi/mock', dir: 'apps/mock' },
];
const fileOf = (name) => `${name.replace('@hostapi/', 'hostapi-')}.tgz`;
/** How a project installs them, and updates them after packing again (the root README prints the same lines). */
const INSTALL = [
  'npm install ./vendor/hostapi/hostapi-types.tgz ./vendor/hostapi/hostapi-client.tgz',
  'npm install --save-dev ./vendor/hostapi/hostapi-spec.tgz ./vendor/hostapi/hostapi-mock.tgz',
];
/** The MCP server's install line: with the description and the client it runs on. */
const MCP_INSTALL =
  'npm install ' + ['spec', 'client', 'mcp'].map((n) => `./vendor/hostapi/hostapi-${n}.tgz`).join(' ');
/** The command line's install line: with the description and the client it runs on. */
const CLI_INSTALL =
  'npm install ' + ['spec', 'client', 'cli'].map((n) => `./vendor/hostapi/hostapi-${n}.tgz`).join(' ');

const args = process.argv.slice(2).filter((arg, i) => !(arg === '--' && i === 0));
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('Usage: pnpm vendor <folder>   (for example: pnpm vendor ../your-app/vendor/hostapi)');
  process.exit(2);
}
const folder = isAbsolute(args[0]) ? args[0] : resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);

const staging = mkdtempSync(join(tmpdir(), 'hostapi-vendor-'));
try {
  mkdirSync(folder, { recursive: true });
  const packed = [];
  for (const { name, dir } of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    if (manifest.private) throw new Error(`${name} is private: it cannot be vendored`);
    const before = new Set(readdirSync(staging));
    // pnpm pack writes workspace:* dependencies as the versions packed beside them.
    execFileSync('pnpm', ['pack', '--pack-destination', staging], {
      cwd: join(ROOT, dir),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(staging).find((file) => !before.has(file));
    renameSync(join(staging, tarball), join(folder, fileOf(name)));
    packed.push({ name, version: manifest.version, file: fileOf(name) });
  }
  const commit = (() => {
    try {
      const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
      const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim()
        ? ', with uncommitted changes'
        : '';
      return `${head}${dirty}`;
    } catch {
      return 'an unknown commit';
    }
  })();
  writeFileSync(
    join(folder, 'README.txt'),
    `hostapi packages, packed from ${commit} on ${new Date().toISOString().slice(0, 10)}:
${packed.map(({ name, version, file }) => `  ${file}  ${name} ${version}`).join('\n')}

Install from the folder this file is in (here as vendor/hostapi, relative to your package.json):
${INSTALL.map((line) => `  ${line}`).join('\n')}
The MCP server for agents (hostapi-mcp), with the description and the client it runs on:
  ${MCP_INSTALL}
The command line (hostapi), with the description and the client it runs on:
  ${CLI_INSTALL}
To update after packing again, run the same lines again: a plain \`npm install\` keeps the
packages it has, the file names being the same. Commit this folder with package.json and
package-lock.json: teammates then get the new packages with a plain \`npm install\`.
Once the packages are on npm: npm install @hostapi/client, npm install --save-dev @hostapi/mock.
`,
  );
  console.log(`Packed ${packed.map(({ file }) => file).join(', ')} into ${folder}
To install or update them, in your project (with this folder as vendor/hostapi):
${INSTALL.map((line) => `  ${line}`).join('\n')}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
