// Builds the console's script into the site (dist/console-<hash>.js) and loads it from
// index.html: the model of every operation read from the bundled description, the console's
// code, Preact and @hostapi/client's ESM, bundled and minified by esbuild into one classic
// script (it runs where a module script would not, such as a page opened from disk).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { readBundle } from '@hostapi/spec/document';
import { MOCK_COMMAND, MOCK_README } from '../scripts/mock.mjs';
import { consoleModel } from './model.mjs';

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/** apps/docs: the paths in the build's metafile are relative to it, wherever the build runs from. */
const DOCS = fileURLToPath(new URL('..', import.meta.url));

/**
 * The console's script, minified: `{ code, model, inputs }`, where `inputs` gives the bytes each
 * source file (or the model) takes in it, for the benchmark's breakdown.
 */
export async function bundleConsole(doc = readBundle()) {
  const model = consoleModel(doc);
  const { outputFiles, metafile } = await build({
    entryPoints: [ENTRY],
    absWorkingDir: DOCS,
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    loader: { '.css': 'text' },
    // How to start the mock, as the docs' introduction says it (scripts/mock.mjs).
    define: { HOSTAPI_MOCK_README: JSON.stringify(MOCK_README), HOSTAPI_MOCK_COMMAND: JSON.stringify(MOCK_COMMAND) },
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
    plugins: [
      {
        name: 'hostapi-console-model',
        setup(b) {
          b.onResolve({ filter: /^hostapi-console:model$/ }, ({ path }) => ({ path, namespace: 'hostapi-console' }));
          b.onLoad({ filter: /.*/, namespace: 'hostapi-console' }, () => ({
            contents: JSON.stringify(model),
            loader: 'json',
          }));
        },
      },
    ],
  });
  const [output] = Object.values(metafile.outputs);
  const inputs = Object.fromEntries(
    Object.entries(output.inputs).map(([path, { bytesInOutput }]) => [path, bytesInOutput]),
  );
  return { code: outputFiles[0].text, model, inputs };
}

/** Writes the script into `dist` (named after its content, so hosts may cache it for good) and loads it from index.html. */
export async function buildConsole(dist) {
  const { code } = await bundleConsole();
  const name = `console-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  writeFileSync(`${dist}${name}`, code);
  const index = `${dist}index.html`;
  const html = readFileSync(index, 'utf8');
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error(`${index} has no </body>: review buildConsole()`);
  writeFileSync(index, `${html.slice(0, end)}<script defer src="./${name}"></script>${html.slice(end)}`);
  return name;
}
