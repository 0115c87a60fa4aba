// Values → fields: what a client sends.

/**
 * The order of an operation's form fields, as generated from the description: `0` for a value,
 * an object for a group of fields in their order (also the shape of each item of a list), `'[]'`
 * for a list sent with empty brackets instead of indexes.
 */
export type FormShape = 0 | '[]' | { readonly [field: string]: FormShape };

/** One field on the wire: its name and its value as text. */
export type Pair = readonly [name: string, value: string];

/**
 * Calls `emit(name, value)` for every field of `value`: nested objects as bracketed names,
 * list items indexed from 0 (or `[]` where `shape` says so), `true`/`false` as `1`/`0`.
 * Fields named by `shape` come first, in its order; any others follow in the caller's order.
 * `undefined` and `null` are left out. Throws a TypeError naming a field that cannot be sent.
 */
export function eachField(
  value: object,
  shape: FormShape | undefined,
  emit: (name: string, value: string) => void,
  prefix = '',
): void {
  const record = value as Record<string, unknown>;
  const fields = typeof shape === 'object' ? shape : undefined;
  const nameOf = (key: string) => (prefix ? `${prefix}[${key}]` : key);
  if (fields) {
    for (const key of Object.keys(fields)) {
      if (Object.hasOwn(record, key)) eachValue(nameOf(key), record[key], fields[key], emit);
    }
  }
  for (const key of Object.keys(record)) {
    if (!fields || !Object.hasOwn(fields, key)) eachValue(nameOf(key), record[key], undefined, emit);
  }
}

function eachValue(name: string, value: unknown, shape: FormShape | undefined, emit: (n: string, v: string) => void) {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const bare = shape === '[]';
    value.forEach((item, i) => eachValue(bare ? `${name}[]` : `${name}[${i}]`, item, bare ? undefined : shape, emit));
  } else if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TypeError(`${name}: cannot send ${proto?.constructor?.name ?? 'this object'}`);
    }
    eachField(value, shape, emit, name);
  } else {
    emit(name, scalar(name, value));
  }
}

function scalar(name: string, value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? '1' : '0'; // the service reads yes/no as 1/0
    case 'bigint':
      return String(value);
    case 'number':
      if (Number.isFinite(value)) return String(value);
      throw new TypeError(`${name}: cannot send the number ${value}`);
    default:
      throw new TypeError(`${name}: cannot send a ${typeof value}`);
  }
}

/** The fields of `value` as `[name, value]` pairs, in wire order. */
export function toPairs(value: object, shape?: FormShape): Pair[] {
  const pairs: Pair[] = [];
  eachField(value, shape, (name, text) => pairs.push([name, text]));
  return pairs;
}

// Brackets stay literal, as the service documents them; everything else is percent-encoded.
const PLAIN_NAME = /^[\w.~[\]-]*$/;
const encodeName = (name: string) =>
  PLAIN_NAME.test(name) ? name : encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');

/** One `name=value` of a query string or URL-encoded body. */
export const encodeField = (name: string, value: string): string => `${encodeName(name)}=${encodeURIComponent(value)}`;

/** `apikey=k&filters[state]=On`: a query string or an `application/x-www-form-urlencoded` body. */
export const encodePairs = (pairs: readonly Pair[]): string => pairs.map(([n, v]) => encodeField(n, v)).join('&');

/**
 * `encodePairs(toPairs(value, shape))` in one pass, without the list of pairs: the client encodes
 * every request with it, and building the list was a cost per call the client-overhead benchmark saw.
 */
export function encodeFields(value: object, shape?: FormShape): string {
  let text = '';
  eachField(value, shape, (name, field) => {
    text += text ? `&${encodeField(name, field)}` : encodeField(name, field);
  });
  return text;
}

/** A `multipart/form-data` body; fetch writes the boundary into the Content-Type header. */
export function toFormData(value: object, shape?: FormShape): FormData {
  const form = new FormData();
  eachField(value, shape, (name, field) => form.append(name, field));
  return form;
}
