// The built site (dist/), for checks of what the docs show: its text (index.html and the scripts
// it loads), the description it renders, and the address of each operation's page.
import { readdirSync, readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** #redoc once it holds Redoc's own page, not the one the build saved (page.mjs marks that one data-prerendered). */
export const LIVE_PAGE = '#redoc[data-redoc]:not([data-prerendered])';

export function readSite() {
  return readdirSync(DIST)
    .filter((file) => /\.(html|js)$/.test(file))
    .map((file) => readFileSync(`${DIST}${file}`, 'utf8'))
    .join('\n');
}

/**
 * The description the built page hands to Redoc: its `docs-<hash>.js` script run as the page runs
 * it, with Redoc's `hydrate` recording what it is given.
 */
export function readSiteDescription() {
  const scripts = readdirSync(DIST).filter((file) => /^docs-[0-9a-f]+\.js$/.test(file));
  if (scripts.length !== 1)
    throw new Error(`${DIST} holds ${scripts.length} docs-<hash>.js scripts, expected one: run the docs build`);
  let rendered;
  const element = { replaceChildren() {}, setAttribute() {}, hasAttribute: () => false };
  runInNewContext(readFileSync(`${DIST}${scripts[0]}`, 'utf8'), {
    document: { documentElement: { classList: { contains: () => false, remove() {} } }, getElementById: () => element },
    Redoc: {
      hydrate: (definition) => {
        rendered = definition;
      },
    },
  });
  if (!rendered) throw new Error(`${scripts[0]} did not call Redoc.hydrate()`);
  return rendered;
}

/** The routes of tags and operations (`#/servers/listservers`): defined with the description. */
export { operationRoute, tagRoute } from '@hostapi/spec/document';
