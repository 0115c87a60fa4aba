// The built site (dist/), as the build writes it and its server, tests and benchmarks read it:
// where it is, where the description it renders and each route's page are, and when Redoc has
// taken over the page.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Node } from '@hostapi/spec/document';
import { DESCRIPTION_ID, LIVE_ATTRIBUTE, REDOC_ID } from '../page/ids.ts';

/** apps/docs/dist/, with its trailing `/`. */
export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export { DESCRIPTION_ID, LIVE_ATTRIBUTE, pageFile, REDOC_ID } from '../page/ids.ts';

/** Redoc's element once its page is live (hydrated or rendered: it works). */
export const LIVE_PAGE = `#${REDOC_ID}[${LIVE_ATTRIBUTE}]`;

/** index.html and the scripts it loads, as text. */
export function readSite(): string {
  return readdirSync(DIST)
    .filter((file) => /\.(html|js)$/.test(file))
    .map((file) => readFileSync(`${DIST}${file}`, 'utf8'))
    .join('\n');
}

/** The description the built page hands to Redoc (from index.html). */
export function readSiteDescription(): Node {
  const html = readFileSync(`${DIST}index.html`, 'utf8');
  const json = new RegExp(`<script type="application/json" id="${DESCRIPTION_ID}">([^<]*)</script>`).exec(html)?.[1];
  if (json === undefined) throw new Error(`${DIST}index.html holds no description: run the docs build`);
  return JSON.parse(json);
}

/** The routes of tags and operations (`#/servers/listservers`): defined with the description. */
export { operationRoute, tagRoute } from '@hostapi/spec/document';
