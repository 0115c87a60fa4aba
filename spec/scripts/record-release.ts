// Records the description being released (`pnpm release:version` runs it after `changeset version`):
// released/openapi.json, which the breaking-change check compares against, and the release it
// replaces kept as released/versions/<its version>.json, so that the docs' changelog can say what
// changed in every version, not only in the last one.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';

const RELEASED = new URL('../released/', import.meta.url);
const LATEST = new URL('openapi.json', RELEASED);
const VERSIONS = new URL('versions/', RELEASED);
const BUNDLE = new URL('../dist/openapi.json', import.meta.url);

const versionOf = (file: URL): string => JSON.parse(readFileSync(file, 'utf8')).info.version;

const releasing = versionOf(BUNDLE);
if (existsSync(LATEST)) {
  const previous = versionOf(LATEST);
  if (previous === releasing) throw new Error(`released/openapi.json is ${releasing} already: bump the version first`);
  mkdirSync(VERSIONS, { recursive: true });
  renameSync(LATEST, new URL(`${previous}.json`, VERSIONS));
}
mkdirSync(RELEASED, { recursive: true });
copyFileSync(BUNDLE, LATEST);
console.log(`recorded ${releasing} in released/openapi.json`);
