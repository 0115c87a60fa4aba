// The files the mock reads at start-up: the description it serves, the sandbox's fixture (YAML
// or JSON) and its own package.json. Beside the package, or, in the standalone executable
// (scripts/build-binary.ts: Node's single executable applications), assets embedded in it, since
// it runs with no files around it.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { FixtureError, type FixtureSource } from '../engine/sandbox/fixture.ts';

/** The names the build embeds the files under (scripts/build-binary.ts reads them here). */
export const ASSET_NAMES = { document: 'openapi.json', fixture: 'sandbox.yaml', manifest: 'package.json' } as const;

const embedded = isSea();
// In the executable, names that say where the text comes from (messages show them), not paths.
export const DOCUMENT = embedded
  ? `(embedded) ${ASSET_NAMES.document}`
  : createRequire(import.meta.url).resolve('@hostapi/spec/openapi.json');
export const BUILT_IN_FIXTURE = embedded
  ? `(embedded) ${ASSET_NAMES.fixture}`
  : fileURLToPath(new URL('../../fixtures/sandbox.yaml', import.meta.url));
/** The mock's package.json (its name, version and home page, which `GET /` tells). */
export const MANIFEST = embedded
  ? `(embedded) ${ASSET_NAMES.manifest}`
  : fileURLToPath(new URL('../../package.json', import.meta.url));

const EMBEDDED = new Map<string, string>(
  embedded
    ? [
        [DOCUMENT, ASSET_NAMES.document],
        [BUILT_IN_FIXTURE, ASSET_NAMES.fixture],
        [MANIFEST, ASSET_NAMES.manifest],
      ]
    : [],
);

/** Whether the file (or the embedded asset) at `path` is there. */
export const exists = (path: string) => EMBEDDED.has(path) || existsSync(path);

/** The text of the file (or the embedded asset) at `path`. */
export function readText(path: string): string {
  const asset = EMBEDDED.get(path);
  return asset ? getAsset(asset, 'utf8') : readFileSync(path, 'utf8');
}

/** A fixture's text parsed: JSON when its name says so, YAML otherwise. */
export function parseFixture(text: string, source: string): FixtureSource {
  const json = /\.json$/i.test(source);
  try {
    return { source, raw: json ? JSON.parse(text) : parseYaml(text) };
  } catch (error) {
    throw new FixtureError(source, [`is not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message}`]);
  }
}
