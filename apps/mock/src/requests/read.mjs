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
//
// Reading takes time in proportion to the request's size (every step is one pass over its
// pairs; names are at most MAX_DEPTH levels deep), and reports at most MAX_NOTES departures and
// MAX_NOTES problems (problems.mjs), the last entry saying how many more there were.
import { describeErrors, ref, resolve } from '../schemas.mjs';
import { copy, formPairs, FORM_TYPES, mediaTypeOf, nameProblem, nest, queryPairs, segmentsOf, topName, wireName } from './fields.mjs';
import { capped, invalidContentType, invalidRequest, MAX_NOTES, missingBoundary, unauthorized, unreadableBody } from '../problems.mjs';
import { PREFERENCE_PARAMETERS } from './prefer.mjs';

const departure = (code, location, message) => ({ code, location, message });

/** Longest name or value quoted in a message; longer ones are cut with an ellipsis. */
const QUOTED = 100;
const quoted = (text) => (text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/**
 * Reads a request for an operation: `{ search, headers, body }` (the query string without `?`,
 * lower-cased headers, the body's bytes). Resolves to `{ fields, apiKey, departures }` where
 * `fields` (every leaf text, `apikey` left out) has been validated; throws a Problem (401, 415,
 * 422) to refuse the request.
 */
export async function readRequest(api, schemas, operation, { search, headers, body }, { strict = false } = {}) {
  const query = queryPairs(search);
  const form = operation.method === 'POST' ? await readForm(operation, headers, body) : [];

  const malformed = [];
  for (const [pairs, where] of [[query, 'query'], [form, 'body']]) {
    for (let i = 0; i < pairs.length; i++) {
      const name = pairs[i][0];
      const problem = nameProblem(name);
      if (problem) malformed.push({ location: [where, quoted(name)], severity: 'Error', code: 'malformedName', message: `Malformed ${where} parameter name "${quoted(name)}": ${problem}` });
    }
  }
  if (malformed.length) throw invalidRequest(capped(malformed, 'Error'));

  // Departures in the order they are listed: in the query, repeated, unknown, out of order.
  const inQuery = new Notes();
  const repeated = new Notes();
  const unknown = new Notes();
  const order = new Notes();
  const errors = [];
  const where = operation.method === 'POST' ? 'body' : 'query';
  const schemaAt = operation.method === 'POST' ? bodySchemaAt(operation, headers) : undefined;
  const shape = shapeOf(api.document, operation, schemaAt);
  // GET reads the query; POST reads the form, and (unless strict) the query as more of the form.
  const read = [];
  if (operation.method === 'POST') {
    const named = new Set();
    for (const [name] of query) {
      if (PREFERENCE_PARAMETERS.has(name) || named.has(name)) continue;
      named.add(name);
      inQuery.add(() => departure('fieldInQuery', ['query', quoted(name)], `"${quoted(name)}" is a form field of this operation, sent in the query string`));
    }
    if (!strict) read.push([query, 'query']);
    read.push([form, 'body']);
  } else read.push([query, 'query']);

  // Each pair once: a name the operation does not describe is a departure and dropped here, so
  // that only described fields are nested and validated.
  const pairs = [];
  const listedUnknown = new Set();
  let unknownFields = 0;
  for (const [given, at] of read) {
    for (let i = 0; i < given.length; i++) {
      const [name, value] = given[i];
      if (at === 'query' && PREFERENCE_PARAMETERS.has(name)) continue;
      const path = name.includes('[') ? segmentsOf(name) : [name];
      const depth = undescribedDepth(api.document, shape, path);
      if (depth < 0) {
        pairs.push({ name, value, where: at });
        continue;
      }
      unknownFields++;
      // Told apart while they are listed; beyond, each field counts (a Set of 100,000 names
      // would cost more than the rest of reading them).
      if (unknown.count >= MAX_NOTES) {
        unknown.count++;
        continue;
      }
      const unknownName = depth === 0 ? path[0] : wireName(path.slice(0, depth + 1));
      if (listedUnknown.has(unknownName)) continue;
      listedUnknown.add(unknownName);
      unknown.add(() => departure('unknownField', [at, ...path.slice(0, depth + 1).map(quoted)], `"${quoted(unknownName)}" is not a parameter of this operation in the description; it is ignored`));
    }
  }
  const kept = withoutRepeats(pairs, repeated, errors);

  const { value, conflicts } = nest(kept.map(({ name, value }) => [name, value]));
  // A query parameter given empty is not given (as in `prism mock`): `client_id=` is missing.
  if (operation.method !== 'POST') for (const [name, given] of Object.entries(value)) if (given === '') delete value[name];
  const whereOf = placesOf(kept);
  for (const name of conflicts) {
    errors.push({ location: [whereOf(name), quoted(name)], severity: 'Error', code: 'conflictingName', message: `The parameter "${quoted(name)}" is given both as a value and as a group of bracketed fields` });
  }
  if (operation.method === 'POST') {
    const late = outOfOrder(kept.map((p) => topName(p.name)), operation.body.order);
    if (late) order.add(() => departure('fieldOrder', [whereOf(late.field), late.field], `"${late.field}" comes after "${late.after}"; the description orders the fields ${operation.body.order.join(', ')}`));
  }

  // A missing key first, as a security scheme's 401; then everything else wrong, together.
  if (operation.keyName && !value[operation.keyName]) throw unauthorized();
  // `apikey[x]=…` is a group, not a key: never read (nor logged) as one.
  if (operation.keyName && typeof value[operation.keyName] !== 'string') {
    errors.push({ location: [whereOf(operation.keyName), operation.keyName], severity: 'Error', code: 'type', message: `Request query parameter ${operation.keyName} must be string: the key is one text value, not a group of bracketed fields` });
  }
  const departures = Notes.list(inQuery, repeated, unknown, order);
  if (strict) errors.unshift(...departures.map(({ code, location, message }) => ({ location, severity: 'Error', code, message: `${message} (--strict)` })));
  const validate = schemaAt
    ? schemas.request(`${operation.id} ${schemaAt}`, ref(schemaAt))
    : schemas.request(`${operation.id} query`, queryValidationSchema(operation));
  // No body and no fields read elsewhere: the body is missing, not each of its fields (Prism's words).
  if (operation.body?.required && !body?.length && !kept.length && !unknownFields) errors.push({ location: [], severity: 'Error', code: 'required', message: 'Body parameter is required' });
  else if (!validate(copy(value))) errors.push(...describeErrors(validate.errors, { context: 'Request', where }));
  if (errors.length) throw invalidRequest(capped(errors, 'Error'));

  const keyName = operation.keyName ?? 'apikey';
  const { [keyName]: apiKey, ...fields } = value;
  return { fields, apiKey, departures: strict ? [] : departures };
}

/**
 * Departures of one kind, made only while they can be listed: a request of 100,000 unknown
 * fields makes MAX_NOTES entries and counts the rest.
 */
class Notes {
  entries = [];
  count = 0;

  /** `make()` returns the entry; called only if it can be listed. */
  add(make) {
    if (this.count++ < MAX_NOTES) this.entries.push(make());
  }

  /** The entries of several, in order, capped as one list. */
  static list(...all) {
    return capped(all.flatMap((notes) => notes.entries), undefined, [], all.reduce((sum, notes) => sum + notes.count, 0));
  }
}

async function readForm(operation, headers, body) {
  const type = mediaTypeOf(headers['content-type']);
  if (!body.length && !type) return [];
  const supported = Object.keys(operation.body?.media ?? {});
  if (!FORM_TYPES.includes(type) || !supported.includes(type)) throw invalidContentType(supported);
  if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(headers['content-type'])) throw missingBoundary();
  try {
    return await formPairs(body, headers['content-type']);
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
function withoutRepeats(pairs, repeated, errors) {
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
      if (!earlier.refused) errors.push({ location: [pair.where, quoted(pair.name)], severity: 'Error', code: 'repeatedName', message: `The ${pair.where} parameter "${quoted(pair.name)}" is given more than once, with different values (${places})` });
      earlier.refused = true;
    } else if (!earlier.repeated) {
      repeated.add(() => departure('repeatedField', [pair.where, quoted(pair.name)], `The ${pair.where} parameter "${quoted(pair.name)}" is given more than once, with the same value (${places})`));
      earlier.repeated = true;
    }
  }
  return kept;
}

/**
 * `whereOf(name)`: where the first pair of a name, or of a group of bracketed names, was sent
 * ('query' or 'body'). Every bracket prefix of every name is indexed once, so that a request of
 * many unknown fields is read in one pass, not one pass per field.
 */
function placesOf(pairs) {
  let places;
  return (name) => {
    if (!places) {
      places = new Map();
      for (const { name: given, where } of pairs) {
        const path = segmentsOf(given);
        for (let depth = 1; depth <= path.length; depth++) {
          const prefix = wireName(path.slice(0, depth));
          if (!places.has(prefix)) places.set(prefix, where);
        }
      }
    }
    return places.get(name) ?? places.get(topName(name)) ?? 'query';
  };
}

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

/**
 * How deep a field's path leaves what its schema describes: the index of the first segment no
 * property (nor additionalProperties) describes, or -1 when the schema describes the whole path
 * (or stops describing objects before it ends: validation then names what is wrong).
 */
function undescribedDepth(document, schema, path) {
  let node = flatten(document, schema);
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth];
    if (node.items && (key === '' || /^\d+$/.test(key))) node = flatten(document, node.items);
    else if (!node.isObject) return -1;
    else if (Object.hasOwn(node.properties, key)) node = flatten(document, node.properties[key]);
    else if (node.additional && typeof node.additional === 'object') node = flatten(document, node.additional);
    else if (node.additional === true) return -1;
    else return depth;
  }
  return -1;
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
