// What a request means: its fields as one nested object, its API key, and every way it departs
// from the description. The live service is lenient, so by default the mock is too: each
// departure is accepted and named (a warning). With `strict`, each one is refused instead.
//
// Departures (accepted by default, refused with `strict`):
//   fieldInQuery   a POST form field sent in the query string (the service reads both alike)
//   repeatedField  a field given twice with the same value (in one place, or query and body)
//   unknownField   a name the operation does not describe (`filters[stat]`); it is dropped
//   listBrackets   a list item with the other brackets than the description's (`containers[]`
//                  for an indexed list; `[0]` for one it writes `[]`, x-array-brackets: empty)
//   fieldOrder     POST fields out of the description's order (`apikey` first); a GET whose
//                  query does not start with `apikey`
//   (versionSegment, another version segment than the listed one, is the router's: route.ts)
// Refused in both modes: malformed names, a field given twice with different values, a field
// given both as a value and as a group, a body that is not a form, a missing key, and every
// value the operation's schemas refuse (422 naming the field).
//
// Reading takes time in proportion to the request's size (each step is one pass over its
// fields; names are at most MAX_DEPTH levels deep), and lists at most MAX_NOTES departures and
// MAX_NOTES problems, the last entry saying how many more there were.
import {
  FORM_TYPES,
  fieldBytes,
  formPairs,
  MULTIPART,
  mediaTypeOf,
  type Nested,
  nameProblem,
  nest,
  type Pair,
  parseUrlEncoded,
  segmentsOf,
  topName,
  URL_ENCODED,
  wireName,
} from '@hostapi/spec/wire';
import type { Api, Node, Operation } from './api.ts';
import { PREFERENCE_PARAMETERS } from './prefer.ts';
import {
  capped,
  invalidContentType,
  invalidRequest,
  MAX_NOTES,
  missingBoundary,
  type Note,
  unauthorized,
  unreadableBody,
} from './problems.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describeErrors, ref, resolve, type Schemas } from './schemas.ts';
import { createShapes, type Misbracketed, type Shape } from './shape.ts';

/** A request as the engine receives it from its front. */
export interface EngineRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The query string, without `?`. */
  search: string;
  /** Lower-cased names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Uint8Array;
  /** Aborted when the client leaves before its answer (the proxy stops asking the upstream). */
  signal?: AbortSignal | undefined;
}

/** A request's fields: bracket segments are keys, lists are arrays, every leaf is text. */
export type Fields = { [name: string]: Nested };

/** What a request means, once read and validated. */
export interface Reading {
  /** Every field the operation describes, as one nested object, without the key. */
  fields: Fields;
  /**
   * The key as text (U+FFFD for what is not UTF-8), and as the bytes sent where its text cannot
   * say them (undefined: its text's UTF-8). A key is its bytes.
   */
  apiKey: string | undefined;
  apiKeyBytes: Uint8Array | undefined;
  /** Its departures (empty with `strict`, which refuses them). */
  departures: Note[];
}

type Where = 'query' | 'body';

/** One field of the request: its name, value, the name's segments, and where it was sent. */
interface Field {
  name: string;
  value: string;
  segments: string[];
  where: Where;
}

/** A header's value as one text. */
export const headerOf = (request: Pick<EngineRequest, 'headers'>, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** Longest name or value quoted in a message; longer ones are cut with an ellipsis. */
const QUOTED = 100;
const quoted = (text: string) => (text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/** Reads the requests of one description: `read()` throws a Problem (401, 415, 422) to refuse one. */
export function createReader(api: Api, schemas: Schemas) {
  const shapes = createShapes(api.document);
  // What a request's fields are looked up in and validated against: per operation and media type,
  // made once.
  const forms = new Map<Operation, Map<string | undefined, { shape: Shape; validate: ValidateFunction }>>();
  function formOf(operation: Operation, schemaAt: string | undefined) {
    let byMedia = forms.get(operation);
    if (!byMedia) forms.set(operation, (byMedia = new Map()));
    let form = byMedia.get(schemaAt);
    if (!form) {
      const shape = shapes.of(schemaAt ?? queryShape(api.document, operation));
      const validate = schemas.request(schemaAt ? ref(schemaAt) : queryValidationSchema(operation));
      byMedia.set(schemaAt, (form = { shape, validate }));
    }
    return form;
  }

  async function read(operation: Operation, request: EngineRequest, strict: boolean): Promise<Reading> {
    const post = operation.method === 'POST';
    const form = post ? await readForm(operation, request) : [];
    const query = parseUrlEncoded(request.search);

    const malformed = [...malformedNames(query, 'query'), ...malformedNames(form, 'body')];
    if (malformed.length) throw invalidRequest(capped(malformed, 'Error'));

    const where: Where = post ? 'body' : 'query';
    const schemaAt = post ? bodySchemaAt(operation, request) : undefined;
    const { shape, validate } = formOf(operation, schemaAt);
    const departures = new Departures();
    const errors: Note[] = [];

    // GET reads the query; POST reads the form, and (unless strict) the query as more of the form.
    if (post) {
      for (const [name] of query) {
        if (PREFERENCE_PARAMETERS.has(name)) continue;
        departures.add('fieldInQuery', name, () => ({
          location: ['query', quoted(name)],
          code: 'fieldInQuery',
          message: `"${quoted(name)}" is a form field of this operation, sent in the query string`,
        }));
      }
    }
    const described: Field[] = [];
    let unknown = 0;
    if (!post || !strict) unknown += keepDescribed(shape, query, 'query', described, departures);
    unknown += keepDescribed(shape, form, 'body', described, departures);
    const kept = withoutRepeats(described, departures, errors);

    const nested = nest(kept);
    const value = nested.value;
    // A query parameter given empty is not given (as in `prism mock`): `client_id=` is missing.
    if (!post) for (const name of Object.keys(value)) if (value[name] === '') delete value[name];
    const whereOf = placesOf(kept);
    for (const name of nested.conflicts.slice(0, MAX_NOTES)) {
      errors.push({
        location: [whereOf(name), quoted(name)],
        severity: 'Error',
        code: 'conflictingName',
        message: `The parameter "${quoted(name)}" is given both as a value and as a group of bracketed fields`,
      });
    }
    if (post && operation.body) {
      const late = outOfOrder(kept, operation.body.order);
      if (late)
        departures.add('fieldOrder', late.field, () => ({
          location: [whereOf(late.field), late.field],
          code: 'fieldOrder',
          message:
            `"${late.field}" comes after "${late.after}"; the description orders the fields ` +
            `${operation.body?.order.join(', ')}`,
        }));
    } else if (operation.keyName) {
      // The service reads the key first in the query of a GET too (as the Go SDK sends it).
      const keyName = operation.keyName;
      const first = query.find(([name]) => !PREFERENCE_PARAMETERS.has(name))?.[0];
      if (first !== undefined && first !== keyName && query.some(([name]) => name === keyName)) {
        departures.add('fieldOrder', keyName, () => ({
          location: ['query', keyName],
          code: 'fieldOrder',
          message: `"${keyName}" comes after "${quoted(first)}"; the service reads the key first in the query`,
        }));
      }
    }

    const keyName = operation.keyName ?? 'apikey';
    const key = Object.hasOwn(value, keyName) ? value[keyName] : undefined;
    // A missing key first, as a security scheme's 401; then everything else wrong, together.
    if (operation.keyName && !key) throw unauthorized();
    // `apikey[x]=…` is a group, not a key: never read (nor logged) as one.
    if (operation.keyName && typeof key !== 'string') {
      errors.push({
        location: [whereOf(keyName), keyName],
        severity: 'Error',
        code: 'type',
        message:
          `Request query parameter ${keyName} must be string: the key is one text value, not a group of ` +
          'bracketed fields',
      });
    }
    // The text says the key's bytes unless it holds U+FFFD (bytes that were not UTF-8, or that character).
    const keyBytes = typeof key === 'string' && key.includes('\uFFFD') ? bytesOfKey(request, kept, keyName) : undefined;
    if (keyBytes === null) {
      errors.push({
        location: ['body', keyName],
        severity: 'Error',
        code: 'keyBytes',
        message:
          `The ${keyName} part of this multipart body is not UTF-8, so its bytes cannot be read: send it as ` +
          'UTF-8, or URL-encoded',
      });
    }
    const listed = departures.list();
    if (strict)
      errors.unshift(
        ...listed.map(({ location, code, message }) => ({
          location,
          severity: 'Error' as const,
          code,
          message: `${message} (--strict)`,
        })),
      );
    const fields = shape.lists(value);
    // No body and no fields read elsewhere: the body is missing, not each of its fields (Prism's words).
    if (operation.body?.required && !request.body.length && !kept.length && !unknown)
      errors.push({ location: [], severity: 'Error', code: 'required', message: 'Body parameter is required' });
    else if (!validate(shape.forValidation(fields)))
      errors.push(...describeErrors(validate.errors, { context: 'Request', where }));
    if (errors.length) throw invalidRequest(capped(errors, 'Error'));

    const { [keyName]: _key, ...rest } = fields;
    return {
      fields: rest,
      apiKey: typeof key === 'string' ? key : undefined,
      apiKeyBytes: keyBytes ?? undefined,
      departures: strict ? [] : listed,
    };
  }

  return { read };
}

/** The pairs of a POST's body; throws a Problem for a body that is not a form. */
async function readForm(operation: Operation, request: EngineRequest): Promise<Pair[]> {
  const header = headerOf(request, 'content-type') ?? '';
  const type = mediaTypeOf(header);
  if (!request.body.length && !type) return [];
  const supported = [...(operation.body?.media.keys() ?? [])];
  if (!FORM_TYPES.includes(type) || !supported.includes(type)) throw invalidContentType(supported);
  if (type === MULTIPART && !/;\s*boundary=/i.test(header)) throw missingBoundary();
  try {
    return await formPairs(request.body, header);
  } catch (error) {
    throw unreadableBody(error instanceof Error ? error.message : String(error));
  }
}

/** The schema a POST's fields are checked against: its content type's, URL-encoded without one. */
function bodySchemaAt(operation: Operation, request: EngineRequest): string | undefined {
  const media = operation.body?.media;
  if (!media) return undefined;
  return media.get(mediaTypeOf(headerOf(request, 'content-type'))) ?? media.get(URL_ENCODED) ?? [...media.values()][0];
}

/** The query of a GET as one object schema to validate: each parameter a property. */
function queryValidationSchema(operation: Operation) {
  return {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((p) => [p.name, p.schema ? ref(p.schema) : {}])),
    required: operation.query.filter((p) => p.required).map((p) => p.name),
  };
}

/** The query of a GET as one object schema to look names up in. */
function queryShape(document: Node, operation: Operation): Node {
  const properties = operation.query.map((p) => [p.name, p.schema ? resolve(document, p.schema) : {}]);
  return { properties: Object.fromEntries(properties) };
}

/**
 * The bytes of a key whose text holds U+FFFD: as sent where it came URL-encoded, or null from a
 * multipart body, whose parts the platform reads as text (what bytes it stands for is lost).
 */
function bytesOfKey(request: EngineRequest, kept: Field[], keyName: string): Uint8Array | null {
  const from = kept.find((field) => field.name === keyName)?.where ?? 'query';
  if (from === 'query') return fieldBytes(request.search, keyName) ?? null;
  if (mediaTypeOf(headerOf(request, 'content-type')) === URL_ENCODED) return fieldBytes(request.body, keyName) ?? null;
  return null;
}

/** A problem for each name that cannot be read. */
function malformedNames(pairs: Pair[], where: Where): Note[] {
  const problems: Note[] = [];
  for (const [name] of pairs) {
    const problem = nameProblem(name);
    if (problem)
      problems.push({
        location: [where, quoted(name)],
        severity: 'Error',
        code: 'malformedName',
        message: `Malformed ${where} parameter name "${quoted(name)}": ${problem}`,
      });
  }
  return problems;
}

/**
 * Adds to `described` each pair whose name the operation describes; a name it does not describe
 * is a departure and dropped here, so that only described fields are nested and validated.
 * Returns how many were dropped.
 */
function keepDescribed(shape: Shape, pairs: Pair[], where: Where, described: Field[], departures: Departures) {
  let unknown = 0;
  for (const [name, value] of pairs) {
    if (where === 'query' && PREFERENCE_PARAMETERS.has(name)) continue;
    const segments = segmentsOf(name);
    const place = shape.place(segments);
    if (place.undescribed < 0) {
      described.push({ name, value, segments, where });
      if (place.misbracketed) misbracketed(segments, place.misbracketed, where, departures);
      continue;
    }
    unknown++;
    const depth = place.undescribed;
    const unknownName = wireName(segments.slice(0, depth + 1));
    departures.add('unknownField', unknownName, () => ({
      location: [where, ...segments.slice(0, depth + 1).map(quoted)],
      code: 'unknownField',
      message: `"${quoted(unknownName)}" is not a parameter of this operation in the description; it is ignored`,
    }));
  }
  return unknown;
}

/**
 * A list item written with the other brackets than the description's (`containers[]` for an
 * indexed list, `params[the service][0]` for one sent with empty brackets): one departure per list.
 */
function misbracketed(segments: string[], list: Misbracketed, where: Where, departures: Departures) {
  const name = wireName(segments.slice(0, list.at));
  const described = list.brackets === 'empty' ? `${name}[]` : `${name}[0], ${name}[1], …`;
  departures.add('listBrackets', name, () => ({
    location: [where, ...segments.slice(0, list.at).map(quoted)],
    code: 'listBrackets',
    message:
      `"${quoted(wireName(segments.slice(0, list.at + 1)))}": the description writes the items of this list as ` +
      quoted(described),
  }));
}

/**
 * The fields without repeats: a name given again with the same value is a departure and read
 * once; with another value it is an error. `name[]` lists repeat by design.
 */
function withoutRepeats(fields: Field[], departures: Departures, errors: Note[]): Field[] {
  const first = new Map<string, { field: Field; refused: boolean }>();
  const kept: Field[] = [];
  for (const field of fields) {
    const { name, where } = field;
    if (name.endsWith('[]')) {
      kept.push(field);
      continue;
    }
    const earlier = first.get(name);
    if (!earlier) {
      first.set(name, { field, refused: false });
      kept.push(field);
      continue;
    }
    const places =
      earlier.field.where === where ? `in the ${where}` : `in the ${earlier.field.where} and in the ${where}`;
    if (earlier.field.value === field.value) {
      departures.add('repeatedField', name, () => ({
        location: [where, quoted(name)],
        code: 'repeatedField',
        message: `The ${where} parameter "${quoted(name)}" is given more than once, with the same value (${places})`,
      }));
    } else if (!earlier.refused) {
      earlier.refused = true;
      errors.push({
        location: [where, quoted(name)],
        severity: 'Error',
        code: 'repeatedName',
        message: `The ${where} parameter "${quoted(name)}" is given more than once, with different values (${places})`,
      });
    }
  }
  return kept;
}

/**
 * `whereOf(name)`: where the first field of a name, or of a group of bracketed names, was sent.
 * Every bracket prefix of every name is indexed once, when first asked.
 */
function placesOf(fields: Field[]): (name: string) => Where {
  let places: Map<string, Where> | undefined;
  return (name) => {
    if (!places) {
      places = new Map();
      for (const { segments, where } of fields) {
        for (let depth = 1; depth <= segments.length; depth++) {
          const prefix = wireName(segments.slice(0, depth));
          if (!places.has(prefix)) places.set(prefix, where);
        }
      }
    }
    return places.get(name) ?? places.get(topName(name)) ?? 'query';
  };
}

/** The first field that comes after one the description puts later: `{ field, after }`. */
function outOfOrder(fields: Field[], order: string[]): { field: string; after: string } | undefined {
  const rank = new Map(order.map((name, i) => [name, i]));
  let latest: string | undefined;
  for (const { name } of fields) {
    const field = topName(name);
    const at = rank.get(field);
    if (at === undefined || field === latest) continue;
    const latestAt = latest === undefined ? -1 : (rank.get(latest) ?? -1);
    if (latest !== undefined && at < latestAt) return { field, after: latest };
    if (at > latestAt) latest = field;
  }
  return undefined;
}

// Departures.

type DepartureKind = 'fieldInQuery' | 'repeatedField' | 'unknownField' | 'listBrackets' | 'fieldOrder';
/** The kinds in the order they are listed. */
const KINDS: DepartureKind[] = ['fieldInQuery', 'repeatedField', 'unknownField', 'listBrackets', 'fieldOrder'];

/**
 * The departures of one request, by kind, each listed once per name. An entry is made only while
 * it can be listed: a request of 100,000 unknown fields makes MAX_NOTES entries and counts the rest.
 */
class Departures {
  // Made at the first departure: most requests have none.
  #entries: Map<DepartureKind, Note[]> | undefined;
  #named: Set<string> | undefined;
  #count = 0;

  add(kind: DepartureKind, name: string, make: () => Note) {
    this.#entries ??= new Map();
    this.#named ??= new Set();
    let entries = this.#entries.get(kind);
    if (!entries) this.#entries.set(kind, (entries = []));
    if (entries.length >= MAX_NOTES) {
      this.#count++;
      return;
    }
    const key = `${kind} ${name}`;
    if (this.#named.has(key)) return;
    this.#named.add(key);
    this.#count++;
    entries.push(make());
  }

  /** Every kind's entries, in order, capped as one list. */
  list(): Note[] {
    const entries = this.#entries;
    if (!entries) return [];
    return capped(
      KINDS.flatMap((kind) => entries.get(kind) ?? []),
      undefined,
      [],
      this.#count,
    );
  }
}
