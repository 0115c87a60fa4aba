// Reading the bundled description: one place for the helpers every generator and test needs.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** dist/openapi.json of this package. */
export const BUNDLE = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

/** The bundled description, parsed. */
export function readBundle() {
  if (!existsSync(BUNDLE)) {
    throw new Error(`${BUNDLE} is missing: run \`pnpm --filter @hostapi/spec bundle\` (turbo runs it first).`);
  }
  return JSON.parse(readFileSync(BUNDLE, 'utf8'));
}

/** The node a local `$ref` points at, following chains (or the node itself). */
export function deref(doc, node) {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Non-local $ref in the bundle: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((n, key) => n?.[key], doc);
    if (current === undefined) throw new Error(`Unresolved $ref ${ref}`);
  }
  return current;
}

/** Every operation, in document order: `{ path, method: 'get' | 'post', op }`. */
export function operationsOf(doc) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete'].filter((method) => item[method]).map((method) => ({ path, method, op: item[method] })),
  );
}

/** The named examples of an operation's JSON response with this status code: `{ name: value }`. */
export function responseExamples(doc, op, code) {
  const examples = deref(doc, op.responses?.[code])?.content?.['application/json']?.examples ?? {};
  return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, deref(doc, example).value]));
}

/** The keys of a list the service reads by index (`containers[0]`, `containers[1]`): 0, 1, ... */
export const INDEX_PATTERN = '^(0|[1-9][0-9]*)$';

/**
 * Whether a schema is a list sent by index: an object keyed by the index (`propertyNames`
 * {@link INDEX_PATTERN}) whose `additionalProperties` is the item. OpenAPI defines `deepObject`
 * for objects only, so the description models such lists this way; clients take them as lists.
 */
export function isIndexedList(doc, schema) {
  const s = deref(doc, schema);
  return Boolean(s && s.type === 'object' && !s.properties && s.propertyNames?.pattern === INDEX_PATTERN && s.additionalProperties && typeof s.additionalProperties === 'object');
}

/** A value with every index-keyed object (keys exactly 0…n-1) where the schema has an indexed list made a list. */
function asLists(doc, schema, value) {
  if (!value || typeof value !== 'object' || !schema) return value;
  const s = deref(doc, schema);
  if (Array.isArray(value)) return value.map((item) => asLists(doc, s.items, item));
  if (isIndexedList(doc, s)) {
    const keys = Object.keys(value);
    const items = keys.map((key) => asLists(doc, s.additionalProperties, value[key]));
    return keys.every((key, i) => key === String(i)) ? items : value;
  }
  const properties = propertiesOf(doc, s);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asLists(doc, properties[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined), item)]));
}

/**
 * The example call of an operation, without `apikey`: a POST's first request body example, or
 * a GET's required query parameters with their schema examples. Indexed lists (see
 * isIndexedList) are given as lists, as a client takes them; they go out as the same fields.
 */
export function exampleInput(doc, op, method) {
  if (method === 'post') {
    const media = deref(doc, op.requestBody).content['application/x-www-form-urlencoded'];
    const { apikey: _key, ...input } = asLists(doc, media.schema, deref(doc, Object.values(media.examples)[0]).value);
    return input;
  }
  const input = {};
  for (const parameter of (op.parameters ?? []).map((p) => deref(doc, p))) {
    if (!parameter.required) continue;
    const schema = deref(doc, parameter.schema);
    input[parameter.name] = schema.examples?.[0] ?? schema.enum?.[0];
  }
  return input;
}

/** The properties of an object schema, looking through `$ref` and `allOf`. */
export function propertiesOf(doc, schema) {
  const s = deref(doc, schema);
  return Object.assign({}, ...(s.allOf ?? []).map((member) => propertiesOf(doc, member)), s.properties ?? {});
}

/** The required property names of an object schema, looking through `$ref` and `allOf`. */
export function requiredOf(doc, schema) {
  const s = deref(doc, schema);
  return [...(s.allOf ?? []).flatMap((member) => requiredOf(doc, member)), ...(s.required ?? [])];
}

/**
 * The docs' route of a tag (`#/domain-registration`) and of an operation
 * (`#/domain-registration/updatedomaincontact`): Redoc CE 3 shows one operation per route. The
 * docs build and the client's doc comments link to operations with these.
 */
export const tagRoute = (tag) => `#/${tag.toLowerCase().replace(/\s+/g, '-')}`;
export const operationRoute = (tag, operationId) => `${tagRoute(tag)}/${operationId.toLowerCase()}`;
