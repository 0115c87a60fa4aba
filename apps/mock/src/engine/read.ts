// What a request means: its fields as one nested object, its API key, and every way it departs
// from the description (departures.ts), in named steps: the pairs of the query and the form,
// names that cannot be read, the fields the operation describes, nested, the key, validation.
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
  topName,
  URL_ENCODED,
  wireName,
} from '@hostapi/spec/wire';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Api, Node, Operation } from './api.ts';
import type { AnswerRequest } from './mode.ts';
import {
  Departures,
  type Field,
  fieldOrder,
  fieldsInQuery,
  keepDescribed,
  keyNotFirst,
  quoted,
  type Where,
  withoutRepeats,
} from './departures.ts';
import {
  capped,
  invalidContentType,
  invalidRequest,
  MAX_NOTES,
  missingBoundary,
  type Note,
  refusal,
  unauthorized,
  unreadableBody,
} from './problems.ts';
import { describeErrors, ref, type Schemas } from './schemas.ts';
import { type Shape, shapeOf } from './shape.ts';

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

/** What a request means, once read and validated: what a mode is given of it, and its departures (none if strict). */
export type Reading = Pick<AnswerRequest, 'fields' | 'apiKey' | 'apiKeyBytes'> & { departures: Note[] };

/** A header's value as one text. */
export const headerOf = (request: Pick<EngineRequest, 'headers'>, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** What one request's steps share: the request, what it departs from, and what is wrong with it. */
interface Step {
  operation: Operation;
  request: EngineRequest;
  post: boolean;
  departures: Departures;
  /** Problems that refuse the request, listed together once every step has run. */
  errors: Note[];
}

/** A form: the shape its names are looked up in, and the validator of its values. */
type Form = { shape: Shape; validate: ValidateFunction };

/** Reads the requests of one description: `read()` throws a Problem (401, 415, 422) to refuse one. */
export function createReader(api: Api, schemas: Schemas) {
  // Per body schema (a pointer), or per operation for a GET's query (no schemaAt), made once.
  const forms = new Map<string | Operation, Form>();
  function formOf(operation: Operation, schemaAt: string | undefined): Form {
    let form = forms.get(schemaAt ?? operation);
    if (!form) {
      const schema = schemaAt ? { $ref: schemaAt } : querySchema(operation, (at) => ({ $ref: at }));
      const validate = schemas.request(schemaAt ? ref(schemaAt) : querySchema(operation, ref));
      forms.set(schemaAt ?? operation, (form = { shape: shapeOf(api.document, schema), validate }));
    }
    return form;
  }

  async function read(operation: Operation, request: EngineRequest, strict: boolean): Promise<Reading> {
    const post = operation.method === 'POST';
    const query = parseUrlEncoded(request.search);
    const body = post ? await readForm(operation, request) : [];
    refuseMalformed({ query, body });
    const form = formOf(operation, post ? bodySchemaAt(operation, request) : undefined);
    const step: Step = { operation, request, post, departures: new Departures(), errors: [] };
    const { kept, unknown } = describedFields(step, form.shape, query, body, strict);
    const whereOf = placesOf(kept);
    const value = nested(step, kept, whereOf);
    if (post && operation.body) fieldOrder(kept, operation.body.order, whereOf, step.departures);
    else if (operation.keyName) keyNotFirst(query, operation.keyName, step.departures);
    const key = readKey(step, value, kept, whereOf);
    const listed = step.departures.list();
    if (strict) step.errors.unshift(...listed.map(asStrictError));
    const fields = validated(step, form, value, kept.length + unknown);
    if (step.errors.length) throw invalidRequest(capped(step.errors, 'Error'));
    const { [key.name]: _key, ...rest } = fields;
    return { fields: rest, apiKey: key.text, apiKeyBytes: key.bytes, departures: strict ? [] : listed };
  }

  return { read };
}

/** Names that cannot be read refuse the request at once, each named. */
function refuseMalformed(pairs: Record<Where, Pair[]>) {
  const malformed: Note[] = [];
  for (const where of ['query', 'body'] as const) {
    for (const [name] of pairs[where]) {
      const problem = nameProblem(name);
      if (!problem) continue;
      const message = `Malformed ${where} parameter name "${quoted(name)}": ${problem}`;
      malformed.push(refusal([where, quoted(name)], 'malformedName', message));
    }
  }
  if (malformed.length) throw invalidRequest(capped(malformed, 'Error'));
}

/**
 * The fields the operation describes, each once: a GET reads its query; a POST its form, and
 * (unless strict) its query as more of the form. `unknown`: how many names were dropped.
 */
function describedFields(step: Step, shape: Shape, query: Pair[], body: Pair[], strict: boolean) {
  const described: Field[] = [];
  let unknown = 0;
  if (step.post) fieldsInQuery(query, step.departures);
  if (!step.post || !strict) unknown += keepDescribed(shape, query, 'query', described, step.departures);
  unknown += keepDescribed(shape, body, 'body', described, step.departures);
  return { kept: withoutRepeats(described, step.departures, step.errors), unknown };
}

/** The fields as one nested object; a name given both as a value and as a group is an error. */
function nested(step: Step, kept: Field[], whereOf: (name: string) => Where): Fields {
  const { value, conflicts } = nest(kept);
  // A query parameter given empty is not given (as in `prism mock`): `client_id=` is missing.
  if (!step.post) for (const name of Object.keys(value)) if (value[name] === '') delete value[name];
  for (const name of conflicts.slice(0, MAX_NOTES)) {
    const message = `The parameter "${quoted(name)}" is given both as a value and as a group of bracketed fields`;
    step.errors.push(refusal([whereOf(name), quoted(name)], 'conflictingName', message));
  }
  return value;
}

/** The key, by its field's name: its text, and its bytes where the text cannot say them. */
type Key = { name: string; text: string | undefined; bytes: Uint8Array | undefined };

/**
 * The key: missing, a 401 at once (as a security scheme's); a group of bracketed fields
 * (`apikey[x]`), or bytes that cannot be read, an error. A key is its bytes: they are read where
 * its text holds U+FFFD (bytes that were not UTF-8, or that character).
 */
function readKey(step: Step, value: Fields, kept: Field[], whereOf: (name: string) => Where): Key {
  const { keyName } = step.operation;
  const name = keyName ?? 'apikey';
  const key = Object.hasOwn(value, name) ? value[name] : undefined;
  if (keyName && !key) throw unauthorized();
  if (keyName && typeof key !== 'string') {
    const why = 'the key is one text value, not a group of bracketed fields';
    step.errors.push(refusal([whereOf(name), name], 'type', `Request query parameter ${name} must be string: ${why}`));
  }
  const bytes = typeof key === 'string' && key.includes('\uFFFD') ? bytesOfKey(step.request, kept, name) : undefined;
  if (bytes === null) {
    const message = `The ${name} part of this multipart body is not UTF-8, so its bytes cannot be read`;
    step.errors.push(refusal(['body', name], 'keyBytes', `${message}: send it as UTF-8, or URL-encoded`));
  }
  return { name, text: typeof key === 'string' ? key : undefined, bytes: bytes ?? undefined };
}

/** A departure as `--strict` refuses it. */
const asStrictError = ({ location, code, message }: Note) => refusal(location, code, `${message} (--strict)`);

/**
 * The fields with their lists as lists, validated against the operation's schema. No body and no
 * field read elsewhere (`given`: none): the body is missing, not each of its fields (Prism's words).
 */
function validated(step: Step, { shape, validate }: Form, value: Fields, given: number): Fields {
  const fields = shape.lists(value);
  if (step.operation.body?.required && !step.request.body.length && !given)
    step.errors.push(refusal([], 'required', 'Body parameter is required'));
  else if (!validate(shape.forValidation(fields)))
    step.errors.push(...describeErrors(validate.errors, { context: 'Request', where: step.post ? 'body' : 'query' }));
  return fields;
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

/** The query of a GET as one object schema, each parameter a property referring to its schema by `refTo`. */
function querySchema(operation: Operation, refTo: (at: string) => Node): Node {
  return {
    type: 'object',
    properties: Object.fromEntries(operation.query.map((p) => [p.name, p.schema ? refTo(p.schema) : {}])),
    required: operation.query.filter((p) => p.required).map((p) => p.name),
  };
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
