// The docs console's script (apps/docs/console): the file the built site loads, minified as
// built and gzipped as size-limit does (level 9); and where its bytes come from.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { bundleConsole } from '@hostapi/docs/console/build.mjs';
import { DIST } from '@hostapi/docs/scripts/site.mjs';

/** `{ name, bytes, gzipBytes }` of the console script that dist/index.html loads. */
export function consoleScript() {
  const name = readFileSync(`${DIST}index.html`, 'utf8').match(/<script defer src="\.\/(console-[0-9a-f]+\.js)">/)?.[1];
  if (!name) throw new Error(`${DIST}index.html loads no console script: run \`pnpm build\` first.`);
  const code = readFileSync(`${DIST}${name}`);
  return { name, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

const PARTS = [
  ['the model of the 22 operations (from the description)', (path) => path.startsWith('hostapi-console:')],
  ['Preact', (path) => path.includes('/preact/')],
  ['@hostapi/client and openapi-fetch', (path) => path.includes('/openapi-fetch/') || path.includes('packages/client/')],
  ['the console (code, styles, curl builder)', () => true],
];

/** Minified bytes of each part of a fresh bundle of the console: `[[part, bytes], ...]`. */
export async function consoleParts() {
  const { inputs } = await bundleConsole();
  const sums = new Map(PARTS.map(([part]) => [part, 0]));
  for (const [path, bytes] of Object.entries(inputs)) {
    const [part] = PARTS.find(([, matches]) => matches(path));
    sums.set(part, sums.get(part) + bytes);
  }
  return [...sums];
}
