// What a request means: its fields as one nested object, its API key, and every way it departs
// from the description. The live service is lenient, so by default the mock is too: each
// departure is accepted and named (a warning). With `strict`, each one is refused instead.
//
// Departures (accepted by default, refused with `strict`):
//   fieldInQuery   a POST form field sent in the query string (the service reads both alike)
//   repeatedField  a field given twice with the same value (in one place, or query and body)
//   unknownField   a name the operation does not describe (`filters[stat]`); it is dropped
//   fieldOrder     POST fields out of the description's order (`apikey` first)
//   (versionSegment, another version segment than the listed one, is the router's: route.mjs)
// Refused in both modes: malformed names, a field given twice with different values, a field
// given both as a value and as a group, a body that is not a form, a missing key, and every
// value the operation's schemas refuse (422 naming the field).
import { describeErrors, ref, resolve } from '../schemas.mjs';
import { copy, formPairs, FORM_TYPES, isWellFormed, mediaTypeOf, nest, queryPairs, topName, wireName } from './fields.mjs';
import { invalidContentType, invalidRequest, missingBoundary, unauthorized, unreadableBody } from '../problems.mjs';
import { PREFERENCE_PARAMETERS } from './prefer.mjs';

const departure = (code, location, message) => ({ code, location, message });

/**
 * Reads a request for an operation: `{ search, headers, body }` (the query string without `?`,
 * lower-cased headers, the body's bytes). Resolves to `{ fields, apiKey, departures }` where
 * `fields` (every leaf text, `apikey` left out) has been validated; throws a Problem (401, 415,
 * 422) to refuse the request.
 */
export async function readRequest(api, schemas, operation, { search, headers, body }, { strict = false } = {}) {
  const query = queryPairs(search).filter(([name]) => !PREFERENCE_PARAMETERS.has(name)).map(([name, value]) => ({ name, value, where: 'query' }));
  const form = operation.method === 'POST' ? await readForm(operation, headers, body) : [];

  const malformed = [...query, ...form].filter(({ name }) => !isWellFormed(name));
  if (malformed.length) {
    throw invalidRequest(malformed.map(({ name, where }) => ({
      location: [where, name], severity: 'Error', code: 'malformedName',
      message: `Malformed ${where} parameter name "${name}": brackets must be balanced and non-empty, except a final []`,
    })));
  }

  const departures = [];
  const errors = [];
  // GET reads the query; POST reads the form, and (unless strict) the query as more of the form.
  let pairs = query;
  if (operation.method === 'POST') {
    for (const name of new Set(query.map((p) => p.name))) {
      departures.push(departure('fieldInQuery', ['query', name], `"${name}" is a form field of this operation, sent in the query string`));
    }
    pairs = strict ? form : [...query, ...form];
  }
  pairs = withoutRepeats(pairs, departures, errors);

  const { value, conflicts } = nest(pairs.map(({ name, value }) => [name, value]));
  // A query parameter given empty is not given (as in `prism mock`): `client_id=` is missing.
  if (operation.method !== 'POST') for (const [name, given] of Object.entries(value)) if (given === '') delete value[name];
  for (const name of conflicts) {
    errors.push({ location: [whereOf(pairs, name), name], severity: 'Error', code: 'conflictingName', message: `The parameter "${name}" is given both as a value and as a group of bracketed fields` });
  }

  const where = operation.method === 'POST' ? 'body' : 'query';
  const schemaAt = operation.method === 'POST' ? bodySchemaAt(operation, headers) : undefined;
  const schema = shapeOf(api.document, operation, schemaAt);
  for (const path of unknownPaths(api.document, schema, value)) {
    departures.push(departure('unknownField', [whereOf(pairs, wireName(path)), ...path], `"${wireName(path)}" is not a parameter of this operation in the description; it is ignored`));
    drop(value, path);
  }
  if (operation.method === 'POST') {
    const late = outOfOrder(pairs.map((p) => topName(p.name)), operation.body.order);
    if (late) departures.push(departure('fieldOrder', [whereOf(pairs, late.field), late.field], `"${late.field}" comes after "${late.after}"; the description orders the fields ${operation.body.order.join(', ')}`));
  }

  // A missing key first, as a security scheme's 401; then everything else wrong, together.
  if (operation.keyName && !value[operation.keyName]) throw unauthorized();
  if (strict) errors.unshift(...departures.map(({ code, location, message }) => ({ location, severity: 'Error', code, message: `${message} (--strict)` })));
  const validate = schemaAt
    ? schemas.request(`${operation.id} ${schemaAt}`, ref(schemaAt))
    : schemas.request(`${operation.id} query`, queryValidationSchema(operation));
  // No body and no fields read elsewhere: the body is missing, not each of its fields (Prism's words).
  if (operation.body?.required && !body?.length && !pairs.length) errors.push({ location: [], severity: 'Error', code: 'required', message: 'Body parameter is required' });
  else if (!validate(copy(value))) errors.push(...describeErrors(validate.errors, { context: 'Request', where }));
  if (errors.length) throw invalidRequest(errors);

  const keyName = operation.keyName ?? 'apikey';
  const { [keyName]: apiKey, ...fields } = value;
  return { fields, apiKey, departures: strict ? [] : departures };
}

async function readForm(operation, headers, body) {
  const type = mediaTypeOf(headers['content-type']);
  if (!body.length && !type) return [];
  const supported = Object.keys(operation.body?.media ?? {});
  if (!FORM_TYPES.includes(type) || !supported.includes(type)) throw invalidContentType(supported);
  if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(headers['content-type'])) throw missingBoundary();
  try {
    return (await formPairs(body, headers['content-type'])).map(([name, value]) => ({ name, value, where: 'body' }));
  } catch (error) {
    throw unreadableBody(error.message);
  }
}

/** The schema a POST's fields are checked against: its content type's, URL-encoded without one. */
function bodySchemaAt(operation, headers) {
  const media = operation.body.media;
  return media[mediaTypeOf(headers['content-type'])] ?? media['application/x-www-form-urlencoded'] ?? Object.values(media)[0];
}

/** The query of a GET as one object schema: each parameter a property. */
function queryValidationSchema(operation) {
  return {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((p) => [p.name, p.schema ? ref(p.schema) : {}])),
    required: operation.query.filter((p) => p.required).map((p) => p.name),
  };
}

/** The schema a request's names are looked up in (a POST's form, or the query as one object), once per operation. */
const shapes = new WeakMap();
function shapeOf(document, operation, schemaAt) {
  const key = schemaAt ?? 'query';
  let byKey = shapes.get(operation);
  if (!byKey) shapes.set(operation, (byKey = new Map()));
  if (!byKey.has(key)) {
    byKey.set(key, schemaAt
      ? resolve(document, schemaAt)
      : { properties: Object.fromEntries(operation.query.map((p) => [p.name, p.schema ? resolve(document, p.schema) : {}])) });
  }
  return byKey.get(key);
}

/**
 * The pairs without repeats: a name given again with the same value is a departure and read
 * once; with another value it is an error. `name[]` lists repeat by design.
 */
function withoutRepeats(pairs, departures, errors) {
  const first = new Map();
  const kept = [];
  for (const pair of pairs) {
    if (pair.name.endsWith('[]')) {
      kept.push(pair);
      continue;
    }
    const earlier = first.get(pair.name);
    if (!earlier) {
      first.set(pair.name, pair);
      kept.push(pair);
      continue;
    }
    const places = earlier.where === pair.where ? `in the ${pair.where}` : `in the ${earlier.where} and in the ${pair.where}`;
    if (earlier.value !== pair.value) {
      if (!earlier.refused) errors.push({ location: [pair.where, pair.name], severity: 'Error', code: 'repeatedName', message: `The ${pair.where} parameter "${pair.name}" is given more than once, with different values (${places})` });
      earlier.refused = true;
    } else if (!earlier.repeated) {
      departures.push(departure('repeatedField', [pair.where, pair.name], `The ${pair.where} parameter "${pair.name}" is given more than once, with the same value (${places})`));
      earlier.repeated = true;
    }
  }
  return kept;
}

const whereOf = (pairs, name) => pairs.find((p) => p.name === name || topName(p.name) === name || p.name.startsWith(`${name}[`))?.where ?? 'query';

/** The first field that comes after one the description puts later: `{ field, after }`. */
function outOfOrder(names, order) {
  const rank = new Map(order.map((name, i) => [name, i]));
  let latest = null;
  for (const name of new Set(names)) {
    if (!rank.has(name)) continue;
    if (latest !== null && rank.get(name) < rank.get(latest)) return { field: name, after: latest };
    if (latest === null || rank.get(name) > rank.get(latest)) latest = name;
  }
  return null;
}

/** Paths in a value that its schema does not describe (no property, no additionalProperties). */
function unknownPaths(document, schema, value, path = [], out = []) {
  const node = flatten(document, schema);
  if (Array.isArray(value)) {
    if (node.items) value.forEach((item, i) => unknownPaths(document, node.items, item, [...path, String(i)], out));
  } else if (value && typeof value === 'object' && node.isObject) {
    for (const [key, item] of Object.entries(value)) {
      if (node.properties[key]) unknownPaths(document, node.properties[key], item, [...path, key], out);
      else if (node.additional && typeof node.additional === 'object') unknownPaths(document, node.additional, item, [...path, key], out);
      else if (node.additional !== true) out.push([...path, key]);
    }
  }
  return out;
}

/** An object or array schema with `$ref`s followed and `allOf` merged (once per schema). */
const flattened = new WeakMap();
function flatten(document, schema) {
  if (schema && typeof schema === 'object' && flattened.has(schema)) return flattened.get(schema);
  const node = { properties: {}, additional: undefined, items: undefined, isObject: false };
  const visit = (s) => {
    s = s?.$ref ? resolve(document, s.$ref) : s;
    if (!s || typeof s !== 'object') return;
    if (s.properties) {
      node.isObject = true;
      Object.assign(node.properties, s.properties);
    }
    if (s.additionalProperties !== undefined) {
      node.isObject = true;
      node.additional = s.additionalProperties;
    }
    if (s.items) node.items = s.items;
    (s.allOf ?? []).forEach(visit);
  };
  visit(schema);
  if (schema && typeof schema === 'object') flattened.set(schema, node);
  return node;
}

function drop(value, path) {
  let node = value;
  for (const key of path.slice(0, -1)) node = node?.[key];
  if (node && typeof node === 'object') delete node[path.at(-1)];
}
