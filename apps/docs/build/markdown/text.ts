// Markdown as the docs write it for AI tools and readers (llms.txt, a file per page): code,
// fences, table cells, types, and links relative to the file they are in, so that the files work
// on any host, under any path and from disk.
import { posix } from 'node:path';
import { deref, type Node } from '@hostapi/spec/document';

/** Inline code, with enough backticks around it for the backticks it holds. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return longest ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`;
}

/** A fenced code block, its fence longer than any run of backticks in it. */
export function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

/** Text for one cell of a table: one line, its pipes escaped. */
export const cell = (text: string | undefined): string =>
  (text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

/** A table of these columns and rows. */
export function table(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return [columns, columns.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

/** The first sentence of a description, on one line. */
export function firstSentence(text: string | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
}

/**
 * The link from the file `from` to the file `to` (both under the site's root, `to` perhaps with a
 * `#fragment`): relative, so that it resolves wherever the site is served from.
 */
export function relative(from: string, to: string): string {
  const [file, fragment] = splitFragment(to);
  const path = posix.relative(posix.dirname(from), file) || posix.basename(file);
  return fragment === undefined ? path : `${path}#${fragment}`;
}

const splitFragment = (to: string): [string, string | undefined] => {
  const at = to.indexOf('#');
  return at < 0 ? [to, undefined] : [to.slice(0, at), to.slice(at + 1)];
};

/** `markdown` with each ATX heading outside code blocks made `levels` deeper (at most `######`). */
export function demote(markdown: string, levels: number): string {
  let fenceOpen: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (!fenceOpen || (marker[0] === fenceOpen[0] && marker.length >= fenceOpen.length))) {
        fenceOpen = fenceOpen ? undefined : marker;
        return line;
      }
      if (fenceOpen) return line;
      const heading = /^(#{1,6}) /.exec(line);
      return heading
        ? `${'#'.repeat(Math.min(6, heading[1]!.length + levels))}${line.slice(heading[1]!.length)}`
        : line;
    })
    .join('\n');
}

/**
 * A schema's type as a reader needs it: `integer or string; ≥ 1; matching ^[1-9][0-9]*$`,
 * `string; one of On, Off, Other`.
 */
export function typeText(doc: Node, schema: Node): string {
  const s = deref(doc, schema);
  const facts: string[] = [];
  if (s.const !== undefined) facts.push(`always ${code(JSON.stringify(s.const))}`);
  if (s.enum) facts.push(`one of ${s.enum.map((value: unknown) => code(String(value))).join(', ')}`);
  if (s.minimum !== undefined) facts.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) facts.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) facts.push(`≤ ${s.maximum}`);
  if (s.exclusiveMaximum !== undefined) facts.push(`< ${s.exclusiveMaximum}`);
  if (s.minLength !== undefined) facts.push(`at least ${s.minLength} character${s.minLength === 1 ? '' : 's'}`);
  if (s.maxLength !== undefined) facts.push(`at most ${s.maxLength} characters`);
  if (s.pattern !== undefined) facts.push(`matching ${code(s.pattern)}`);
  if (s.maxItems === 0) facts.push('always empty');
  if (s.default !== undefined) facts.push(`default ${code(JSON.stringify(s.default))}`);
  return [baseType(doc, s), ...facts].join('; ');
}

function baseType(doc: Node, s: Node): string {
  const types = [s.type].flat().filter((type): type is string => typeof type === 'string');
  const members = (s.oneOf ?? s.anyOf) as Node[] | undefined;
  const named = types.length
    ? [...types.filter((type) => type !== 'null'), ...types.filter((type) => type === 'null')].join(' or ')
    : members
      ? [...new Set(members.map((member) => baseType(doc, deref(doc, member))))].join(' or ')
      : s.const !== undefined
        ? typeof s.const
        : 'any';
  return s.format ? `${named} (${s.format})` : named;
}
