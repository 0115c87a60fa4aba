// The description as the docs show it: the bundle plus what a reader of the page needs, and
// nothing the API does not say. Each operation gets its code samples (x-codeSamples) and a link
// to its Markdown; nested fields are named as they are sent (`params[Phone][Country]`, not
// `params.Phone.Country`); the introduction links the changelog (a page of its own) and the
// Markdown for AI tools, and ends with how to start the mock (from anywhere), try the calls on it
// and reach the people behind the API.
import { readFileSync } from 'node:fs';
import { deref, type Node, operationRoute, operationsOf } from '@hostapi/spec/document';
import {
  INDEX_SLOT,
  KEY_SLOT,
  requestFields,
  type Slot,
  shownName,
  type WireField,
  type WireShape,
  wireShape,
} from '@hostapi/spec/fields';
import { markdownFile } from '../page/ids.ts';
import { changelogMarkdown } from './changelog.ts';
import { type History, readHistory, repositoryPlaces } from './history.ts';
import { fileOf } from './markdown/operation.ts';
import { CHANGELOG_ROUTE, LLMS, LLMS_FULL } from './markdown/site.ts';
import { MOCK_COMMAND, MOCK_README, MOCK_URL } from './mock.ts';
import { BASE_URL_VARIABLE, KEY_VARIABLE, SAMPLES, samples } from './samples.ts';

/** The introduction's last section: the mock, and the base URL every curl sample reads (said once, here). */
const MOCK_SECTION = `

## Try it against the mock
The mock of this API, \`@hostapi/mock\`, serves every operation of this description on
\`${MOCK_URL}\`, checking each request against it. Install it in your project (before its
first release from the packed packages, as [the mock's README](${MOCK_README}) explains; once
published, \`npm install --save-dev @hostapi/mock\`), then start it from there:

\`\`\`sh
${MOCK_COMMAND}
\`\`\`

(In a checkout of this repository, \`pnpm start\` starts it beside these docs.) Every curl sample
reads its base URL from \`$${BASE_URL_VARIABLE}\` and calls production when it is unset: run

\`\`\`sh
export ${BASE_URL_VARIABLE}=${MOCK_URL}
\`\`\`

once in your shell, and paste any sample as it is. The Python samples read \`$${BASE_URL_VARIABLE}\` too,
and the API key from \`$${KEY_VARIABLE}\` (the mock takes any key: \`export ${KEY_VARIABLE}=test-key\`); the
\`@hostapi/client\` samples read \`HOSTAPI_URL\` and \`${KEY_VARIABLE}\`. The mock answers the \`success\`
example of each operation; \`Prefer: example=<name>\` selects the other examples (\`Prefer: code=500,
example=rateLimited\` the rate limit). Requests without the key are refused, invalid ones get a
422 that names each field. The mock's README lists every option and example name.
`;

/**
 * The contact, as a section of its own: Redoc shows \`info.contact.url\` in its overview under
 * the label "URL" whatever the contact's name says, so the page says what the link is here.
 */
const contactSection = ({ name, url }: { name?: string; url: string }) => `
## Contact
[${name ?? url}](${url})
`;

/** How many versions (the pending one counted) the page's changelog shows. */
export const PAGE_VERSIONS = 5;

/** Said right after the introduction's first paragraph: where the changelog and the Markdown are. */
const ELSEWHERE = `

What changed from one version to the next, and which changes break a client: the
[changelog](${CHANGELOG_ROUTE}). These docs in Markdown, for AI tools and readers who prefer it:
[${LLMS}](${LLMS}) (an index of every page), [${LLMS_FULL}](${LLMS_FULL}) (all of it in one
file), and each operation's own file ("View as Markdown" on its page).
`;

/**
 * The description the docs render, built from the bundle `doc` (which is left as it is), its
 * changelog from `history` (the repository's).
 */
export function docsDescription(doc: Node, history: History = readHistory(doc, repositoryPlaces())): Node {
  const shown = structuredClone(doc);
  const all = samples(shown);
  const [lead, ...sections] = (shown.info.description as string).split(/(?=^## )/m);
  shown.info.description =
    [
      `${lead!.trimEnd()}${ELSEWHERE}
`,
      ...sections,
    ].join('') + MOCK_SECTION;
  shown.tags.push({
    name: 'Changelog',
    'x-traitTag': true,
    // Redoc lists a tag's headings in the sidebar: each version is worth an entry there, each
    // version's parts ("Operations added", "Release notes") are not, so they are bold lines here.
    // The page, whose weight has a budget, shows the newest versions; changelog.md has them all.
    description: changelogMarkdown(history, (route) => route, {
      newest: PAGE_VERSIONS,
      older: fileOf(CHANGELOG_ROUTE),
    }).replace(/^### (.+)$/gm, '**$1**'),
  });
  if (shown.info.contact?.url) {
    shown.info.description += contactSection(shown.info.contact);
    delete shown.info.contact;
  }
  for (const { method, op } of operationsOf(shown)) {
    const id: string = op.operationId;
    // Relative to the page (index.html), wherever the site is.
    op.description += `\n\n[View as Markdown](${markdownFile(operationRoute(op.tags[0], id).slice(1))})`;
    // The TypeScript sample is the committed file (checked and run by the tests), without its header line.
    const typescript = readFileSync(new URL(`${id}.ts`, SAMPLES), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n');
    op['x-codeSamples'] = [
      { lang: 'curl', label: 'curl', source: all[id]!.curl },
      { lang: 'typescript', label: '@hostapi/client', source: typescript },
      { lang: 'python', label: 'Python', source: all[id]!.python },
    ];
    if (method === 'get') {
      const fields = new Map(requestFields(shown, { method, op }).map((f) => [f.name, f]));
      op.parameters = (op.parameters ?? []).map((parameter: Node) => {
        const p = deref(shown, parameter);
        const field = fields.get(p.name);
        return field && field.shape.kind !== 'value' ? { ...p, schema: wireNamed(field.shape, [p.name]) } : parameter;
      });
    } else {
      for (const media of Object.values<Node>(deref(shown, op.requestBody).content))
        media.schema = wireNamed(wireShape(shown, media.schema), []);
    }
  }
  return shown;
}

/**
 * The schema of a field of this shape (sent under the name `segments` make, none for a form's
 * body), with every nested field renamed to the name it is sent under (@hostapi/spec/fields'
 * shownName): `Phone` inside `params` becomes `params[Phone]`, its `Country`
 * `params[Phone][Country]`; a list's entries are `[<n>]` (or `[]`), a map's `[<key>]`. A value
 * stays as the description writes it (with its `$ref`, so that the docs still name its schema).
 */
export function wireNamed(shape: WireShape, segments: readonly (string | Slot)[]): Node {
  switch (shape.kind) {
    case 'value':
      return shape.given;
    case 'list': {
      const entry = [...segments, shape.brackets === 'empty' ? '' : INDEX_SLOT];
      return shape.keyed
        ? withEntries(shape.schema, shape.item, entry)
        : { ...shape.schema, items: wireNamed(shape.item, entry) };
    }
    case 'map':
      return withEntries(shape.schema, shape.value, [...segments, KEY_SLOT]);
    case 'object': {
      if (!shape.fields.length) return shape.given;
      const name = (f: WireField) => shownName([...segments, f.name]);
      const required = shape.fields.filter((f) => f.required).map(name);
      const { required: _required, ...schema } = shape.schema;
      return {
        ...schema,
        properties: Object.fromEntries(shape.fields.map((f) => [name(f), wireNamed(f.shape, [...segments, f.name])])),
        ...(required.length ? { required } : {}),
      };
    }
  }
}

/** A map's or index-keyed list's schema, its entries of this shape, named as Redoc names them (by an extension). */
function withEntries(schema: Node, entry: WireShape, segments: readonly (string | Slot)[]): Node {
  const { $ref: _ref, ...named } = wireNamed(entry, segments);
  return {
    ...schema,
    additionalProperties: { ...entry.schema, ...named, 'x-additionalPropertiesName': shownName(segments) },
  };
}
