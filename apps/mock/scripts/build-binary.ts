// `pnpm --filter @hostapi/mock build:binary [--out <file>]`: the mock as one executable that needs
// no Node installed (Node's single executable applications, for the platform and Node version
// that run this script): bin/mock.mjs bundled by esbuild into one CommonJS script, the description
// and the built-in fixture embedded as assets (src/assets.mjs reads them), the whole injected into
// a copy of this Node binary by postject. Writes dist/hostapi-mock unless told otherwise.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'postject';
import { ASSET_NAMES, BUILT_IN_FIXTURE, DOCUMENT } from '../src/assets.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/mock.mjs');
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

// SEA in Node 20 runs one CommonJS script, and esbuild cannot write top-level await as CommonJS:
// the bin's statements after its imports run in an async function instead, unchanged otherwise
// (an error it does not catch still ends the process with exit code 1, as an unhandled rejection).
const wrapBin = {
  name: 'bin-without-top-level-await',
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]bin[\\/]mock\.mjs$/ }, ({ path }) => {
      const text = readFileSync(path, 'utf8').replace(/^#!.*\n/, '');
      const imports = /^(?:\s*(?:\/\/.*)?\n|import [^;]+;\n)*/.exec(text)[0];
      const body = text.slice(imports.length);
      if (/^import /m.test(body))
        throw new Error(`${path}: imports after its first statement; move them up or change this plugin`);
      return { contents: `${imports}(async () => {\n${body}\n})();\n`, loader: 'js', resolveDir: dirname(path) };
    });
  },
};

const bundle = join(work, 'mock.cjs');
await build({
  entryPoints: [BIN],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  plugins: [wrapBin],
  // import.meta.url only names things in the executable (the files it reads are embedded): the
  // executable's own URL.
  define: { 'import.meta.url': '__executableUrl' },
  banner: { js: "const __executableUrl = require('node:url').pathToFileURL(process.execPath).href;" },
  legalComments: 'none',
  logLevel: 'warning',
});

const config = join(work, 'sea-config.json');
const blob = join(work, 'sea-prep.blob');
writeFileSync(
  config,
  `${JSON.stringify(
    {
      main: bundle,
      output: blob,
      // The CLI prints what bin/mock.mjs prints, nothing more.
      disableExperimentalSEAWarning: true,
      // Compiled code in the blob: the mock starts without compiling its bundle first.
      useCodeCache: true,
      assets: { [ASSET_NAMES.document]: DOCUMENT, [ASSET_NAMES.fixture]: BUILT_IN_FIXTURE },
    },
    null,
    2,
  )}\n`,
);
const sea = spawnSync(process.execPath, ['--experimental-sea-config', config], { encoding: 'utf8' });
if (sea.status !== 0) throw new Error(`node --experimental-sea-config failed (${sea.status}): ${sea.stderr}`);

rmSync(out, { force: true });
copyFileSync(process.execPath, out);
chmodSync(out, 0o755);
// postject (LIEF) prints "warning: Can't find string offset for section name '.note.100'" on
// Node's Linux binary: harmless (nodejs/postject#83); the executable runs.
await inject(out, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE });

const bytes = statSync(out).size;
console.log(
  `${out}: ${(bytes / 1e6).toFixed(1)} MB, Node ${process.version} ${process.platform}-${process.arch}, built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
