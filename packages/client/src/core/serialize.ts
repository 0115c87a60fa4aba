// Wire serialization: bracketed names (`params[Phone][Country]`, `containers[0]`), fields in the
// spec's order, values as the service reads them. One walk serves query strings and both form
// encodings.

/**
 * The order of form fields, as generated from the spec: `0` for a value, an object for a group
 * of fields in their order (also the shape of each item of a list), `'[]'` for a list sent with
 * empty brackets instead of indexes.
 */
export type FormShape = 0 | '[]' | { readonly [field: string]: FormShape };

export type Pair = readonly [name: string, value: string];

/**
 * Walks `value` into `[name, value]` pairs. Fields named by `shape` come first, in its order;
 * any others follow in the caller's order. `undefined` and `null` fields are left out.
 */
export function toPairs(value: object, shape?: FormShape, prefix = '', out: Pair[] = []): Pair[] {
  const record = value as Record<string, unknown>;
  const known = typeof shape === 'object' ? Object.keys(shape).filter((key) => key in record) : [];
  const rest = Object.keys(record).filter((key) => !known.includes(key));
  for (const key of known.length ? [...known, ...rest] : rest) {
    append(prefix ? `${prefix}[${key}]` : key, record[key], typeof shape === 'object' ? shape[key] : undefined, out);
  }
  return out;
}

function append(name: string, value: unknown, shape: FormShape | undefined, out: Pair[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    const bare = shape === '[]';
    value.forEach((item, i) => append(bare ? `${name}[]` : `${name}[${i}]`, item, bare ? undefined : shape, out));
  } else if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TypeError(`${name}: cannot send ${proto?.constructor?.name ?? 'this object'}; pass a string, number, boolean, plain object or array`);
    }
    toPairs(value, shape, name, out);
  } else {
    out.push([name, scalar(name, value)]);
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

// Brackets stay literal, as the service documents them; everything else is percent-encoded.
const encodeName = (name: string) => encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']');

/** `a=1&filters[state]=On`: a query string or an `application/x-www-form-urlencoded` body. */
export function encodePairs(pairs: readonly Pair[]): string {
  return pairs.map(([name, value]) => `${encodeName(name)}=${encodeURIComponent(value)}`).join('&');
}

/** A `multipart/form-data` body; fetch writes the boundary into the Content-Type header. */
export function toFormData(pairs: readonly Pair[]): FormData {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return form;
}
