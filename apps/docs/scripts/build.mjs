// Builds the static site in dist/: index.html, Redoc and the description as classic scripts
// (the site renders offline, from any static host or from disk), each operation's page as
// Redoc renders it (prerendered/, see prerender.mjs), and the bundled description beside it for
// download.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationsOf } from '@hostapi/spec/document';
import { docsDescription } from './description.mjs';
import { PRERENDERED_ROUTES, siteFiles } from './page.mjs';
import { prerender } from './prerender.mjs';
import { operationRoute } from './site.mjs';
import { readBundle } from './samples.mjs';
import { buildConsole } from '../console/build.mjs';

const require = createRequire(import.meta.url);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const REDOCLY = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

const doc = readBundle();
// Written beside dist/ and then put in its place, so that a server of dist/ (`pnpm start`, a test)
// never finds it half-written or gone while the site is rebuilt.
// Each build its own (two builds may run at once, as turbo runs of two suites do).
const NEXT = DIST.replace(/\/$/, `.next-${process.pid}/`);
const OLD = DIST.replace(/\/$/, `.old-${process.pid}/`);
rmSync(NEXT, { recursive: true, force: true });
mkdirSync(NEXT, { recursive: true });
for (const [name, text] of Object.entries(siteFiles(redocPage(docsDescription(doc)))))
  writeFileSync(`${NEXT}${name}`, text);
await buildConsole(NEXT); // the "Try it" console (console/)
for (const file of ['openapi.yaml', 'openapi.json'])
  copyFileSync(require.resolve(`@hostapi/spec/${file}`), `${NEXT}${file}`);
// Each operation's page, as Redoc renders it from the site just written (prerender.mjs).
const saved = await prerender(
  NEXT,
  operationsOf(doc).map(({ op }) => operationRoute(op.tags[0], op.operationId)),
);
writeFileSync(
  `${NEXT}index.html`,
  readFileSync(`${NEXT}index.html`, 'utf8').replace(PRERENDERED_ROUTES, JSON.stringify(saved)),
);
rmSync(OLD, { recursive: true, force: true });
// Another build may put its dist/ in place between the two renames: then move that one away too.
for (;;) {
  try {
    if (existsSync(DIST)) renameSync(DIST, OLD);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  try {
    renameSync(NEXT, DIST);
    break;
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    rmSync(OLD, { recursive: true, force: true });
  }
}
rmSync(OLD, { recursive: true, force: true });
console.log(`docs written to ${DIST}`);

/** The page `redocly build-docs` renders for `description` (options from ../redocly.yaml). */
function redocPage(description) {
  const work = mkdtempSync(join(tmpdir(), 'hostapi-docs-'));
  try {
    writeFileSync(join(work, 'openapi.json'), JSON.stringify(description));
    execFileSync(
      REDOCLY,
      [
        'build-docs',
        join(work, 'openapi.json'),
        '--output',
        join(work, 'index.html'),
        '--inlineBundle',
        '--title',
        description.info.title,
      ],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    return readFileSync(join(work, 'index.html'), 'utf8');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
