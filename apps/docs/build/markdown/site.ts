// The docs as Markdown, for AI tools and readers who prefer it, written beside the site by the
// build (no browser): llms.txt (llmstxt.org's index: the API's name, a summary, the guides and
// the areas with one line per operation), a file per route of the site (the introduction, each
// of its sections, each area, each operation, the changelog: the route's path plus `.md`) and
// llms-full.txt, all of it in one file. Every link is relative, so the files work on any host,
// under any path and from disk.
import {
  type DocOperation,
  type Node,
  operationRoute,
  operationsOf,
  sectionRoute,
  tagRoute,
} from '@hostapi/spec/document';
import { fileOf, operationLine, operationMarkdown, type ShownSample } from './operation.ts';
import { code, demote, firstSentence, relative, table } from './text.ts';

/** The index and the file of everything, at the site's root. */
export const LLMS = 'llms.txt';
export const LLMS_FULL = 'llms-full.txt';
/** The changelog's route: a page of its own (a tag of the description the docs render). */
export const CHANGELOG_ROUTE = tagRoute('Changelog');

/** The introduction's sections (its `## ` headings) and what it says before them. */
function introduction(shown: Node): { lead: string; sections: { heading: string; body: string }[] } {
  const [lead, ...rest] = (shown.info.description as string).split(/^## /m);
  return {
    lead: lead!.trim(),
    sections: rest.map((part) => {
      const [heading, ...body] = part.split('\n');
      return { heading: heading!.trim(), body: body.join('\n').trim() };
    }),
  };
}

/**
 * `markdown`'s links as seen from the file `at`: a route of the site (`#/changelog`) becomes its
 * Markdown file's, a file of the site (`llms.txt`) stays one, both relative to `at`.
 */
function siteLinks(markdown: string, at: string): string {
  return markdown.replace(/\]\(([^)\s]+)\)/g, (whole, target: string) => {
    if (target.startsWith('#/')) return `](${relative(at, fileOf(target))})`;
    if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) return whole;
    return `](${relative(at, target)})`;
  });
}

/** The samples the site shows for an operation (its x-codeSamples in the description the docs render). */
const shownSamples = (shown: Node, { path, method }: DocOperation): ShownSample[] =>
  shown.paths[path][method]['x-codeSamples'];

/**
 * Every Markdown file of the site, by its path under the site's root. `doc` is the bundle,
 * `shown` the description the docs render (its introduction and samples), `changelog` the
 * changelog given how to link a route.
 */
export function markdownFiles(doc: Node, shown: Node, changelog: (link: (route: string) => string) => string) {
  const files = new Map<string, string>();
  const operations = operationsOf(doc);
  const { lead, sections } = introduction(shown);
  const tags = doc.tags as { name: string; description: string }[];
  const title = `${doc.info.title} (${doc.info.version})`;
  const back = (at: string, route: string) =>
    `[All of this API for AI tools](${relative(at, LLMS)}) · ` +
    `[Open in the docs](${relative(at, `index.html${route}`)})`;
  const changelogAt = (at: string) => changelog((route) => relative(at, fileOf(route)));

  const introAt = (at: string, level: number) =>
    [
      siteLinks(lead, at),
      `${doc.info.summary}`,
      '## Servers',
      (doc.servers as { url: string; description: string }[])
        .map((server) => `- ${code(server.url)}: ${server.description}`)
        .join('\n'),
      ...sections.map(({ heading, body }) => `## ${heading}\n\n${siteLinks(body, at)}`),
    ]
      .map((part) => demote(part, level))
      .join('\n\n');
  files.set(
    'index.md',
    `# ${title}\n\n${introAt('index.md', 0)}\n\n${areasList('index.md', tags)}\n\n${back('index.md', '#/')}\n`,
  );

  for (const { heading, body } of sections) {
    const route = sectionRoute(heading);
    const at = fileOf(route);
    files.set(at, `# ${heading}\n\n${siteLinks(body, at)}\n\n${back(at, route)}\n`);
  }
  for (const tag of tags) {
    const at = fileOf(tagRoute(tag.name));
    files.set(at, `${areaMarkdown(tag, operations, at)}\n\n${back(at, tagRoute(tag.name))}\n`);
  }
  for (const operation of operations) {
    const route = operationRoute(operation.op.tags[0], operation.op.operationId);
    const at = fileOf(route);
    const text = operationMarkdown(doc, operation, shownSamples(shown, operation), at);
    files.set(at, `${text}\n${back(at, route)}\n`);
  }
  const changelogFile = fileOf(CHANGELOG_ROUTE);
  files.set(changelogFile, `# Changelog\n\n${changelogAt(changelogFile)}\n\n${back(changelogFile, CHANGELOG_ROUTE)}\n`);

  files.set(LLMS, llmsTxt(doc, introduction(doc).lead, sections, tags, operations));
  files.set(
    LLMS_FULL,
    [
      `# ${title}`,
      introAt(LLMS_FULL, 0),
      ...tags.flatMap((tag) => [
        demote(areaMarkdown(tag, operations, LLMS_FULL), 1),
        ...operations
          .filter(({ op }) => op.tags[0] === tag.name)
          .map((operation) => demote(operationMarkdown(doc, operation, shownSamples(shown, operation), LLMS_FULL), 2)),
      ]),
      `## Changelog\n\n${demote(changelogAt(LLMS_FULL), 1)}`,
    ].join('\n\n') + '\n',
  );
  return files;
}

/** An area's page: what it holds, and its operations, each with its method, path and what it does. */
function areaMarkdown(tag: { name: string; description: string }, operations: DocOperation[], at: string): string {
  const own = operations.filter(({ op }) => op.tags[0] === tag.name);
  return [
    `# ${tag.name}`,
    tag.description,
    table(
      ['Operation', 'Method and path', 'What it does'],
      own.map(({ path, method, op }) => [
        `[${op.summary}](${relative(at, fileOf(operationRoute(tag.name, op.operationId)))})`,
        code(`${method.toUpperCase()} ${path}`),
        firstSentence(op.description),
      ]),
    ),
  ].join('\n\n');
}

/** The areas, each linked, for the introduction. */
const areasList = (at: string, tags: { name: string; description: string }[]) =>
  `## Areas\n\n${tags
    .map((tag) => `- [${tag.name}](${relative(at, fileOf(tagRoute(tag.name)))}): ${tag.description}`)
    .join('\n')}`;

/** llms.txt, in llmstxt.org's form. */
function llmsTxt(
  doc: Node,
  lead: string,
  sections: { heading: string; body: string }[],
  tags: { name: string; description: string }[],
  operations: DocOperation[],
): string {
  // What a guide is about: the first sentence of its first paragraph.
  const about = (body: string) => firstSentence(body.split(/\n\s*\n/)[0]!).replace(/:$/, '.');
  const guide = ({ heading, body }: { heading: string; body: string }) =>
    `- [${heading}](${fileOf(sectionRoute(heading))}): ${about(body)}`;
  const servers = doc.servers as { url: string; description: string }[];
  return `${[
    `# ${doc.info.title}`,
    `> ${firstSentence(doc.info.summary)} ${lead.replace(/\s+/g, ' ').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')}`,
    `Version ${doc.info.version} of the description. Servers: ` +
      `${servers.map((server) => `${code(server.url)}, ${server.description}`).join('; ')}. ` +
      `Every operation has its own version segment in its path; ${code('apikey')} goes first on every call (the ` +
      `query of a GET, the form of a POST); answers are JSON envelopes ${code('{return, msg, status}')}. ` +
      `Everything below in one file: [${LLMS_FULL}](${LLMS_FULL}); the OpenAPI description: ` +
      `[openapi.json](openapi.json), [openapi.yaml](openapi.yaml).`,
    '## Guides',
    [
      ...sections.map(guide),
      `- [Changelog](${fileOf(CHANGELOG_ROUTE)}): what changed in each version, and which changes break a client.`,
    ].join('\n'),
    ...tags.flatMap((tag) => [
      `## ${tag.name}`,
      [
        `- [${tag.name}](${fileOf(tagRoute(tag.name))}): ${tag.description}`,
        ...operations
          .filter(({ op }) => op.tags[0] === tag.name)
          .map(
            (operation) =>
              `- [${operation.op.summary}](${fileOf(operationRoute(tag.name, operation.op.operationId))}): ` +
              operationLine(operation),
          ),
      ].join('\n'),
    ]),
    '## Optional',
    `- [${LLMS_FULL}](${LLMS_FULL}): every page above in one file.`,
  ].join('\n\n')}\n`;
}
