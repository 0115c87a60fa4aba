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

/** The routes of tags and operations (`#/servers/listservers`): defined with the description. */
export { operationRoute, tagRoute } from '@hostapi/spec/document';
