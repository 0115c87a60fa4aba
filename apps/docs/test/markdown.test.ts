// The docs in Markdown, as the build writes them into dist/ (no browser), held to the description:
// each operation's file (its method and full path, every field under its wire name as the core walk
// of @hostapi/spec/fields names it, with its type, whether required and its description; every field
// of the answer; every named example; the failures; and the samples byte for byte as the site shows
// them), llms.txt in llmstxt.org's form, llms-full.txt, every link relative and resolving to a file
// of dist/ (its anchor too), and the page linking them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { posix } from 'node:path';
import { readEnvelope } from '@hostapi/client/paths';
import { OPERATIONS } from '@hostapi/client';
import { answerFields, deref, type Node, sectionRoute } from '@hostapi/spec/document';
import { leavesOf, requestFields, shownName } from '@hostapi/spec/fields';
import { type FormShape, toPairs, URL_ENCODED } from '@hostapi/spec/wire';
import { describe, expect, it } from 'vitest';
import { DIST, pageFile, readSiteDescription, tagRoute } from '../build/site.ts';
import { markdownFile } from '../page/ids.ts';
import { type DocsOperation, operations, spec } from './support/site.js';

const shown = readSiteDescription();
const read = (file: string) => readFileSync(`${DIST}${file}`, 'utf8');
const fileOf = (route: string) => markdownFile(route.slice(1));

/** Every file of dist/, by its path under it. */
const distFiles = (folder = ''): string[] =>
  readdirSync(`${DIST}${folder}`).flatMap((name) =>
    statSync(`${DIST}${folder}${name}`).isDirectory() ? distFiles(`${folder}${name}/`) : [`${folder}${name}`],
  );
const MARKDOWN = [...distFiles().filter((file) => file.endsWith('.md')), 'llms.txt', 'llms-full.txt'];

/** The fenced blocks of a Markdown text: their language and exact text. */
const fences = (markdown: string) =>
  [...markdown.matchAll(/^(`{3,})(\w*)\n([\s\S]*?)\n\1$/gm)].map(([, , language, body]) => ({ language, body }));
/** The text without its fenced blocks and inline code. */
const prose = (markdown: string) => markdown.replace(/^(`{3,})\w*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)[^`]*?\1/g, '');
/** The part of a Markdown text under a `## ` heading, up to the next. */
const section = (markdown: string, heading: string) =>
  markdown.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
/** A table's rows (not its header), each cell's text, `\|` read as `|`. */
const rows = (text: string, header: string) => {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
  if (start < 0) return [];
  const body = lines.slice(start + 2);
  return body.slice(0, body.findIndex((line) => !line.startsWith('|')) >>> 0).map((line) =>
    line
      .slice(2, -2)
      .split(/ (?<!\\)\| /)
      .map((cell) => cell.replace(/\\\|/g, '|')),
  );
};
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const unquote = (cell: string) => cell.replace(/^(`+) ?(.*?) ?\1$/, '$2');

/** The types a schema says (`integer`, `string`), its members' where it has several, and its enumeration. */
function typeWords(schema: Node): string[] {
  const s = deref(spec, schema);
  const members = ((s.oneOf ?? s.anyOf ?? []) as Node[]).flatMap(typeWords);
  return [...[s.type ?? []].flat(), ...members, ...(s.enum ?? []).map(String)];
}

/** Whether @hostapi/client reads an answer as a success. */
function succeeds(status: string, value: unknown) {
  try {
    readEnvelope('', Number(status), JSON.stringify(value), '');
    return true;
  } catch {
    return false;
  }
}

/** Every named example of an operation's answers: `[status, name, value]`. */
const answerExamples = (op: Node) =>
  Object.entries<Node>(op.responses).flatMap(([status, response]) =>
    Object.entries<Node>(deref(spec, response).content?.['application/json']?.examples ?? {}).map(
      ([name, example]) => [status, name, deref(spec, example).value] as const,
    ),
  );

describe.each(operations.map((op) => [op.id, op] as const))("%s's Markdown file", (_id, op: DocsOperation) => {
  const file = fileOf(op.route);
  const text = existsSync(`${DIST}${file}`) ? read(file) : '';

  it('is the route plus .md, titled by the summary, its method and full path (version segment) next', () => {
    expect(text, file).not.toBe('');
    const [title, , call] = text.split('\n');
    expect(title).toBe(`# ${op.summary}`);
    expect(call).toBe(`\`${op.method.toUpperCase()} ${op.path}\``);
    expect(op.path).toMatch(/^\/\d+\.\d+\//);
    expect(text).toContain(`Version segment: \`${op.path.split('/')[1]}\``);
  });

  it('names every field by its wire name (the core walk), with its type, whether required, its description', () => {
    const leaves = requestFields(spec, op).flatMap(leavesOf);
    const table = rows(section(text, 'Request'), 'Field');
    const names = table.map((row) => unquote(row[0]!));
    expect(names).toEqual([...(op.method === 'get' ? ['apikey'] : []), ...leaves.map((l) => shownName(l.segments))]);
    expect(names[0]).toBe('apikey');
    for (const leaf of leaves) {
      const [, type, required, description] = table.find((row) => unquote(row[0]!) === shownName(leaf.segments))!;
      const name = shownName(leaf.segments);
      expect(required, name).toBe(leaf.required ? 'yes' : 'no');
      expect(description, name).toBe(oneLine(leaf.description));
      for (const word of typeWords(leaf.shape.schema)) expect(type, name).toContain(word);
    }
  });

  it('names every field of the answer by its JSON path, whether always there, and shows every named example', () => {
    const fields = answerFields(spec, op.op);
    const table = rows(section(text, 'Answer'), 'Field');
    expect(table.map((row) => unquote(row[0]!))).toEqual(fields.map((f) => f.name));
    expect(table.map((row) => row[2])).toEqual(fields.map((f) => (f.required ? 'yes' : 'no')));
    const examples = answerExamples(op.op);
    expect(examples.length).toBeGreaterThan(0);
    for (const [status, name, value] of examples) {
      const where = section(text, succeeds(status, value) ? 'Answer' : 'Failures');
      expect(where, `${status} ${name}`).toMatch(new RegExp(`^### .*\`${name}\`: `, 'm'));
      expect(
        fences(where).map((f) => f.body),
        `${status} ${name}`,
      ).toContain(JSON.stringify(value, null, 2));
    }
    const form = deref(spec, op.op.requestBody)?.content?.[URL_ENCODED]?.examples ?? {};
    const shape = (OPERATIONS as Record<string, { form?: FormShape }>)[op.id]!.form;
    for (const [name, example] of Object.entries<Node>(form)) {
      expect(text).toContain(`### Example request \`${name}\``);
      const pairs = toPairs(deref(spec, example).value, shape).map(([field, value]) => `${field}=${value}`);
      expect(fences(section(text, 'Request')).map((f) => f.body)).toContain(pairs.join('\n'));
    }
  });

  it('lists every failure the client reads as one: its status, example and msg', () => {
    const failures = answerExamples(op.op).filter(([status, , value]) => !succeeds(status, value));
    const table = rows(section(text, 'Failures'), 'HTTP status');
    expect(table.map((row) => [row[0], unquote(row[1]!)])).toEqual(failures.map(([status, name]) => [status, name]));
    for (const [status, name, value] of failures) {
      const msg = (value as { msg?: unknown }).msg;
      const row = table.find((r) => unquote(r[1]!) === name)!;
      expect(row[3], `${status} ${name}`).toBe(typeof msg === 'string' ? `\`${msg}\`` : '');
    }
  });

  it('holds the curl, client and Python samples byte for byte as the site shows them (x-codeSamples)', () => {
    const samples = shown.paths[op.path][op.method]['x-codeSamples'] as { lang: string; source: string }[];
    expect(samples.map((s) => s.lang)).toEqual(['curl', 'typescript', 'python']);
    const blocks = fences(section(text, 'Samples'));
    expect(blocks.map((b) => b.language)).toEqual(['sh', 'ts', 'python']);
    blocks.forEach((block, i) =>
      expect(`${block.body}\n`, samples[i]!.lang).toBe(samples[i]!.source.replace(/\n?$/, '\n')),
    );
  });

  it('is in llms-full.txt, with the same samples', () => {
    const full = read('llms-full.txt');
    expect(full).toContain(`\`${op.method.toUpperCase()} ${op.path}\``);
    for (const sample of shown.paths[op.path][op.method]['x-codeSamples']) expect(full).toContain(sample.source.trim());
  });

  it('is linked from its page ("View as Markdown"), the page the build rendered too', () => {
    expect(shown.paths[op.path][op.method].description).toMatch(
      new RegExp(`\\[View as Markdown\\]\\(${file.replace(/[.]/g, '\\.')}\\)$`),
    );
    expect(read(pageFile(op.route.slice(1)))).toContain(`<a href="${file}">View as Markdown</a>`);
  });
});

describe('llms.txt', () => {
  const text = read('llms.txt');
  const [h1, , quote, ...rest] = text.split('\n');

  it("is in llmstxt.org's form: H1 name, blockquote summary, then H2 sections of `- [name](url): line` links", () => {
    expect(h1).toBe(`# ${spec.info.title}`);
    expect(quote).toMatch(/^> \S.+$/);
    const body = rest.join('\n');
    const firstSection = body.indexOf('\n## ');
    expect(firstSection).toBeGreaterThan(0);
    expect(body.slice(0, firstSection)).not.toMatch(/^#/m);
    const lines = body
      .slice(firstSection)
      .split('\n')
      .filter((line) => line !== '');
    for (const line of lines) expect(line).toMatch(/^(## \S.*|- \[[^\]]+\]\([^)\s]+\)(: \S.*)?)$/);
  });

  it('has the guides (the changelog among them), every area, and every operation with its method and path', () => {
    const guides = section(text, 'Guides');
    for (const heading of ['Authentication', 'Versions per operation', 'The envelope', 'Pagination', 'Failures'])
      expect(guides).toContain(`- [${heading}](${fileOf(sectionRoute(heading))}): `);
    expect(guides).toContain('- [Changelog](changelog.md): ');
    for (const tag of spec.tags as { name: string }[])
      expect(section(text, tag.name)).toContain(fileOf(tagRoute(tag.name)));
    for (const op of operations)
      expect(section(text, op.tag)).toContain(
        `- [${op.summary}](${fileOf(op.route)}): \`${op.method.toUpperCase()} ${op.path}\`. `,
      );
    expect(section(text, 'Optional')).toContain('- [llms-full.txt](llms-full.txt): ');
  });

  it('is linked from the page, as is llms-full.txt (<link rel="alternate" type="text/markdown">)', () => {
    const links = [...read('index.html').matchAll(/<link rel="alternate" type="text\/markdown" href="([^"]+)"/g)];
    expect(links.map((m) => m[1])).toEqual(['./llms.txt', './llms-full.txt']);
  });
});

describe('every link of the Markdown', () => {
  /** The routes of the site: the introduction, its sections, each tag (the changelog's too), each operation. */
  const routes = new Set([
    '#/',
    ...[...(shown.info.description as string).matchAll(/^## (.+)$/gm)].map((m) => sectionRoute(m[1]!)),
    ...(shown.tags as { name: string }[]).map((tag) => tagRoute(tag.name)),
    ...operations.map((op) => op.route),
  ]);
  /** A heading's anchor as GitHub and most renderers make it. */
  const anchor = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');

  it.each(MARKDOWN)('%s: relative, to a file of dist/ (and its anchor); other sites by https', (file) => {
    const links = [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
        expect(new URL(link).protocol, link).toBe('https:');
        expect(new URL(link).hostname, link).not.toMatch(/hostapi\.example|127\.0\.0\.1|localhost/);
        continue;
      }
      expect(link, file).not.toMatch(/^\//);
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = posix.normalize(posix.join(posix.dirname(file), path));
      expect(target.startsWith('..'), `${file}: ${link}`).toBe(false);
      expect(existsSync(`${DIST}${target}`) && statSync(`${DIST}${target}`).isFile(), `${file}: ${link}`).toBe(true);
      if (fragment === undefined) continue;
      if (target === 'index.html') expect(routes, `${file}: ${link}`).toContain(`#${fragment}`);
      else
        expect(
          [...read(target).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)),
          `${file}: ${link}`,
        ).toContain(fragment);
    }
  });

  it('covers a file per route: the introduction, each section, each area, each operation, the changelog', () => {
    expect(new Set(MARKDOWN)).toEqual(new Set([...[...routes].map(fileOf), 'llms.txt', 'llms-full.txt']));
  });
});
