// The built site's text (dist/: index.html and the script it loads), for checks of what the
// docs show: the curl samples, and that no real API key is in them.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export function readSite() {
  return readdirSync(DIST)
    .filter((file) => /\.(html|js)$/.test(file))
    .map((file) => readFileSync(`${DIST}${file}`, 'utf8'))
    .join('\n');
}
