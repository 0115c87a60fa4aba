// `pnpm --filter @hostapi/mock build:binary [--out <file>]`: the mock as one executable that needs
// no Node installed (Node's single executable applications, for the platform and Node version
// that run this script): src/bin.ts bundled by esbuild into one CommonJS script, the description
// and the built-in fixture embedded as assets (src/node/files.ts reads them), the whole injected
// into a copy of this Node binary by postject. Writes dist/hostapi-mock unless told otherwise.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'postject';
import { ASSET_NAMES, BUILT_IN_FIXTURE, DOCUMENT, MANIFEST } from '../src/node/files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The sentinel Node's binary carries for SEA (the value its documentation gives postject).
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

// pnpm 12 forwards the `--` of `pnpm build:binary -- --out <file>`; it marks nothing here.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { out: { type: 'string' } },
});
if (!existsSync(DOCUMENT))
  throw new Error(`${DOCUMENT} is missing: build the description first (\`pnpm build\` in the repository)`);
const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? join(ROOT, 'dist/hostapi-mock'));
// Intermediate files (bundle, SEA config, blob) beside the executable, kept for inspection.
const work = `${out}.sea`;
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const started = performance.now();

// SEA in Node 20 runs one CommonJS script (src/bin.ts has no top-level await, which CommonJS lacks).
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
  assets: {
    [ASSET_NAMES.document]: DOCUMENT,
    [ASSET_NAMES.fixture]: BUILT_IN_FIXTURE,
    [ASSET_NAMES.manifest]: MANIFEST,
  },
};
writeFileSync(config, `${JSON.stringify(sea, null, 2)}\n`);
const prepared = spawnSync(process.execPath, ['--experimental-sea-config', config], { encoding: 'utf8' });
if (prepared.status !== 0)
  throw new Error(`node --experimental-sea-config failed (${prepared.status}): ${prepared.stderr}`);

rmSync(out, { force: true });
copyFileSync(process.execPath, out);
chmodSync(out, 0o755);
// postject (LIEF) prints "warning: Can't find string offset for section name '.note.100'" on
// Node's Linux binary: harmless (nodejs/postject#83); the executable runs.
await inject(out, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE });

const megabytes = (statSync(out).size / 1e6).toFixed(1);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `${out}: ${megabytes} MB, Node ${process.version} ${process.platform}-${process.arch}, built in ${seconds} s`,
);
