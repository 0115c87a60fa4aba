// Wire serialization: bracketed names (`params[Phone][Country]`, `containers[0]`), fields in the
// spec's order, values as the service reads them. One walk (eachField) serves query strings and
// both form encodings.

/**
 * The order of form fields, as generated from the spec: `0` for a value, an object for a group
 * of fields in their order (also the shape of each item of a list), `'[]'` for a list sent with
 * empty brackets instead of indexes.
 */
export type FormShape = 0 | '[]' | { readonly [field: string]: FormShape };

export type Pair = readonly [name: string, value: string];

/**
 * Walks `value` and calls `emit(name, value)` for every field. Fields named by `shape` come
 * first, in its order; any others follow in the caller's order. `undefined` and `null` fields
 * are left out.
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
      if (Object.hasOwn(record, key)) append(nameOf(key), record[key], fields[key], emit);
    }
  }
  for (const key of Object.keys(record)) {
    if (!fields || !Object.hasOwn(fields, key)) append(nameOf(key), record[key], undefined, emit);
  }
}

function append(
  name: string,
  value: unknown,
  shape: FormShape | undefined,
  emit: (name: string, value: string) => void,
): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const bare = shape === '[]';
    value.forEach((item, i) => append(bare ? `${name}[]` : `${name}[${i}]`, item, bare ? undefined : shape, emit));
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
// Most names need no encoding at all, and testing for that is much cheaper than encoding.
const PLAIN_NAME = /^[\w.~[\]-]*$/;
const encodeName = (name: string) =>
  PLAIN_NAME.test(name) ? name : encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');

/** One `name=value` of a query string or URL-encoded body. */
export const encodeField = (name: string, value: string) => `${encodeName(name)}=${encodeURIComponent(value)}`;

/** `a=1&filters[state]=On`: a query string or an `application/x-www-form-urlencoded` body. */
export function encodePairs(pairs: readonly Pair[]): string {
  return pairs.map(([name, value]) => encodeField(name, value)).join('&');
}

/** `encodePairs(toPairs(value, shape))` in one pass, for the client's every call. */
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
