// What a request means: its fields as one nested object, its API key, and every way it departs
// from the description. The live service is lenient, so by default the mock is too: each
// departure is accepted and named (a warning). With `strict`, each one is refused instead.
//
// Departures (accepted by default, refused with `strict`):
//   fieldInQuery   a POST form field sent in the query string (the service reads both alike)
//   repeatedField  a field given twice with the same value (in one place, or query and body)
//   unknownField   a name the operation does not describe (`filters[stat]`); it is dropped
//   fieldOrder     POST fields out of the description's order (`apikey` first); a GET whose
//                  query does not start with `apikey`
//   listBrackets   a list item with the other brackets than the description's (`containers[]`
//                  for an indexed list; `[0]` for one it writes `[]`, x-array-brackets: empty)
//   (versionSegment, another version segment than the listed one, is the router's: route.mjs)
// Refused in both modes: malformed names, a field given twice with different values, a field
// given both as a value and as a group, a body that is not a form, a missing key, and every
// value the operation's schemas refuse (422 naming the field).
//
// Reading takes time in proportion to the request's size (every step is one pass over its
// pairs; names are at most MAX_DEPTH levels deep), and reports at most MAX_NOTES departures and
// MAX_NOTES problems (problems.mjs), the last entry saying how many more there were.
import { describeErrors, ref, resolve } from '../schemas.mjs';
import {
  formPairs,
  FORM_TYPES,
  mediaTypeOf,
  nameProblem,
  nest,
  queryPairs,
  segmentsOf,
  setOwn,
  topName,
  wireName,
} from './fields.mjs';
import {
  capped,
  invalidContentType,
  invalidRequest,
  MAX_NOTES,
  missingBoundary,
  unauthorized,
  unreadableBody,
} from '../problems.mjs';
import { PREFERENCE_PARAMETERS } from './prefer.mjs';

const departure = (code, location, message) => ({ code, location, message });

/** Longest name or value quoted in a message; longer ones are cut with an ellipsis. */
const QUOTED = 100;
const quoted = (text) => (text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/**
 * Reads a request for an operation: `{ search, headers, body }` (the query string without `?`,
 * lower-cased headers, the body's bytes). Returns `{ fields, apiKey, departures }` where
 * `fields` (every leaf text, `apikey` left out) has been validated, or a promise of it for a
 * multipart body; throws (or rejects with) a Problem (401, 415, 422) to refuse the request.
 */
export function readRequest(api, schemas, operation, request, options = {}) {
  const form = operation.method === 'POST' ? readForm(operation, request.headers, request.body) : NO_PAIRS;
  // At once, unless the body is multipart (read by fetch's FormData, asynchronously).
  return form instanceof Promise
    ? form.then((pairs) => readPairs(api, schemas, operation, request, pairs, options))
    : readPairs(api, schemas, operation, request, form, options);
}

function readPairs(api, schemas, operation, { search, headers, body }, form, { strict = false }) {
  const post = operation.method === 'POST';
  const query = queryPairs(search);

  const malformed = [];
  findMalformed(query, 'query', malformed);
  findMalformed(form, 'body', malformed);
  if (malformed.length) throw invalidRequest(capped(malformed, 'Error'));

  const departures = new Departures();
  const errors = [];
  const where = post ? 'body' : 'query';
  const schemaAt = post ? bodySchemaAt(operation, headers) : undefined;
  const shape = shapeOf(api.document, operation, schemaAt);
  // GET reads the query; POST reads the form, and (unless strict) the query as more of the form.
  const described = [];
  const unknown = { fields: 0, listed: undefined };
  if (post && query.length) {
    const named = new Set();
    for (let i = 0; i < query.length; i++) {
      const name = query[i][0];
      if (PREFERENCE_PARAMETERS.has(name) || named.has(name)) continue;
      named.add(name);
      departures.add(IN_QUERY, () =>
        departure(
          'fieldInQuery',
          ['query', quoted(name)],
          `"${quoted(name)}" is a form field of this operation, sent in the query string`,
        ),
      );
    }
  }
  if (!post || !strict) keepDescribed(api.document, shape, query, 'query', described, unknown, departures);
  keepDescribed(api.document, shape, form, 'body', described, unknown, departures);
  const kept = withoutRepeats(described, departures, errors);

  const { value, conflicts } = nest(kept);
  // A query parameter given empty is not given (as in `prism mock`): `client_id=` is missing.
  if (!post) for (const name in value) if (value[name] === '') delete value[name];
  const whereOf = placesOf(kept);
  for (const name of conflicts) {
    errors.push({
      location: [whereOf(name), quoted(name)],
      severity: 'Error',
      code: 'conflictingName',
      message: `The parameter "${quoted(name)}" is given both as a value and as a group of bracketed fields`,
    });
  }
  if (post) {
    const late = outOfOrder(kept, operation.body.order);
    if (late)
      departures.add(ORDER, () =>
        departure(
          'fieldOrder',
          [whereOf(late.field), late.field],
          `"${late.field}" comes after "${late.after}"; the description orders the fields ${operation.body.order.join(', ')}`,
        ),
      );
  } else if (operation.keyName) {
    // The service reads the key first in the query of a GET too (as the Go SDK sends it).
    const first = query.find(([name]) => !PREFERENCE_PARAMETERS.has(name))?.[0];
    if (first !== undefined && first !== operation.keyName && query.some(([name]) => name === operation.keyName)) {
      departures.add(ORDER, () =>
        departure(
          'fieldOrder',
          ['query', operation.keyName],
          `"${operation.keyName}" comes after "${quoted(first)}"; the service reads the key first in the query`,
        ),
      );
    }
  }

  // A missing key first, as a security scheme's 401; then everything else wrong, together.
  if (operation.keyName && !value[operation.keyName]) throw unauthorized();
  // `apikey[x]=…` is a group, not a key: never read (nor logged) as one.
  if (operation.keyName && typeof value[operation.keyName] !== 'string') {
    errors.push({
      location: [whereOf(operation.keyName), operation.keyName],
      severity: 'Error',
      code: 'type',
      message: `Request query parameter ${operation.keyName} must be string: the key is one text value, not a group of bracketed fields`,
    });
  }
  const listed = departures.list();
  if (strict)
    errors.unshift(
      ...listed.map(({ code, location, message }) => ({
        location,
        severity: 'Error',
        code,
        message: `${message} (--strict)`,
      })),
    );
  const validate = validatorOf(schemas, operation, schemaAt);
  // No body and no fields read elsewhere: the body is missing, not each of its fields (Prism's words).
  if (operation.body?.required && !body?.length && !kept.length && !unknown.fields)
    errors.push({ location: [], severity: 'Error', code: 'required', message: 'Body parameter is required' });
  else if (!validate(validationCopy(api.document, shape, value)))
    errors.push(...describeErrors(validate.errors, { context: 'Request', where }));
  if (errors.length) throw invalidRequest(capped(errors, 'Error'));

  const keyName = operation.keyName ?? 'apikey';
  const { [keyName]: apiKey, ...fields } = value;
  return { fields, apiKey, departures: strict ? NONE : listed };
}

const NO_PAIRS = Object.freeze([]);
const NONE = Object.freeze([]);

/** Adds a problem to `malformed` for each name that cannot be read. */
function findMalformed(pairs, where, malformed) {
  for (let i = 0; i < pairs.length; i++) {
    const name = pairs[i][0];
    const problem = nameProblem(name);
    if (problem)
      malformed.push({
        location: [where, quoted(name)],
        severity: 'Error',
        code: 'malformedName',
        message: `Malformed ${where} parameter name "${quoted(name)}": ${problem}`,
      });
  }
}

/**
 * Adds to `described` each pair whose name the operation describes, as `[name, value, path,
 * lists, where]` (lists: see undescribedDepth); a name it does not describe is a departure and dropped here, so that only described
 * fields are nested and validated. Unknown names are told apart while they are listed; beyond,
 * each field only counts (a Set of 100,000 names would cost more than the rest of reading them).
 */
function keepDescribed(document, shape, pairs, where, described, unknown, departures) {
  for (let i = 0; i < pairs.length; i++) {
    const name = pairs[i][0];
    if (where === 'query' && PREFERENCE_PARAMETERS.has(name)) continue;
    const { path, depth, list, lists } = placeOf(document, shape, name);
    if (depth < 0) {
      described.push([name, pairs[i][1], path, lists, where]);
      if (list) misbracketed(path, list, where, departures);
      continue;
    }
    unknown.fields++;
    if (departures.full(UNKNOWN)) continue;
    const unknownName = depth === 0 ? path[0] : wireName(path.slice(0, depth + 1));
    unknown.listed ??= new Set();
    if (unknown.listed.has(unknownName)) continue;
    unknown.listed.add(unknownName);
    departures.add(UNKNOWN, () =>
      departure(
        'unknownField',
        [where, ...path.slice(0, depth + 1).map(quoted)],
        `"${quoted(unknownName)}" is not a parameter of this operation in the description; it is ignored`,
      ),
    );
  }
}

/**
 * A list item written with the other brackets than the description's (`containers[]` for an
 * indexed list, `params[the service][0]` for one sent with empty brackets): a departure, one
 * per list. `list`: where the list's item segment is, and how the description writes it.
 */
function misbracketed(path, { at, brackets }, where, departures) {
  const name = wireName(path.slice(0, at));
  if (departures.listed(BRACKETS, name)) return;
  const described = brackets === 'empty' ? `${name}[]` : `${name}[0], ${name}[1], …`;
  departures.add(BRACKETS, () =>
    departure(
      'listBrackets',
      [where, ...path.slice(0, at).map(quoted)],
      `"${quoted(wireName(path.slice(0, at + 1)))}": the description writes the items of this list as ${quoted(described)}`,
    ),
  );
}

/**
 * A name's segments, how deep it leaves what the schema describes and where, if anywhere, it
 * writes a list item with the other brackets (undescribedDepth), frozen and kept per schema for
 * the first NAMES_KEPT names: a suite sends the same names again and again, so that most are
 * split and looked up once.
 */
const places = new WeakMap();
const NAMES_KEPT = 1024;
function placeOf(document, shape, name) {
  let byName = places.get(shape);
  if (!byName) places.set(shape, (byName = new Map()));
  let place = byName.get(name);
  if (!place) {
    const path = name.includes('[') ? segmentsOf(name) : [name];
    const found = undescribedDepth(document, shape, path);
    place = Object.freeze({
      path: Object.freeze(path),
      depth: found.depth,
      list: found.list,
      lists: Object.freeze(found.lists),
    });
    if (byName.size < NAMES_KEPT) byName.set(name, place);
  }
  return place;
}

// Kinds of departure, in the order they are listed.
const IN_QUERY = 0;
const REPEATED = 1;
const UNKNOWN = 2;
const BRACKETS = 3;
const ORDER = 4;

/**
 * The departures of one request, by kind. An entry is made only while it can be listed: a
 * request of 100,000 unknown fields makes MAX_NOTES entries and counts the rest.
 */
class Departures {
  // Made at the first departure: most requests have none.
  #entries;
  #counts;
  #names;
  #count = 0;

  /** `make()` returns the entry; called only if it can be listed. */
  add(kind, make) {
    this.#count++;
    this.#entries ??= [[], [], [], [], []];
    this.#counts ??= [0, 0, 0, 0, 0];
    if (this.#counts[kind]++ < MAX_NOTES) this.#entries[kind].push(make());
  }

  /** Whether a departure of this kind was already listed for this name (and notes that it now is). */
  listed(kind, name) {
    this.#names ??= new Set();
    const key = `${kind} ${name}`;
    if (this.#names.has(key)) return true;
    this.#names.add(key);
    return false;
  }

  /** Whether entries of this kind are no longer listed; if so, one more is counted. */
  full(kind) {
    if (!this.#counts || this.#counts[kind] < MAX_NOTES) return false;
    this.#counts[kind]++;
    this.#count++;
    return true;
  }

  /** Every kind's entries, in order, capped as one list. */
  list() {
    return this.#count ? capped(this.#entries.flat(), undefined, [], this.#count) : NONE;
  }
}

/** The pairs of a POST's body, or a promise of them (multipart); throws a Problem for a body that is not a form. */
function readForm(operation, headers, body) {
  const type = mediaTypeOf(headers['content-type']);
  if (!body.length && !type) return NO_PAIRS;
  const supported = Object.keys(operation.body?.media ?? {});
  if (!FORM_TYPES.includes(type) || !supported.includes(type)) throw invalidContentType(supported);
  if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(headers['content-type'])) throw missingBoundary();
  const pairs = formPairs(body, headers['content-type']);
  return pairs instanceof Promise ? pairs.catch((error) => Promise.reject(unreadableBody(error.message))) : pairs;
}

/** The schema a POST's fields are checked against: its content type's, URL-encoded without one. */
function bodySchemaAt(operation, headers) {
  const media = operation.body.media;
  return (
    media[mediaTypeOf(headers['content-type'])] ?? media['application/x-www-form-urlencoded'] ?? Object.values(media)[0]
  );
}

/** The validator of a request's fields: its body schema's (POST), or its query's; compiled once. */
const validators = new WeakMap();
function validatorOf(schemas, operation, schemaAt) {
  let byKey = validators.get(operation);
  if (!byKey) validators.set(operation, (byKey = new Map()));
  const key = schemaAt ?? 'query';
  let validate = byKey.get(key);
  if (!validate) {
    validate = schemaAt
      ? schemas.request(`${operation.id} ${schemaAt}`, ref(schemaAt))
      : schemas.request(`${operation.id} query`, queryValidationSchema(operation));
    byKey.set(key, validate);
  }
  return validate;
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
    byKey.set(
      key,
      schemaAt
        ? resolve(document, schemaAt)
        : {
            properties: Object.fromEntries(
              operation.query.map((p) => [p.name, p.schema ? resolve(document, p.schema) : {}]),
            ),
          },
    );
  }
  return byKey.get(key);
}

/**
 * The pairs (`[name, value, path, lists, where]`) without repeats: a name given again with the same value is a departure and read
 * once; with another value it is an error. `name[]` lists repeat by design.
 */
function withoutRepeats(pairs, departures, errors) {
  const first = new Map();
  const kept = [];
  for (const pair of pairs) {
    const [name, value, , , where] = pair;
    if (name.endsWith('[]')) {
      kept.push(pair);
      continue;
    }
    const earlier = first.get(name);
    if (!earlier) {
      first.set(name, { where, value, refused: false, repeated: false });
      kept.push(pair);
      continue;
    }
    const places = earlier.where === where ? `in the ${where}` : `in the ${earlier.where} and in the ${where}`;
    if (earlier.value !== value) {
      if (!earlier.refused)
        errors.push({
          location: [where, quoted(name)],
          severity: 'Error',
          code: 'repeatedName',
          message: `The ${where} parameter "${quoted(name)}" is given more than once, with different values (${places})`,
        });
      earlier.refused = true;
    } else if (!earlier.repeated) {
      departures.add(REPEATED, () =>
        departure(
          'repeatedField',
          [where, quoted(name)],
          `The ${where} parameter "${quoted(name)}" is given more than once, with the same value (${places})`,
        ),
      );
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
      for (const [, , path, , where] of pairs) {
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
function outOfOrder(pairs, order) {
  const rank = ranksOf(order);
  let latest = null;
  for (const [name] of pairs) {
    const field = topName(name);
    const at = rank.get(field);
    if (at === undefined || field === latest) continue;
    if (latest !== null && at < rank.get(latest)) return { field, after: latest };
    if (latest === null || at > rank.get(latest)) latest = field;
  }
  return null;
}

/** Each field's place in an operation's order, worked out once per operation. */
const ranks = new WeakMap();
function ranksOf(order) {
  let rank = ranks.get(order);
  if (!rank) ranks.set(order, (rank = new Map(order.map((name, i) => [name, i]))));
  return rank;
}

/**
 * `{ depth, list, lists }`: how deep a field's path leaves what its schema describes (the index of the
 * first segment no property nor additionalProperties describes; -1 when the schema describes the
 * whole path, or stops describing objects before it ends: validation then names what is wrong);
 * and `list`, the first list item written with the other brackets than the description's
 * (`{ at, brackets }`), if any; and `lists`, the depths of the path's segments that are a
 * list's items. Lists are indexed (`[0]`) unless the schema says `x-array-brackets: empty` (`[]`).
 */
function undescribedDepth(document, schema, path) {
  let node = flatten(document, schema);
  let list;
  const lists = [];
  for (let depth = 0; depth < path.length; depth++) {
    const key = path[depth];
    if (node.items && (key === '' || /^\d+$/.test(key))) {
      if (!list && (key === '') !== (node.brackets === 'empty')) list = { at: depth, brackets: node.brackets };
      lists.push(depth);
      node = flatten(document, node.items);
    } else if (!node.isObject) return { depth: -1, list, lists };
    else if (node.properties.has(key)) node = flatten(document, node.properties.get(key));
    else if (node.additional && typeof node.additional === 'object') node = flatten(document, node.additional);
    else if (node.additional === true) return { depth: -1, list, lists };
    else return { depth, list, lists };
  }
  return { depth: -1, list, lists };
}

/**
 * A deep copy of a nest() value to validate (validation coerces in place; modes get the text),
 * with each list the description writes as an object keyed by index (see flatten) made that
 * object again.
 */
function validationCopy(document, schema, value) {
  if (!value || typeof value !== 'object') return value;
  const node = schema ? flatten(document, schema) : undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => validationCopy(document, node?.items, item));
    return node?.keyed ? Object.fromEntries(items.map((item, i) => [String(i), item])) : items;
  }
  const out = {};
  for (const key in value) {
    const child =
      node && (node.properties.get(key) ?? (typeof node.additional === 'object' ? node.additional : undefined));
    setOwn(out, key, validationCopy(document, child, value[key]));
  }
  return out;
}

/** The keys of a list the description writes as an object keyed by index (`containers[0]`). */
const INDEX_KEYS = '^(0|[1-9][0-9]*)$';

/** An object or array schema with `$ref`s followed and `allOf` merged (once per schema). */
const flattened = new WeakMap();
function flatten(document, schema) {
  const known = schema && typeof schema === 'object' ? flattened.get(schema) : undefined;
  if (known) return known;
  const node = {
    properties: new Map(),
    additional: undefined,
    items: undefined,
    brackets: 'indexed',
    isObject: false,
    keyed: false,
  };
  const visit = (s) => {
    s = s?.$ref ? resolve(document, s.$ref) : s;
    if (!s || typeof s !== 'object') return;
    if (s.properties) {
      node.isObject = true;
      for (const [name, property] of Object.entries(s.properties)) node.properties.set(name, property);
    }
    if (s.additionalProperties !== undefined) {
      node.isObject = true;
      node.additional = s.additionalProperties;
    }
    if (s.items) node.items = s.items;
    // An object keyed by index (OpenAPI's deepObject is for objects): read as an indexed list,
    // so that its items are checked like a list's and modes get a list.
    if (
      s.propertyNames?.pattern === INDEX_KEYS &&
      s.additionalProperties &&
      typeof s.additionalProperties === 'object'
    ) {
      node.items = s.additionalProperties;
      node.keyed = true;
    }
    if (s['x-array-brackets']) node.brackets = s['x-array-brackets'];
    (s.allOf ?? []).forEach(visit);
  };
  visit(schema);
  if (schema && typeof schema === 'object') flattened.set(schema, node);
  return node;
}
