// The docs console's script (apps/docs/console): the file the built site loads, minified as
// built and gzipped as size-limit does (level 9); where its bytes come from; and the same site
// without it, to time the page with and without the console side by side.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { bundleConsole } from '@hostapi/docs/build/console.ts';
import { DIST } from '@hostapi/docs/build/site.ts';

const SCRIPT_TAG = /<script defer src="\.\/(console-[0-9a-f]+\.js)"><\/script>/;

/** `{ name, bytes, gzipBytes }` of the console script that dist/index.html loads. */
export function consoleScript() {
  const name = readFileSync(`${DIST}index.html`, 'utf8').match(SCRIPT_TAG)?.[1];
  if (!name) throw new Error(`${DIST}index.html loads no console script: run \`pnpm build\` first.`);
  const code = readFileSync(`${DIST}${name}`);
  return { name, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

const PARTS = [
  ['the model of the 22 operations (from the description)', (path) => path.startsWith('hostapi-console:')],
  ['Preact', (path) => path.includes('/preact/')],
  [
    '@hostapi/client and openapi-fetch',
    (path) => path.includes('/openapi-fetch/') || path.includes('packages/client/'),
  ],
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

/** A copy of the built site whose index.html does not load the console, served from loopback: `{ url, close() }`. */
export async function serveDocsWithoutConsole() {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-docs-without-console-'));
  cpSync(DIST, dir, { recursive: true });
  const index = join(dir, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace(SCRIPT_TAG, ''));
  const server = createServer(sirv(dir, { etag: true, single: false }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: async () => {
      await new Promise((done) => server.close(done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
