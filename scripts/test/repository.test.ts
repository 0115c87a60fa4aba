// The repository and the hosted docs are named in several files (docs/RELEASES.md says which):
// they must all agree, or provenance (checked against `repository`) and the docs links break.
import { readFileSync } from 'node:fs';
import { readBundle } from '@hostapi/spec/document';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const DIRS = ['spec', 'packages/types', 'packages/client', 'packages/mcp', 'packages/cli', 'apps/mock'];
const manifests = DIRS.map((dir) => ({
  dir,
  ...JSON.parse(readFileSync(new URL(`${dir}/package.json`, ROOT), 'utf8')),
}));
const spec = readBundle();

it('every public package names the same GitHub repository, its own folder, its issues and the hosted docs', () => {
  const repository = /^git\+(https:\/\/github\.com\/[^/]+\/[^/.]+)\.git$/.exec(manifests[0]!.repository.url)?.[1];
  expect(repository).toBeDefined();
  for (const m of manifests) {
    expect(m.repository, m.name).toEqual({ type: 'git', url: `git+${repository}.git`, directory: m.dir });
    expect(m.bugs, m.name).toBe(`${repository}/issues`);
    expect(m.homepage, m.name).toBe(spec.externalDocs.url);
  }
  expect(spec.info.contact.url).toBe(`${repository}/issues`);
});
