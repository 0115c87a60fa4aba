// The changelog against a fixture history (test/fixtures/history/): four hand-made versions of a
// small description (0.1.0, 0.2.0 with only additions, 1.0.0 with breaking changes, and the
// description now with an operation not released yet), changesets' CHANGELOG.md and two pending
// changesets (one of the API's, one of the client's alone). Per version: the operations and fields
// added, changed or removed, which break a client, and the notes; then where the site links it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changelogEntries, changelogMarkdown, type VersionEntry } from '../build/changelog.ts';
import { byVersion, type History, readHistory, releaseNotes } from '../build/history.ts';
import { PAGE_VERSIONS } from '../build/description.ts';
import { DIST, readSiteDescription } from '../build/site.ts';

const FIXTURE = new URL('./fixtures/history/', import.meta.url);
const at = (path: string) => fileURLToPath(new URL(path, FIXTURE));
const fixture = (): History =>
  readHistory(JSON.parse(readFileSync(at('current.json'), 'utf8')), {
    changesets: at('changesets'),
    changelog: at('CHANGELOG.md'),
    released: at('released'),
  });

/** A change in a line: `! ` when it breaks a client, then what, where and how. */
const lines = (entry: VersionEntry) =>
  entry.changes?.map(
    (c) => `${c.breaking ? '!' : ' '} ${c.change} ${c.kind} ${c.operation}${c.field ? ` ${c.field}` : ''}: ${c.detail}`,
  );

describe('the versions of a fixture history', () => {
  const entries = changelogEntries(fixture());
  const byName = (version: string | undefined) => entries.find((entry) => entry.version === version)!;

  it('lists the pending version, then every release newest first, each against the one before', () => {
    expect(entries.map((entry) => [entry.version, entry.since])).toEqual([
      [undefined, '1.0.0'],
      ['1.0.0', '0.2.0'],
      ['0.2.0', '0.1.0'],
      ['0.1.0', undefined],
    ]);
  });

  it('pending: the operation added since 1.0.0, the bump and note of the API changeset only', () => {
    const pending = byName(undefined);
    expect(lines(pending)).toEqual(['  added operation GET /1.0/ssh/get.json: added']);
    expect(pending.bump).toBe('minor');
    expect(pending.notes).toEqual(['Gets one SSH key.']);
  });

  it('1.0.0: a removed operation, a narrowed enumeration, a new required field, a field no longer always there', () => {
    expect(lines(byName('1.0.0'))).toEqual([
      '  changed request GET /1.0/server/list.json client_id: type integer → integer|string',
      '! changed request GET /1.0/server/list.json filters[state]: narrowed enumeration: removed Off',
      '! changed response GET /1.0/server/list.json return.data[].name: no longer always present',
      '! removed operation POST /1.0/ssh/add.json: removed',
      '! added request GET /1.0/dns/list_ips.json zone: added, required',
    ]);
    expect(byName('1.0.0').notes).toEqual([
      "The SSH keys' add operation is gone; `list_ips` needs the zone.\n\nServers may come without a name.",
    ]);
  });

  it('0.2.0: only additions, none breaking', () => {
    expect(lines(byName('0.2.0'))).toEqual([
      '  changed request GET /1.0/server/list.json filters[state]: new values: Other',
      '  added request GET /1.0/server/list.json page: added',
      '  added response GET /1.0/server/list.json return.data[].ip: added',
      '  added operation GET /1.0/dns/list_ips.json: added',
    ]);
  });

  it('0.1.0, the first release: every operation new, none of its fields listed apart', () => {
    expect(lines(byName('0.1.0'))).toEqual([
      '  added operation GET /1.0/server/list.json: added',
      '  added operation POST /1.0/ssh/add.json: added',
    ]);
  });

  it('says nothing changed where a description was not kept, and keeps the notes', () => {
    const history = fixture();
    history.releases.find((release) => release.version === '0.2.0')!.description = undefined;
    const [, v1, v02, v01] = changelogEntries(history);
    expect([v1!.changes, v02!.changes, v01!.changes?.length]).toEqual([undefined, undefined, 2]);
    expect(v02!.notes).toEqual(['Lists IP addresses; pages of servers.']);
    expect(changelogMarkdown(history, (route) => route)).toContain(
      'The description of this version or the one before was not kept: only the notes follow.',
    );
  });
});

describe('the changelog as Markdown', () => {
  const markdown = changelogMarkdown(fixture(), (route) => `page:${route}`);
  const section = (title: string) => markdown.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? '';

  it('a section per version, newest first, the pending one first', () => {
    expect([...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Unreleased', '1.0.0', '0.2.0', '0.1.0']);
    expect(section('Unreleased')).toContain('what the next release (a minor one) will hold');
  });

  it('counts and marks what breaks a client, in a table of fields', () => {
    const v1 = section('1.0.0');
    expect(v1).toContain('**4 changes break a client** written against version 0.2.0');
    expect(v1).toContain('- `POST /1.0/ssh/add.json` (**breaks a client**)');
    const rows = v1.split('\n').filter((line) => line.startsWith('| [') || line.startsWith('| `'));
    expect(rows).toEqual([
      '| [List servers](page:#/servers/listservers) `GET /1.0/server/list.json` | `client_id` (request) | ' +
        'type integer → integer\\|string | no |',
      '| [List servers](page:#/servers/listservers) `GET /1.0/server/list.json` | `filters[state]` (request) | ' +
        'narrowed enumeration: removed Off | **yes** |',
      '| [List servers](page:#/servers/listservers) `GET /1.0/server/list.json` | `return.data[].name` (answer) | ' +
        'no longer always present | **yes** |',
      '| [List IP addresses](page:#/dns/listips) `GET /1.0/dns/list_ips.json` | `zone` (request) | ' +
        'added, required | **yes** |',
    ]);
    expect(section('0.2.0')).toContain('Nothing here breaks a client written against version 0.1.0.');
    expect(section('0.1.0')).toContain('The first release: every operation is new.');
  });

  it('links an operation while it has a page, names it in code once it is gone', () => {
    expect(section('0.1.0')).toContain('- [List servers](page:#/servers/listservers) `GET /1.0/server/list.json`');
    expect(section('0.1.0')).toContain('- `POST /1.0/ssh/add.json`\n');
    expect(section('Unreleased')).toContain('- [Get an SSH key](page:#/ssh-keys/getsshkey) `GET /1.0/ssh/get.json`');
  });

  it('shows only the newest versions when asked, linking the whole changelog for the rest', () => {
    const newest = changelogMarkdown(fixture(), (route) => route, { newest: 2, older: 'changelog.md' });
    expect(newest.match(/^## .+$/gm)).toEqual(['## Unreleased', '## 1.0.0']);
    expect(newest).toMatch(/\n\nOlder versions \(2\): in the \[whole changelog\]\(changelog\.md\)\.$/);
    expect(changelogMarkdown(fixture(), (route) => route, { newest: 9, older: 'x' })).not.toContain('Older');
  });

  it("keeps each release's notes, without changesets' dependency updates", () => {
    expect(section('1.0.0')).toContain(
      "### Release notes\n\n- The SSH keys' add operation is gone; `list_ips` needs the zone.\n\n  Servers may come",
    );
    expect(markdown).not.toContain('Updated dependencies');
    expect(markdown).not.toContain('client alone');
  });
});

describe('reading a history', () => {
  it("reads changesets' CHANGELOG.md: an entry per item, commits dropped, later lines kept", () => {
    const notes = releaseNotes(readFileSync(at('CHANGELOG.md'), 'utf8'));
    expect([...notes.keys()]).toEqual(['1.0.0', '0.2.0', '0.1.0']);
    expect(notes.get('0.2.0')).toEqual(['Lists IP addresses; pages of servers.']);
  });

  it('orders versions by their numbers', () => {
    expect(['0.10.0', '1.0.0', '0.2.0', '0.9.1'].sort(byVersion)).toEqual(['0.2.0', '0.9.1', '0.10.0', '1.0.0']);
  });
});

describe("the site's changelog", () => {
  it('is linked from the introduction and from llms.txt', () => {
    const shown = readSiteDescription();
    const lead = (shown.info.description as string).split(/^## /m)[0]!;
    expect(lead).toContain('[changelog](#/changelog)');
    expect(shown.tags.find((tag: { name: string }) => tag.name === 'Changelog')?.description).toMatch(
      /^What changed in the API/,
    );
    expect(readFileSync(`${DIST}llms.txt`, 'utf8')).toMatch(/^- \[Changelog\]\(changelog\.md\): .+$/m);
    expect(readFileSync(`${DIST}changelog.md`, 'utf8')).toMatch(/^# Changelog\n\nWhat changed in the API/);
    // On the page, a heading per version (an entry in the sidebar), its parts in bold.
    const changelog = shown.tags.find((tag: { name: string }) => tag.name === 'Changelog').description;
    expect(changelog).toMatch(/^## \S/m);
    expect(changelog.match(/^## /gm).length).toBeLessThanOrEqual(PAGE_VERSIONS);
    expect(changelog).not.toMatch(/^###/m);
    expect(readFileSync(`${DIST}changelog.md`, 'utf8')).toMatch(/^### /m);
  });
});
