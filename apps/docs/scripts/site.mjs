// The built site, for checks of what the docs show: its text (dist/: index.html and the script it
// loads), and the address of each operation's page.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export function readSite() {
  return readdirSync(DIST)
    .filter((file) => /\.(html|js)$/.test(file))
    .map((file) => readFileSync(`${DIST}${file}`, 'utf8'))
    .join('\n');
}

/** Redoc's route of a tag: `#/domain-registration`. */
export const tagRoute = (tag) => `#/${tag.toLowerCase().replace(/\s+/g, '-')}`;

/** Redoc CE 3 shows one operation per route: `#/domain-registration/updatedomaincontact`. */
export const operationRoute = (tag, operationId) => `${tagRoute(tag)}/${operationId.toLowerCase()}`;
