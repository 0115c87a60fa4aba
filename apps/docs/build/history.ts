// The description's release history, as the repository keeps it: the versions released (their
// notes in @hostapi/spec's CHANGELOG.md, which `changeset version` writes; their descriptions in
// spec/released/, which `pnpm release:version` records) and the pending changesets
// (.changeset/*.md) that change @hostapi/spec. The changelog (changelog.ts) is made from it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import parseChangeset from '@changesets/parse';
import type { Node } from '@hostapi/spec/document';

/** The package whose changes are the API's: the description. */
export const SPEC_PACKAGE = '@hostapi/spec';

export type Bump = 'major' | 'minor' | 'patch';

/** A version released: its notes (CHANGELOG.md's entries) and its description, where kept. */
export interface Release {
  version: string;
  notes: string[];
  description: Node | undefined;
}

/** A changeset not released yet: the bump it asks of @hostapi/spec and what it says. */
export interface Pending {
  bump: Bump;
  summary: string;
}

export interface History {
  /** The description now. */
  current: Node;
  /** Every version released, newest first. */
  releases: Release[];
  /** The changesets that change @hostapi/spec, not released yet. */
  pending: Pending[];
}

/** Where a history is kept: the repository's folders, or a test's fixture. */
export interface HistoryPlaces {
  /** The folder of the changesets (`.changeset/`). */
  changesets: string;
  /** @hostapi/spec's CHANGELOG.md (absent before the first release). */
  changelog: string;
  /** spec/released/: `openapi.json` (the last release) and `versions/<version>.json` (the ones before). */
  released: string;
}

/** The places of this repository's history. */
export function repositoryPlaces(): HistoryPlaces {
  const spec = dirname(createRequire(import.meta.url).resolve(`${SPEC_PACKAGE}/package.json`));
  return {
    changesets: join(spec, '..', '.changeset'),
    changelog: join(spec, 'CHANGELOG.md'),
    released: join(spec, 'released'),
  };
}

/** The history kept at `places`, of the description `current`. */
export function readHistory(current: Node, places: HistoryPlaces): History {
  const descriptions = releasedDescriptions(places.released);
  const notes = existsSync(places.changelog) ? releaseNotes(readFileSync(places.changelog, 'utf8')) : new Map();
  const versions = [...new Set([...notes.keys(), ...descriptions.keys()])].sort(byVersion).reverse();
  return {
    current,
    releases: versions.map((version) => ({
      version,
      notes: notes.get(version) ?? [],
      description: descriptions.get(version),
    })),
    pending: pendingChangesets(places.changesets),
  };
}

/** The released descriptions by version: the last one (`openapi.json`) and those kept before it (`versions/`). */
function releasedDescriptions(folder: string): Map<string, Node> {
  const files = [join(folder, 'openapi.json')];
  const older = join(folder, 'versions');
  if (existsSync(older))
    files.push(
      ...readdirSync(older)
        .filter((file) => file.endsWith('.json'))
        .map((file) => join(older, file)),
    );
  const out = new Map<string, Node>();
  for (const file of files.filter((f) => existsSync(f))) {
    const description: Node = JSON.parse(readFileSync(file, 'utf8'));
    out.set(description.info.version, description);
  }
  return out;
}

/**
 * The entries of each version in a CHANGELOG.md as changesets writes it (`## 0.2.0`, `### Minor
 * Changes`, `- abc1234: text` with its next lines indented), without the commits and the
 * "Updated dependencies" entries.
 */
export function releaseNotes(changelog: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let entries: string[] | undefined;
  let entry: string[] | undefined;
  const close = () => {
    if (entry && entries && !/^Updated dependencies/.test(entry[0] ?? '')) entries.push(entry.join('\n').trim());
    entry = undefined;
  };
  for (const line of changelog.split('\n')) {
    const version = /^## (\S+)/.exec(line)?.[1];
    if (version) {
      close();
      out.set(version, (entries = []));
    } else if (/^#/.test(line)) close();
    else if (/^- /.test(line)) {
      close();
      entry = [line.slice(2).replace(/^[0-9a-f]{7,40}: /, '')];
    } else if (entry && (/^ {2}/.test(line) || line === '')) entry.push(line.slice(2));
    else close();
  }
  close();
  return out;
}

/** The changesets in `folder` that bump @hostapi/spec, in their files' order. */
function pendingChangesets(folder: string): Pending[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort()
    .flatMap((file) => {
      const { summary, releases } = parseChangeset(readFileSync(join(folder, file), 'utf8'));
      const bump = releases.find((release) => release.name === SPEC_PACKAGE)?.type;
      return bump && bump !== 'none' ? [{ bump, summary }] : [];
    });
}

/** Orders versions `1.2.3` by their numbers. */
export function byVersion(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}
