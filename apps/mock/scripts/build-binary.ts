// `pnpm -C apps/mock build:binary [--out <file>] [--node <binary>]`: the mock as one executable
// that needs no Node installed (Node's single executable applications): src/bin.ts bundled by
// esbuild into one CommonJS script, the description, the built-in fixture and package.json
// embedded as assets (src/node/files.ts reads them), the whole injected by postject into a copy of
// a Node binary: the development Node (the repository's node-<platform>-<arch> package, Node 24,
// whichever Node runs this script), or --node's. Writes dist/hostapi-mock unless told otherwise,
// and beside it <file>.sha256, as `sha256sum <file>` writes it (`sha256sum -c` checks it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { ASSET_NAMES, BUILT_IN_FIXTURE, DOCUMENT, MANIFEST } from '../src/node/files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The sentinel Node's binary carries for SEA (the value its documentation gives postject).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

// pnpm 12 forwards the `--` of `pnpm build:binary -- --out <file>`; it marks nothing here.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { out: { type: 'string' }, node: { type: 'string' } },
});
if (!existsSync(DOCUMENT))
  throw new Error(`${DOCUMENT} is missing: build the description first (\`pnpm build\` in the repository)`);
// Paths as typed where the command was typed (pnpm runs scripts in the package's folder).
const typedIn = process.env.INIT_CWD ?? process.cwd();
const out = resolve(typedIn, values.out ?? join(ROOT, 'dist/hostapi-mock'));
const node = values.node ? resolve(typedIn, values.node) : developmentNode();
const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
if (!nodeVersion) throw new Error(`${node} is not a Node binary that runs here`);
// Intermediate files (bundle, SEA config, blob) beside the executable, kept for inspection.
const work = `${out}.sea`;
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const started = performance.now();

// SEA runs one CommonJS script (src/bin.ts has no top-level await, which CommonJS lacks); the
// bundle's syntax is Node 20's, so that --node may name one.
const bundle = join(work, 'mock.cjs');
await build({
  entryPoints: [join(ROOT, 'src/bin.ts')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // import.meta.url only names things in the executable (the files it reads are embedded): the
  // executable's own URL.
  define: { 'import.meta.url': '__executableUrl' },
  banner: { js: "const __executableUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  legalComments: 'none',
  logLevel: 'warning',
});

const config = join(work, 'sea-config.json');
const blob = join(work, 'sea-prep.blob');
const sea = {
  main: bundle,
  output: blob,
  // The CLI prints what bin/mock.mjs prints, nothing more.
  disableExperimentalSEAWarning: true,
  // Compiled code in the blob: the mock starts without compiling its bundle first.
  useCodeCache: true,
  // As bin/mock.mjs starts the mock: a young generation that stays small under load.
  execArgv: ['--max-semi-space-size=8'],
  assets: {
    [ASSET_NAMES.document]: DOCUMENT,
    [ASSET_NAMES.fixture]: BUILT_IN_FIXTURE,
    [ASSET_NAMES.manifest]: MANIFEST,
  },
};
writeFileSync(config, `${JSON.stringify(sea, null, 2)}\n`);
// The blob is prepared by the Node it goes into: its format is that version's.
const prepared = spawnSync(node, ['--experimental-sea-config', config], { encoding: 'utf8' });
if (prepared.status !== 0)
  throw new Error(`${node} --experimental-sea-config failed (${prepared.status}): ${prepared.stderr}`);

rmSync(out, { force: true });
copyFileSync(node, out);
chmodSync(out, 0o755);
injectBlob(out, blob);
rmSync(work, { recursive: true }); // only the executable and its .sha256 are handed over

const sum = createHash('sha256').update(readFileSync(out)).digest('hex');
writeFileSync(`${out}.sha256`, `${sum}  ${basename(out)}\n`);

const megabytes = (statSync(out).size / 1e6).toFixed(1);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${out}: ${megabytes} MB, Node ${nodeVersion} ${process.platform}-${process.arch}, built in ${seconds} s; ` +
    `its SHA-256 in ${basename(out)}.sha256`,
);

/**
 * postject's inject() of the blob into the executable, in a child process: on Node's Linux binary
 * postject (LIEF) prints "warning: Can't find string offset for section name '.note.100'" about
 * sections it leaves alone, harmless (nodejs/postject#83: the executable runs and its tests pass).
 * Those lines, and only those, are left out of what the build prints.
 */
function injectBlob(executable: string, blobFile: string) {
  const postject = pathToFileURL(createRequire(import.meta.url).resolve('postject')).href;
  const script = `import { readFileSync } from 'node:fs';
const { inject } = await import(${JSON.stringify(postject)});
const [file, blob, fuse] = process.argv.slice(1);
await inject(file, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: fuse });`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, executable, blobFile, FUSE], {
    encoding: 'utf8',
  });
  const harmless = /^warning: Can't find string offset for section name '\.note[.\d]*'\n/gm;
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr.replace(harmless, ''));
  if (run.status !== 0) throw new Error(`postject could not inject the blob into ${executable} (${run.status})`);
}

/** The development Node: the binary of the repository's node-<platform>-<arch> package (`pnpm install`). */
function developmentNode(): string {
  const name = `node-${process.platform}-${process.arch}`;
  try {
    return createRequire(new URL('../../../package.json', import.meta.url)).resolve(`${name}/bin/node`);
  } catch {
    throw new Error(`${name} (the repository's Node) is not installed: run \`pnpm install\`, or give --node <binary>`);
  }
}
