// Derives the portable description (dist/openapi.portable.json) from the bundle (dist/openapi.json);
// `pnpm bundle` runs it after bundling, and writes the YAML copy with Redocly.
//
// The canonical description models the service's bracketed fields as nested objects
// (`params.Phone.Country`, `upgrade.disk.<name>`, `params.databases[n]`) with deepObject
// encodings. OpenAPI defines deepObject for one level of non-nested objects only, and many
// generators ignore a form's `encoding` altogether (they send `upgrade[disk]=[object Object]`).
// The portable description says the same thing by the letter of OpenAPI 3.1, with no vendor
// extension and no `encoding`: every field goes out right under OpenAPI's defaults alone.
// - every query parameter and form field is one flat field under its literal wire name, in the
//   service's order: `filters[page_number]`, `params[Phone][Country]`;
// - GET operations declare `apikey` as their first query parameter, and nothing declares a
//   security scheme (tools reorder a scheme's key, or send it twice beside a POST's form field);
// - lists read by index are fixed slots (`containers[0]` … `containers[4]`, the example on slot
//   0); in a form, further items are also valid through `patternProperties`;
// - a map keyed by the caller (`upgrade[disk][<name>]`) is a pattern of flat names
//   (`patternProperties`), each one field of a value;
// - the list sent with empty brackets is one array field `params[the service][]`, which a form
//   sends once per item by default (style form, explode);
// - every request example is written with the flat names; each field's schema carries the first
//   example's value (`example` and `examples`), as some tools read only one of them;
// - a schema of several types (an identifier: `type: [integer, string]`) is one schema per type
//   (`anyOf`), each with its own type's keywords (see oneTypeEach).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundlePath, deref, type Node, operationsOf } from '../lib/document.ts';
import { requestFields, type WireShape, wireShape } from '../lib/fields.ts';
import {
  INDEX_PATTERN,
  KEY_PATTERN,
  namePattern,
  type PatternSegment,
  pointer,
  URL_ENCODED,
  wireName,
} from '../lib/wire.ts';

export const PORTABLE: string = fileURLToPath(new URL('../dist/openapi.portable.json', import.meta.url));

/** Slots of an indexed list: five for a list of values, two for a list of records (each several fields). */
const SLOTS = { value: 5, record: 2 };

const ANY_INDEX = { pattern: INDEX_PATTERN };
const ANY_KEY = { pattern: KEY_PATTERN };

/**
 * One flat field of a body or query: `field` (one name), `array` (one name sent once per item,
 * `name[]`) or `pattern` (any number of names: a further list index, a map key).
 */
type Flat =
  | { kind: 'field' | 'array'; name: string; schema: Node }
  | { kind: 'pattern'; pattern: string; schema: Node };

/** A JSON copy without vendor extensions (`x-…` keys), which the portable description does without. */
function plain<T>(node: T): T {
  if (Array.isArray(node)) return node.map(plain) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, plain(value)]),
  ) as T;
}

/** The description of a field: its own, or its schema's. */
const describe = (doc: Node, node: Node): string | undefined => node.description ?? deref(doc, node).description;

/** A field's schema with its description and an example: the one given, else (`own`) its schema's first. */
function leafSchema(doc: Node, node: Node, description: string | undefined, example: unknown, own = true): Node {
  const { examples: _examples, example: _example, ...schema } = plain(node);
  if (description && !schema.description) schema.description = description;
  const value = example !== undefined ? example : own ? (node.examples ?? deref(doc, node).examples)?.[0] : undefined;
  // Both keywords: JSON Schema's `examples`, and the older `example` some tools read alone.
  if (value !== undefined) Object.assign(schema, { example: value, examples: [value] });
  return schema;
}

interface Context {
  /** The field's description when the schema has none (a slot's, a parameter's). */
  description?: string | undefined;
  /** The first example's values by wire name. */
  examples: Record<string, unknown>;
  /** Whether the fields are a form's, which may be patterns (patternProperties); else a query's. */
  body: boolean;
  /** Inside a later slot of a list: no example there (a tool filling fields from examples sends one item). */
  laterSlot?: boolean;
}

/** The flat fields a value of `shape` is sent as, under the name `segments` (patterns among them). */
function fieldsOf(doc: Node, shape: WireShape, segments: PatternSegment[], context: Context): Flat[] {
  const { examples, body, laterSlot = false } = context;
  const node = shape.given;
  const own = describe(doc, node) ?? context.description;
  const literal = segments.every((x) => typeof x === 'string');
  const pattern = () => namePattern(segments);
  if (shape.kind === 'list' && shape.brackets === 'empty') {
    // The one list the service reads with empty brackets: one field, sent once per item.
    if (!literal) throw new Error(`${pattern()}: a list sent with empty brackets inside a list or map`);
    const wire = wireName([...(segments as string[]), '']);
    const example = laterSlot ? undefined : examples[wire];
    const schema = {
      type: 'array',
      ...(own && { description: own }),
      items: plain(shape.item.given),
      ...(example !== undefined && { example, examples: [example] }),
    };
    return [{ kind: 'array', name: wire, schema }];
  }
  if (shape.kind === 'list') {
    const count = literal ? (shape.item.kind === 'object' ? SLOTS.record : SLOTS.value) : 0;
    const further = body ? ', further items valid as the same names with the next indexes' : '';
    const fields: Flat[] = [];
    for (let i = 0; i < count; i++) {
      const description = `${own ?? ''} Item ${i} of the list (indexed from 0; ${count} slots here${further}).`;
      fields.push(
        ...fieldsOf(doc, shape.item, [...segments, String(i)], {
          description: description.trim(),
          examples,
          body,
          laterSlot: laterSlot || i > 0,
        }),
      );
    }
    if (body) {
      const description = `${own ?? ''} Further items of the list.`.trim();
      fields.push(...fieldsOf(doc, shape.item, [...segments, ANY_INDEX], { description, examples, body }));
    }
    return fields;
  }
  if (shape.kind === 'map') {
    // A map keyed by the caller (`upgrade[disk][<name>]`): a pattern of flat names, each a value.
    if (!body || !literal || shape.value.kind !== 'value') {
      throw new Error(`${pattern()}: a map keyed by the caller is written as a pattern of form fields of values`);
    }
    const schema = leafSchema(doc, shape.value.given, own, undefined, false);
    return [{ kind: 'pattern', pattern: namePattern([...segments, ANY_KEY]), schema }];
  }
  if (shape.kind === 'object') {
    return shape.fields.flatMap((field) =>
      fieldsOf(doc, field.shape, [...segments, field.name], { examples, body, laterSlot }),
    );
  }
  if (!literal) return [{ kind: 'pattern', pattern: pattern(), schema: leafSchema(doc, node, own, undefined, false) }];
  const wire = wireName(segments as string[]);
  return [{ kind: 'field', name: wire, schema: leafSchema(doc, node, own, examples[wire], !laterSlot) }];
}

/** A value as the flat fields it is sent as (`{ 'params[Phone][Country]': '64' }`), in its order. */
function flatValue(shape: WireShape | undefined, value: unknown, prefix: string, out: Node = {}): Node {
  if (shape?.kind === 'list' && shape.brackets === 'empty') {
    out[wireName([prefix, ''])] = value;
  } else if (Array.isArray(value)) {
    const item = shape?.kind === 'list' ? shape.item : undefined;
    value.forEach((entry, i) => flatValue(item, entry, wireName([prefix, String(i)]), out));
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      flatValue(shape && childOf(shape, key), entry, prefix ? wireName([prefix, key]) : key, out);
    }
  } else {
    out[prefix] = value;
  }
  return out;
}

/** The shape of a value's entry `key`: an object's field, a map's value, a keyed list's item. */
function childOf(shape: WireShape, key: string): WireShape | undefined {
  if (shape.kind === 'object')
    return (
      shape.fields.find((f) => f.name === key)?.shape ?? (shape.additional === true ? undefined : shape.additional)
    );
  if (shape.kind === 'map') return shape.value;
  if (shape.kind === 'list') return shape.item;
  return undefined;
}

function portableQuery(doc: Node, op: Node): Node[] {
  // The key first, as the service reads it: a declared parameter, not a security scheme.
  const key = deref(doc, doc.components.securitySchemes.apiKey);
  const parameters: Node[] = [
    {
      name: key.name,
      in: 'query',
      required: true,
      description: 'Your API key. Send it as the first query parameter: the service reads it first.',
      schema: { $ref: '#/components/schemas/ApiKey' },
      example: 'YOUR_API_KEY',
    },
  ];
  for (const raw of (op.parameters ?? []) as Node[]) {
    const parameter = deref(doc, raw);
    if (parameter.style !== 'deepObject') {
      // The parameter's `example` beside its schema's `examples`: some tools read only one.
      const { example, ...schema } = leafSchema(doc, parameter.schema, undefined, undefined);
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
    const context = { description: parameter.description, examples: {}, body: false };
    for (const field of fieldsOf(doc, wireShape(doc, parameter.schema), [parameter.name], context)) {
      if (field.kind !== 'field') throw new Error(`${parameter.name}: a query parameter is one flat field`);
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

function portableBody(doc: Node, op: Node): Node {
  const body = deref(doc, op.requestBody);
  const content: Node = {};
  for (const [type, media] of Object.entries(body.content as Record<string, Node>)) {
    const schema = deref(doc, media.schema);
    const shape = wireShape(doc, media.schema);
    const named = Object.entries((media.examples ?? {}) as Record<string, Node>).map(([name, raw]) => {
      const example = deref(doc, raw);
      const value = flatValue(shape, example.value, '');
      const about = {
        ...(example.summary && { summary: example.summary }),
        ...(example.description && { description: example.description }),
      };
      return [name, { ...about, value }] as const;
    });
    const first = named[0]?.[1].value ?? {};
    const properties: Node = {};
    const patternProperties: Node = {};
    for (const { name, shape: fieldShape } of requestFields(doc, { method: 'post', op })) {
      for (const field of fieldsOf(doc, fieldShape, [name], { examples: first, body: true })) {
        if (field.kind === 'pattern') patternProperties[field.pattern] = field.schema;
        else properties[field.name] = field.schema;
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
      examples: Object.fromEntries(named),
    };
  }
  if (!content[URL_ENCODED]) throw new Error(`${op.operationId}: a POST without an ${URL_ENCODED} body`);
  return { ...(body.description && { description: body.description }), required: Boolean(body.required), content };
}

/** The keywords that apply to one type only, by type; the others apply to a value of any type. */
const TYPE_KEYWORDS: Record<string, string[]> = {
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  string: ['pattern', 'minLength', 'maxLength', 'format'],
};
TYPE_KEYWORDS.number = TYPE_KEYWORDS.integer as string[];

/**
 * A schema of several types as one schema per type (`anyOf`), each with its own type's keywords:
 * Swagger UI 5 reads a required parameter typed with a list of types as never given, whatever is
 * typed in it (swagger-api/swagger-ui#10646), while it leaves each branch of an `anyOf` to the
 * server. Any other schema as it is.
 */
function oneTypeEach(schema: Node): Node {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [];
  if (types.filter((type) => type !== 'null').length < 2) return schema;
  const typed = new Set(Object.values(TYPE_KEYWORDS).flat());
  const shared = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== 'type' && !typed.has(key)));
  const branch = (type: string) => ({
    type,
    ...Object.fromEntries((TYPE_KEYWORDS[type] ?? []).filter((key) => key in schema).map((key) => [key, schema[key]])),
  });
  return { ...shared, anyOf: types.map(branch) };
}

/** The components a node refers to (`$ref`s), followed through the components themselves. */
function usedComponents(doc: Node, root: unknown): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const ref = (node as Node).$ref;
    if (typeof ref === 'string' && !used.has(ref)) {
      used.add(ref);
      visit(deref(doc, { $ref: ref }));
    }
    Object.values(node).forEach(visit);
  };
  visit(root);
  return used;
}

const NOTE = `**This is the portable form of the description** (\`openapi.portable.json\`): the same API
written for any OpenAPI 3.1 tool, with no \`encoding\` to honour. Every query parameter and form
field is listed under its literal wire name in the order the service reads them
(\`filters[page_number]\`, \`params[Phone][Country]\`); lists read by index are fixed slots
(\`containers[0]\`, \`containers[1]\`, …); a map keyed by the caller is one field per key
(\`upgrade[disk][xvda1]\`); GET operations take \`apikey\` as their first query parameter and POST
operations as their first form field.

`;

/** The portable description of a bundled canonical one. */
export function portable(doc: Node): Node {
  const paths: Node = {};
  for (const { path, method, op } of operationsOf(doc)) {
    const made = method === 'get' ? { parameters: portableQuery(doc, op) } : { requestBody: portableBody(doc, op) };
    // The canonical key order: parameters and body just before the responses.
    const ordered: Node = {};
    for (const [key, value] of Object.entries(plain(op))) {
      if (key === 'parameters' || key === 'requestBody' || key === 'security') continue;
      if (key === 'responses') Object.assign(ordered, made);
      ordered[key] = value;
    }
    paths[path] ??= {};
    paths[path][method] = ordered;
  }
  const { security: _security, components, paths: _paths, info, ...top } = plain(doc);
  const result: Node = { ...top, info: { ...info, description: NOTE + info.description }, paths };
  // Only the components still referred to: the nested request schemas and the shared
  // parameters are now written out field by field.
  const { securitySchemes: _schemes, parameters: _parameters, ...kept } = components as Record<string, Node>;
  const used = usedComponents({ ...result, components: kept }, paths);
  result.components = {};
  for (const [kind, entries] of Object.entries(kept)) {
    const still = Object.entries(entries).filter(([name]) => used.has(pointer('components', kind, name)));
    if (!still.length) continue;
    result.components[kind] = Object.fromEntries(
      still.map(([name, value]) => [name, kind === 'schemas' ? oneTypeEach(value as Node) : value]),
    );
  }
  // Order as the canonical document: openapi, info, servers, …, paths, components.
  return Object.fromEntries(Object.keys(doc).flatMap((key) => (key in result ? [[key, result[key]]] : [])));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc: Node = JSON.parse(readFileSync(bundlePath(), 'utf8'));
  writeFileSync(PORTABLE, `${JSON.stringify(portable(doc), null, 2)}\n`);
  console.log(`wrote ${PORTABLE}`);
}
