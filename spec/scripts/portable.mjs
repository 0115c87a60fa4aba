// Derives the portable description (dist/openapi.portable.json) from the bundle (dist/openapi.json);
// `pnpm bundle` runs it after bundling, and writes the YAML copy with Redocly.
//
// The canonical description models the service's bracketed fields as nested objects
// (`params.Phone.Country`, `upgrade.disk.<name>`, `params.databases[n]`) with deepObject
// encodings. OpenAPI defines deepObject for one level of non-nested objects only, so other
// tools each guess how deeper levels go on the wire, and guess differently. The portable
// description says the same thing by the letter of OpenAPI 3.1, with no vendor extension:
// - every query parameter and form field is one flat field under its literal wire name, in the
//   service's order: `filters[page_number]`, `params[Phone][Country]`;
// - GET operations declare `apikey` as their first query parameter, and nothing declares a
//   security scheme (tools reorder a scheme's key, or send it twice beside a POST's form field);
// - lists read by index are fixed slots (`containers[0]` … `containers[4]`, the example on slot
//   0); in a form, further items are also valid through `patternProperties`;
// - a map keyed by the caller (`upgrade[disk][<name>]`) is one object field `upgrade[disk]`
//   with a deepObject encoding: one level of an object of values, which OpenAPI defines;
// - the list sent with empty brackets is one array field `params[the service][]` (form, explode);
// - every request example is written with the flat names; each field's schema carries the first
//   example's value (`example` and `examples`), as some tools read only one of them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundlePath, deref, isIndexedList, operationsOf, propertiesOf } from '../lib/document.ts';
import { INDEX_PATTERN, wireName } from '../lib/wire.ts';

export const PORTABLE = fileURLToPath(new URL('../dist/openapi.portable.json', import.meta.url));

/** Slots of an indexed list: five for a list of values, two for a list of records (each several fields). */
const SLOTS = { value: 5, record: 2 };

/** Regex text of a bracket segment: a literal key, or any list index. */
const INDEX = Symbol('index');
const segmentPattern = (segment) =>
  segment === INDEX ? INDEX_PATTERN.slice(1, -1) : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const wirePattern = (segments) =>
  `^${segments.map((s, i) => (i === 0 ? segmentPattern(s) : `\\[${segmentPattern(s)}\\]`)).join('')}$`;

/** A JSON copy without vendor extensions (`x-…` keys), which the portable description does without. */
function plain(node) {
  if (Array.isArray(node)) return node.map(plain);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, plain(value)]),
  );
}

/** The description of a field: its own, or its schema's. */
const describe = (doc, node) => node.description ?? deref(doc, node).description;

/**
 * A leaf's schema: its `$ref` (or the schema) with its description and the example given, or
 * (`ownExample`) its schema's own.
 */
function leafSchema(doc, node, description, example, ownExample = true) {
  const { examples: _examples, example: _example, ...schema } = plain(node);
  if (description && !schema.description) schema.description = description;
  const own =
    example !== undefined ? example : ownExample ? (node.examples ?? deref(doc, node).examples)?.[0] : undefined;
  // Both keywords: JSON Schema's `examples`, and the older `example` some tools read alone.
  if (own !== undefined) Object.assign(schema, { example: own, examples: [own] });
  return schema;
}

/**
 * The flat fields of a value of `node` sent under `segments`: `{ segments, schema, description,
 * kind }` where kind is 'field' (one name), 'array' (one name sent once per item, `name[]`) or
 * 'pattern' (any number of names: a further list index, a map key). `examples` maps wire names
 * to the example's values; `body`: whether patterns may be given (a form's patternProperties).
 */
function fieldsOf(doc, node, segments, { description, examples, body, pattern = false, laterSlot = false }) {
  const s = deref(doc, node);
  const own = describe(doc, node) ?? description;
  if (s.type === 'array' && s['x-array-brackets'] === 'empty') {
    // The one list the service reads with empty brackets: one field, sent once per item.
    const name = `${wireName(segments)}[]`;
    const example = examples[name];
    const items = plain(s.items);
    const schema = {
      type: 'array',
      description: own,
      items,
      ...(example !== undefined && { example, examples: [example] }),
    };
    return [{ segments: [...segments, ''], name, schema, kind: 'array' }];
  }
  const item = isIndexedList(doc, s) ? s.additionalProperties : s.type === 'array' ? s.items : undefined;
  if (item) {
    const record = deref(doc, item).type === 'object';
    const count = pattern ? 0 : record ? SLOTS.record : SLOTS.value;
    const fields = [];
    for (let i = 0; i < count; i++) {
      const slot =
        `${own ?? ''} Item ${i} of the list (indexed from 0; ${count} slots here${body ? ', further items valid as the same names with the next indexes' : ''}).`.trim();
      // The example on slot 0 only: a tool that fills every field from examples sends one item.
      fields.push(
        ...fieldsOf(doc, item, [...segments, String(i)], {
          description: slot,
          examples,
          body,
          laterSlot: laterSlot || i > 0,
        }),
      );
    }
    if (body)
      fields.push(
        ...fieldsOf(doc, item, [...segments, INDEX], {
          description: `${own ?? ''} Further items of the list.`.trim(),
          examples,
          body,
          pattern: true,
        }),
      );
    return fields;
  }
  if (isMap(doc, s)) {
    // A map keyed by the caller (`upgrade[disk][<name>]`): one object field, deepObject, whose
    // keys are the caller's; OpenAPI defines that for one level of an object of values.
    const name = wireName(segments);
    if (
      !body ||
      pattern ||
      segments.some((x) => typeof x === 'symbol') ||
      ['object', 'array'].includes(deref(doc, s.additionalProperties).type)
    ) {
      throw new Error(
        `${name}: a map keyed by the caller is written as one deepObject form field, so only as a form field of values`,
      );
    }
    const example = laterSlot ? undefined : examples[name];
    const schema = {
      type: 'object',
      ...(own && { description: own }),
      additionalProperties: plain(s.additionalProperties),
      ...(example !== undefined && { example, examples: [example] }),
    };
    return [{ segments, name, schema, kind: 'map' }];
  }
  if (s.type === 'object' || s.allOf) {
    return Object.entries(propertiesOf(doc, s)).flatMap(([key, property]) =>
      fieldsOf(doc, property, [...segments, key], { examples, body, pattern, laterSlot }),
    );
  }
  const isPattern = pattern || segments.some((x) => typeof x === 'symbol');
  const name = isPattern ? undefined : wireName(segments);
  return [
    {
      segments,
      name,
      schema: leafSchema(doc, node, own, isPattern ? undefined : examples[name], !isPattern && !laterSlot),
      kind: isPattern ? 'pattern' : 'field',
    },
  ];
}

/** A map keyed by the caller: an object with no named properties, only `additionalProperties`. */
const isMap = (doc, s) =>
  s.type === 'object' &&
  !s.properties &&
  !isIndexedList(doc, s) &&
  s.additionalProperties &&
  typeof s.additionalProperties === 'object';

/**
 * A value as the flat fields it is sent as (`{ 'params[Phone][Country]': '64' }`), in its
 * order; a map keyed by the caller stays one object field (`{ 'upgrade[disk]': { xvda1: 120 } }`).
 */
function flatValue(doc, node, value, prefix, out = {}) {
  const s = node ? deref(doc, node) : {};
  if (s.type === 'array' && s['x-array-brackets'] === 'empty') {
    out[`${prefix}[]`] = value;
  } else if (isMap(doc, s)) {
    out[prefix] = value;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => flatValue(doc, s.items, item, `${prefix}[${i}]`, out));
  } else if (value && typeof value === 'object') {
    const properties = propertiesOf(doc, s);
    for (const [key, item] of Object.entries(value)) {
      const child =
        properties[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
      flatValue(doc, child, item, prefix ? `${prefix}[${key}]` : key, out);
    }
  } else {
    out[prefix] = value;
  }
  return out;
}

function portableQuery(doc, op) {
  // The key first, as the service reads it: a declared parameter, not a security scheme.
  const key = deref(doc, doc.components.securitySchemes.apiKey);
  const parameters = [
    {
      name: key.name,
      in: 'query',
      required: true,
      description: 'Your API key. Send it as the first query parameter: the service reads it first.',
      schema: { $ref: '#/components/schemas/ApiKey' },
      example: 'YOUR_API_KEY',
    },
  ];
  for (const raw of op.parameters ?? []) {
    const parameter = deref(doc, raw);
    if (parameter.style !== 'deepObject') {
      // The parameter's `example` beside its schema's `examples`: some tools read only one.
      const { example, ...schema } = leafSchema(doc, parameter.schema);
      parameters.push({
        name: parameter.name,
        in: 'query',
        required: Boolean(parameter.required),
        description: parameter.description,
        schema,
        ...(example !== undefined && { example }),
      });
      continue;
    }
    for (const field of fieldsOf(doc, parameter.schema, [parameter.name], {
      description: parameter.description,
      examples: {},
      body: false,
    })) {
      const { example, description, ...schema } = field.schema;
      parameters.push({
        name: field.name,
        in: 'query',
        required: false,
        description: description ?? parameter.description,
        schema,
        ...(example !== undefined && { example }),
      });
    }
  }
  return parameters;
}

function portableBody(doc, op) {
  const body = deref(doc, op.requestBody);
  const content = {};
  for (const [type, media] of Object.entries(body.content)) {
    const schema = deref(doc, media.schema);
    const named = Object.entries(media.examples ?? {}).map(([name, raw]) => {
      const example = deref(doc, raw);
      return [
        name,
        {
          ...(example.summary && { summary: example.summary }),
          ...(example.description && { description: example.description }),
          value: flatValue(doc, schema, example.value, ''),
        },
      ];
    });
    const first = named[0]?.[1].value ?? {};
    const properties = {};
    const patternProperties = {};
    const encoding = {};
    for (const [key, property] of Object.entries(propertiesOf(doc, schema))) {
      for (const field of fieldsOf(doc, property, [key], { examples: first, body: true })) {
        if (field.kind === 'pattern') patternProperties[wirePattern(field.segments)] = field.schema;
        else properties[field.name] = field.schema;
        // `name[]=a&name[]=b`: the array field's name already has its brackets.
        if (field.kind === 'array') encoding[field.name] = { style: 'form', explode: true };
        // `upgrade[disk][xvda1]=120`: one level of an object of values.
        if (field.kind === 'map') encoding[field.name] = { style: 'deepObject', explode: true };
      }
    }
    content[type] = {
      schema: {
        type: 'object',
        ...(schema.description && { description: schema.description }),
        required: schema.required ?? [],
        properties,
        ...(Object.keys(patternProperties).length && { patternProperties }),
        additionalProperties: false,
      },
      ...(Object.keys(encoding).length && { encoding }),
      examples: Object.fromEntries(named),
    };
  }
  return { ...(body.description && { description: body.description }), required: Boolean(body.required), content };
}

/** Names of the components a node refers to, followed through the components themselves. */
function usedComponents(doc, root) {
  const used = new Set();
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && !used.has(node.$ref)) {
      used.add(node.$ref);
      visit(deref(doc, { $ref: node.$ref }));
    }
    Object.values(node).forEach(visit);
  };
  visit(root);
  return used;
}

const NOTE = `**This is the portable form of the description** (\`openapi.portable.json\`): the same API
written for any OpenAPI 3.1 tool. Every query parameter and form field is listed under its literal
wire name in the order the service reads them (\`filters[page_number]\`, \`params[Phone][Country]\`);
lists read by index are fixed slots (\`containers[0]\`, \`containers[1]\`, …); GET operations take
\`apikey\` as their first query parameter and POST operations as their first form field.

`;

/** The portable description of a bundled canonical one. */
export function portable(doc) {
  const paths = {};
  for (const { path, method, op } of operationsOf(doc)) {
    const { parameters: _p, requestBody: _b, security: _s, ...rest } = plain(op);
    const out = { ...rest };
    if (method === 'get') out.parameters = portableQuery(doc, op);
    else out.requestBody = portableBody(doc, op);
    // Keep the canonical key order: parameters and body where the operation had them.
    const ordered = {};
    for (const key of Object.keys(op).filter((k) => !k.startsWith('x-') && k !== 'security')) {
      if (key === 'parameters' || key === 'requestBody') continue;
      if (key === 'responses') {
        if (out.parameters) ordered.parameters = out.parameters;
        if (out.requestBody) ordered.requestBody = out.requestBody;
      }
      ordered[key] = out[key];
    }
    (paths[path] ??= {})[method] = ordered;
  }
  const { security: _security, components, paths: _paths, info, ...top } = plain(doc);
  const result = {
    ...top,
    info: { ...info, description: NOTE + info.description },
    paths,
  };
  // Only the components still referred to: the nested request schemas and the shared
  // parameters are now written out field by field.
  const { securitySchemes: _schemes, parameters: _parameters, ...kept } = components;
  const used = usedComponents({ ...result, components: kept }, paths);
  result.components = Object.fromEntries(
    Object.entries(kept)
      .map(([kind, entries]) => [
        kind,
        Object.fromEntries(Object.entries(entries).filter(([name]) => used.has(`#/components/${kind}/${name}`))),
      ])
      .filter(([, entries]) => Object.keys(entries).length),
  );
  // Order as the canonical document: openapi, info, servers, …, paths, components.
  const ordered = {};
  for (const key of Object.keys(doc)) if (key in result) ordered[key] = result[key];
  return ordered;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = JSON.parse(readFileSync(bundlePath(), 'utf8'));
  writeFileSync(PORTABLE, `${JSON.stringify(portable(doc), null, 2)}\n`);
  console.log(`wrote ${PORTABLE}`);
}
