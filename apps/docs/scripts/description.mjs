// The description as the docs show it: the bundle plus what a reader of the page needs, and
// nothing the API does not say. Each operation gets its code samples (x-codeSamples) and a note
// on BASE_URL; nested fields are named as they are sent (`params[Phone][Country]`, not
// `params.Phone.Country`); the introduction ends with how to start the mock (from anywhere) and
// try the calls on it.
import { readFileSync } from 'node:fs';
import { deref, operationsOf, propertiesOf, requiredOf } from '@hostapi/spec/document';
import { MOCK_COMMAND, MOCK_README } from './mock.mjs';
import { BASE_URL_VARIABLE, samples, SAMPLES } from './samples.mjs';

const MOCK_SECTION = `

## Try it against the mock
The mock of this API, \`@hostapi/mock\`, serves every operation of this description on
\`http://127.0.0.1:4010\`, checking each request against it. Install it in your project (before its
first release from the packed packages, as [the mock's README](${MOCK_README}) explains; once
published, \`npm install --save-dev @hostapi/mock\`), then start it from there:

\`\`\`sh
${MOCK_COMMAND}
\`\`\`

(In a checkout of this repository, \`pnpm start\` starts it beside these docs.) Every curl sample
reads its base URL from \`$${BASE_URL_VARIABLE}\` and calls production when it is unset: run

\`\`\`sh
export ${BASE_URL_VARIABLE}=http://127.0.0.1:4010
\`\`\`

once in your shell, and paste any sample as it is. The \`@hostapi/client\` samples read
\`HOSTAPI_URL\` and \`HOSTAPI_KEY\` the same way. The mock answers the \`success\` example of each
operation; \`Prefer: example=<name>\` selects the other examples (\`Prefer: code=500,
example=rateLimited\` the rate limit). Requests without the key are refused, invalid ones get a
422 that names each field. The mock's README lists every option and example name.
`;

const OPERATION_NOTE = `

The curl sample calls \`$${BASE_URL_VARIABLE}\`, or production when it is unset:
\`export ${BASE_URL_VARIABLE}=http://127.0.0.1:4010\` runs it against the local mock (see
[Try it against the mock](#/section/try-it-against-the-mock)).`;

/** The description the docs render, built from the bundle `doc` (which is left as it is). */
export function docsDescription(doc) {
  const shown = structuredClone(doc);
  const all = samples(shown);
  shown.info.description += MOCK_SECTION;
  for (const { method, op } of operationsOf(shown)) {
    const id = op.operationId;
    // The TypeScript sample is the committed file (checked and run by the tests), without its header line.
    const typescript = readFileSync(new URL(`${id}.ts`, SAMPLES), 'utf8')
      .split('\n')
      .slice(1)
      .join('\n');
    op['x-codeSamples'] = [
      { lang: 'curl', label: 'curl', source: all[id].curl },
      { lang: 'typescript', label: '@hostapi/client', source: typescript },
    ];
    op.description += OPERATION_NOTE;
    if (method === 'get') {
      op.parameters = (op.parameters ?? []).map((parameter) => {
        const p = deref(shown, parameter);
        return p.style === 'deepObject' ? { ...p, schema: wireNamed(shown, p.schema, p.name) } : parameter;
      });
    } else {
      for (const media of Object.values(deref(shown, op.requestBody).content)) {
        const form = deref(shown, media.schema);
        media.schema = {
          ...form,
          properties: Object.fromEntries(
            Object.entries(form.properties).map(([key, value]) => [key, wireNamed(shown, value, key)]),
          ),
        };
      }
    }
  }
  return shown;
}

/**
 * `schema` (the field sent as `name`) with every nested property renamed to the name it is sent
 * under: `Phone` inside `params` becomes `params[Phone]`, its `Country` `params[Phone][Country]`;
 * list entries are `[<n>]` (or `[]` where the service sends empty brackets), map keys `[<key>]`.
 * A leaf stays as it is (with its `$ref`, so that the docs still name its schema).
 */
export function wireNamed(doc, schema, name) {
  const { $ref: _ref, ...siblings } = schema;
  const s = { ...deref(doc, schema), ...siblings };
  if (s.type === 'array' && s.items) {
    return { ...s, items: wireNamed(doc, s.items, `${name}${s['x-array-brackets'] === 'empty' ? '[]' : '[<n>]'}`) };
  }
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') {
    // Redoc names a map's entries by the extension on the entry's own schema.
    const key = `${name}[<key>]`;
    const { $ref: _ref, ...entry } = wireNamed(doc, s.additionalProperties, key);
    return {
      ...s,
      additionalProperties: { ...deref(doc, s.additionalProperties), ...entry, 'x-additionalPropertiesName': key },
    };
  }
  const properties = propertiesOf(doc, s);
  if (s.type !== 'object' || Object.keys(properties).length === 0) return schema;
  const { allOf: _merged, ...own } = s;
  const wire = (key) => `${name}[${key}]`;
  return {
    ...own,
    properties: Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [wire(key), wireNamed(doc, value, wire(key))]),
    ),
    ...(requiredOf(doc, s).length ? { required: requiredOf(doc, s).map(wire) } : {}),
  };
}
