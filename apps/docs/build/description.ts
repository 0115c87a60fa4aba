// The description as the docs show it: the bundle plus what a reader of the page needs, and
// nothing the API does not say. Each operation gets its code samples (x-codeSamples); nested
// fields are named as they are sent (`params[Phone][Country]`, not `params.Phone.Country`); the
// introduction ends with how to start the mock (from anywhere), try the calls on it and reach
// the people behind the API.
import { readFileSync } from 'node:fs';
import { deref, type Node, operationsOf, propertiesOf, requiredOf } from '@hostapi/spec/document';
import { wireName } from '@hostapi/spec/wire';
import { MOCK_COMMAND, MOCK_README, MOCK_URL } from './mock.ts';
import { BASE_URL_VARIABLE, SAMPLES, samples } from './samples.ts';

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

once in your shell, and paste any sample as it is. The \`@hostapi/client\` samples read
\`HOSTAPI_URL\` and \`HOSTAPI_KEY\` the same way. The mock answers the \`success\` example of each
operation; \`Prefer: example=<name>\` selects the other examples (\`Prefer: code=500,
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

/** The description the docs render, built from the bundle `doc` (which is left as it is). */
export function docsDescription(doc: Node): Node {
  const shown = structuredClone(doc);
  const all = samples(shown);
  shown.info.description += MOCK_SECTION;
  if (shown.info.contact?.url) {
    shown.info.description += contactSection(shown.info.contact);
    delete shown.info.contact;
  }
  for (const { method, op } of operationsOf(shown)) {
    const id: string = op.operationId;
    // The TypeScript sample is the committed file (checked and run by the tests), without its header line.
    const typescript = readFileSync(new URL(`${id}.ts`, SAMPLES), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n');
    op['x-codeSamples'] = [
      { lang: 'curl', label: 'curl', source: all[id]!.curl },
      { lang: 'typescript', label: '@hostapi/client', source: typescript },
    ];
    if (method === 'get') {
      op.parameters = (op.parameters ?? []).map((parameter: Node) => {
        const p = deref(shown, parameter);
        return p.style === 'deepObject' ? { ...p, schema: wireNamed(shown, p.schema, [p.name]) } : parameter;
      });
    } else {
      for (const media of Object.values<Node>(deref(shown, op.requestBody).content)) {
        const form = deref(shown, media.schema);
        media.schema = {
          ...form,
          properties: Object.fromEntries(
            Object.entries<Node>(form.properties).map(([key, value]) => [key, wireNamed(shown, value, [key])]),
          ),
        };
      }
    }
  }
  return shown;
}

/** The segment the docs show for a list's entry (`<n>`, or empty where the service sends `name[]`) and a map's key. */
const ENTRY = (list: Node) => (list['x-array-brackets'] === 'empty' ? '' : '<n>');
const KEY = '<key>';

/**
 * `schema` (the field sent under the name `segments` make) with every nested property renamed to
 * the name it is sent under: `Phone` inside `params` becomes `params[Phone]`, its `Country`
 * `params[Phone][Country]`; list entries are `[<n>]` (or `[]`), map keys `[<key>]`. A leaf stays
 * as it is (with its `$ref`, so that the docs still name its schema).
 */
export function wireNamed(doc: Node, schema: Node, segments: readonly string[]): Node {
  const { $ref: _ref, ...siblings } = schema;
  const s = { ...deref(doc, schema), ...siblings };
  if (s.type === 'array' && s.items) return { ...s, items: wireNamed(doc, s.items, [...segments, ENTRY(s)]) };
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') {
    // Redoc names a map's entries by the extension on the entry's own schema.
    const entrySegments = [...segments, KEY];
    const { $ref: _entryRef, ...entry } = wireNamed(doc, s.additionalProperties, entrySegments);
    return {
      ...s,
      additionalProperties: {
        ...deref(doc, s.additionalProperties),
        ...entry,
        'x-additionalPropertiesName': wireName(entrySegments),
      },
    };
  }
  const properties = propertiesOf(doc, s);
  if (s.type !== 'object' || Object.keys(properties).length === 0) return schema;
  const { allOf: _merged, ...own } = s;
  const wire = (key: string) => wireName([...segments, key]);
  const required = requiredOf(doc, s);
  return {
    ...own,
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [wire(key), wireNamed(doc, value, [...segments, key])]),
    ),
    ...(required.length ? { required: required.map(wire) } : {}),
  };
}
