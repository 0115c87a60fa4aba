// The changelog the docs show (a page of the site, and changelog.md): for each version, newest
// first, the operations and fields added, changed or removed, each marked when it breaks a
// client (the breaking-change check of @hostapi/spec/compat, between that version's description
// and the one before), and what its changesets say. The history comes from history.ts.
import { type Change, changes } from '@hostapi/spec/compat';
import { type Node, operationRoute, operationsOf } from '@hostapi/spec/document';
import type { Bump, History } from './history.ts';
import { cell, code, table } from './markdown/text.ts';

/** One version of the changelog: released, or what is pending for the next one. */
export interface VersionEntry {
  /** Its version, or undefined for what the next release will hold. */
  version: string | undefined;
  /** The version it is compared with; undefined for the first release, where every operation is new. */
  since: string | undefined;
  /** What changed, or undefined where the description of this version or of the one before was not kept. */
  changes: Change[] | undefined;
  /** What its changesets say (for the pending version, with the bump each asks for). */
  notes: string[];
  /** The largest bump the pending changesets ask for. */
  bump?: Bump | undefined;
}

/** A description with no operation: what the first release is compared with. */
const NOTHING: Node = { openapi: '3.1.0', info: { title: '', version: '0.0.0' }, paths: {} };

/** The changelog's versions, newest first: the pending one (when anything is pending), then each release. */
export function changelogEntries({ current, releases, pending }: History): VersionEntry[] {
  const entries: VersionEntry[] = [];
  const last = releases[0];
  const unreleased = changes(last?.description ?? NOTHING, current);
  if (pending.length || unreleased.length || !last) {
    const order: Bump[] = ['patch', 'minor', 'major'];
    entries.push({
      version: undefined,
      since: last?.version,
      changes: last && !last.description ? undefined : unreleased,
      notes: pending.map((changeset) => changeset.summary),
      bump: pending.map((changeset) => changeset.bump).sort((a, b) => order.indexOf(b) - order.indexOf(a))[0],
    });
  }
  releases.forEach((release, i) => {
    const before = releases[i + 1];
    const known = release.description && (!before || before.description);
    entries.push({
      version: release.version,
      since: before?.version,
      changes: known ? changes(before?.description ?? NOTHING, release.description!) : undefined,
      notes: release.notes,
    });
  });
  return entries;
}

/** Where an operation's page is (a route, `#/servers/listservers`), and its name. */
type Operations = Map<string, { summary: string; route: string }>;

/** The changelog as Markdown, each operation linked through `link` (given its route). */
export function changelogMarkdown(
  history: History,
  link: (route: string) => string,
  { newest, older }: { newest?: number; older?: string } = {},
): string {
  const known: Operations = new Map();
  for (const doc of [...history.releases.map((r) => r.description), history.current])
    for (const { path, method, op } of operationsOf(doc ?? NOTHING))
      known.set(`${method.toUpperCase()} ${path}`, {
        summary: op.summary,
        route: operationRoute(op.tags[0], op.operationId),
      });
  const current = new Set(operationsOf(history.current).map(({ path, method }) => `${method.toUpperCase()} ${path}`));
  // An operation links to its page while the docs have one.
  const name = (operation: string) => {
    const page = known.get(operation);
    return page && current.has(operation)
      ? `[${page.summary}](${link(page.route)}) ${code(operation)}`
      : code(operation);
  };
  const intro =
    'What changed in the API from one version of this description to the next, newest first: the ' +
    'operations and fields added, changed or removed, and which of those changes **break a client** ' +
    'written against the version before (found by the breaking-change check of `@hostapi/spec`), ' +
    'then what the release notes say.';
  const entries = changelogEntries(history);
  const shown = entries.slice(0, newest ?? entries.length).map((entry) => versionMarkdown(entry, name));
  // The rest, where only the newest are shown: in the whole changelog (`older`, a link).
  if (shown.length < entries.length)
    shown.push(`Older versions (${entries.length - shown.length}): in the [whole changelog](${older}).`);
  return [intro, ...shown].join('\n\n');
}

function versionMarkdown(entry: VersionEntry, name: (operation: string) => string): string {
  const title = entry.version ?? 'Unreleased';
  const parts = [`## ${title}`];
  const bump = entry.bump ? ` (a ${entry.bump} one)` : '';
  const release = `${entry.since ? 'the next release' : 'the first release'}${bump}`;
  if (!entry.version) parts.push(`Not released yet: what ${release} will hold.`);
  const all = entry.changes;
  if (!all)
    parts.push(
      `The description of ${entry.since ? 'this version or the one before' : 'this version'} was not kept: ` +
        'only the notes follow.',
    );
  else {
    const breaking = all.filter((change) => change.breaking);
    parts.push(
      breaking.length
        ? `**${breaking.length} ${breaking.length === 1 ? 'change breaks' : 'changes break'} a client** ` +
            `written against version ${entry.since} (marked below).`
        : entry.since
          ? `Nothing here breaks a client written against version ${entry.since}.`
          : 'The first release: every operation is new.',
    );
    const operations = (change: Change['change']) =>
      all.filter((c) => c.kind === 'operation' && c.change === change).map((c) => `- ${name(c.operation)}${mark(c)}`);
    const added = operations('added');
    const removed = operations('removed');
    if (added.length) parts.push('### Operations added', added.join('\n'));
    if (removed.length) parts.push('### Operations removed', removed.join('\n'));
    const fields = all.filter((change) => change.kind !== 'operation');
    if (fields.length)
      parts.push(
        '### Fields added, changed or removed',
        table(
          ['Operation', 'Field', 'Change', 'Breaks a client'],
          fields.map((change) => [
            name(change.operation),
            `${code(change.field ?? '')} (${change.kind === 'request' ? 'request' : 'answer'})`,
            cell(change.detail),
            change.breaking ? '**yes**' : 'no',
          ]),
        ),
      );
    if (!all.length) parts.push('No operation or field changed.');
  }
  if (entry.notes.length) parts.push('### Release notes', entry.notes.map(listItem).join('\n'));
  return parts.join('\n\n');
}

const mark = (change: Change) => (change.breaking ? ' (**breaks a client**)' : '');

/** A note as one item of a list: its next lines indented under it. */
const listItem = (note: string) =>
  `- ${note
    .trim()
    .split('\n')
    .map((line, i) => (i && line ? `  ${line}` : line))
    .join('\n')}`;
