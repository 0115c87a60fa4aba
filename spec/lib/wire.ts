// The service's wire format, known here and nowhere else: the form media types, bracketed field
// names (`params[Phone][Country]`, `containers[0]`, `list[]`), how values become fields and
// fields become values again, and JSON pointers into the description. The client, the mock,
// the docs and the portable description all use this module (`@hostapi/spec/wire`).

/** The media types a POST's form may be sent as; URL-encoded is the default. */
export const URL_ENCODED = 'application/x-www-form-urlencoded';
export const MULTIPART = 'multipart/form-data';
export const FORM_TYPES: readonly string[] = [URL_ENCODED, MULTIPART];

/** The media type of a Content-Type header, lower-cased, without parameters (`''` for none). */
export function mediaTypeOf(header: string | null | undefined): string {
  if (!header) return '';
  const end = header.indexOf(';');
  return (end < 0 ? header : header.slice(0, end)).trim().toLowerCase();
}

/** The keys of a list the service reads by index (`containers[0]`), as a JSON Schema pattern. */
export const INDEX_PATTERN = '^(0|[1-9][0-9]*)$';
// Pure: a bundle that does not use it (the client's) leaves it out.
const INDEX = /* @__PURE__ */ new RegExp(INDEX_PATTERN);

/** Whether a bracket segment is a list index: `0`, `1`, … (no sign, no leading zero). */
export const isIndex = (segment: string): boolean => INDEX.test(segment);

/** Any key of a map keyed by the caller (`upgrade[disk][xvda1]`), as a JSON Schema pattern. */
export const KEY_PATTERN = '^[^[\\]]+$';

/** A segment of a name pattern: literal text, or any segment a pattern matches (INDEX_PATTERN, KEY_PATTERN). */
export type PatternSegment = string | { readonly pattern: string };

/**
 * The names `segments` stand for, as a JSON Schema pattern (a `patternProperties` key):
 * `['containers', { pattern: INDEX_PATTERN }]` → `^containers\[(0|[1-9][0-9]*)\]$`. A segment's
 * pattern is used without its anchors, so it must be one group or class (as both patterns here are).
 */
export function namePattern(segments: readonly PatternSegment[]): string {
  const parts = segments.map((s) =>
    typeof s === 'string' ? s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : s.pattern.slice(1, -1),
  );
  return `^${parts.map((part, i) => (i === 0 ? part : `\\[${part}\\]`)).join('')}$`;
}

// JSON pointers (RFC 6901), as `$ref`s into the description: `#/components/schemas/Server`.

/** A JSON pointer of `#/` and the segments, each escaped (`~` → `~0`, `/` → `~1`). */
export const pointer = (...segments: readonly (string | number)[]): string =>
  `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** The segments of a JSON pointer (`#/a~1b/c` → `['a/b', 'c']`). */
export const pointerSegments = (ref: string): string[] =>
  ref
    .replace(/^#?\//, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

// Field names.

/**
 * Most bracket levels a name may have. The description's deepest field has three
 * (`params[databases][0][name]`); a limit keeps every walk over a request's fields shallow.
 */
export const MAX_DEPTH = 16;

/** Balanced, non-empty brackets after a name; only the last pair may be empty (`name[]`). */
const WELL_FORMED = /^[^[\]]+(\[[^[\]]+\])*(\[\])?$/;

/** Why a field name cannot be read (malformed, or nested deeper than MAX_DEPTH), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name && !name.includes('[') && !name.includes(']')) return undefined;
  if (!WELL_FORMED.test(name)) return 'brackets must be balanced and non-empty, except a final []';
  const depth = name.split('[').length - 1;
  if (depth > MAX_DEPTH) return `it is nested ${depth} levels deep; at most ${MAX_DEPTH} are read`;
  return undefined;
}

/** `params[Phone][Country]` → `['params', 'Phone', 'Country']`; `list[]` → `['list', '']`. */
export function segmentsOf(name: string): string[] {
  let open = name.indexOf('[');
  if (open < 0) return [name];
  const segments = [name.slice(0, open)];
  // By indexOf, not a regex: servers split every name of every request (a regex's matchAll copies it each time).
  while (open >= 0) {
    const close = name.indexOf(']', open);
    if (close < 0) break;
    segments.push(name.slice(open + 1, close));
    open = name.indexOf('[', close);
  }
  return segments;
}

/** `['params', 'Phone', 'Country']` → `params[Phone][Country]`. */
export const wireName = (segments: readonly string[]): string =>
  segments.map((s, i) => (i === 0 ? s : `[${s}]`)).join('');

/** The first segment of a bracketed name: `params[Phone]` → `params`. */
export function topName(name: string): string {
  const open = name.indexOf('[');
  return open < 0 ? name : name.slice(0, open);
}

// Values → fields (what a client sends).

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
 * every request with it, and the list cost it about 4% of a call (packages/benchmarks).
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

// Fields → values (what a server reads).

/**
 * The `[name, value]` pairs of URL-encoded text (a query string without `?`, or a form body), in
 * order, as URLSearchParams reads them (`+` is a space, a broken escape stays as written, bytes
 * that are not UTF-8 become U+FFFD); empty pieces (a trailing `&`) are nothing.
 */
export function parseUrlEncoded(text: string): Pair[] {
  const pairs: Pair[] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    pairs.push(
      equals < 0
        ? [decodeComponent(piece), '']
        : [decodeComponent(piece.slice(0, equals)), decodeComponent(piece.slice(equals + 1))],
    );
  }
  return pairs;
}

/** One name or value of URL-encoded text, decoded as URLSearchParams decodes it. */
export function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new TextDecoder().decode(percentBytes(spaced));
  }
}

/** The bytes percent-escapes stand for, every other character as its UTF-8; a broken escape as written. */
export const percentBytes = (text: string): Uint8Array => percentDecode(new TextEncoder().encode(text));

/** Bytes with their percent-escapes decoded; a broken escape as written. */
function percentDecode(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let at = 0; at < bytes.length; at++) {
    const high = bytes[at] === 0x25 ? hex(bytes[at + 1]) : -1;
    const low = high >= 0 ? hex(bytes[at + 2]) : -1;
    if (low >= 0) {
      out[length++] = high * 16 + low;
      at += 2;
    } else out[length++] = bytes[at] as number;
  }
  return out.subarray(0, length);
}

function hex(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/**
 * The bytes that the first value of `name` in URL-encoded text (a query string, or a form body's
 * bytes) stands for, or undefined when no field has that name. Reading a value as text loses
 * what is not UTF-8 (`%FE` and `%FF` both read as U+FFFD); its bytes are what was sent.
 */
export function fieldBytes(encoded: string | Uint8Array, name: string): Uint8Array | undefined {
  const bytes = typeof encoded === 'string' ? new TextEncoder().encode(encoded) : encoded;
  const decoded = (raw: Uint8Array) => percentDecode(raw.map((byte) => (byte === 0x2b ? 0x20 : byte)));
  for (let start = 0; start < bytes.length; ) {
    const amp = bytes.indexOf(0x26, start);
    const end = amp < 0 ? bytes.length : amp;
    const piece = bytes.subarray(start, end);
    const equals = piece.indexOf(0x3d);
    const raw = equals < 0 ? piece : piece.subarray(0, equals);
    if (piece.length && new TextDecoder().decode(decoded(raw)) === name)
      return decoded(equals < 0 ? new Uint8Array(0) : piece.subarray(equals + 1));
    start = end + 1;
  }
  return undefined;
}

/**
 * The pairs of a form body: URL-encoded at once, multipart as a promise (read by the platform's
 * FormData; a file part as its text). Rejects or throws with the reason a body cannot be read.
 */
export function formPairs(body: Uint8Array, contentType: string): Pair[] | Promise<Pair[]> {
  if (mediaTypeOf(contentType) === URL_ENCODED) return parseUrlEncoded(new TextDecoder().decode(body));
  return multipartPairs(body, contentType);
}

async function multipartPairs(body: Uint8Array, contentType: string): Promise<Pair[]> {
  const pairs: Pair[] = [];
  const form = await new Response(body as BodyInit, { headers: { 'content-type': contentType } }).formData();
  for (const [name, value] of form) pairs.push([name, typeof value === 'string' ? value : await value.text()]);
  return pairs;
}

/** A nested value read from fields: text at the leaves, objects for groups, arrays for `name[]`. */
export type Nested = string | Nested[] | { [key: string]: Nested };

/** One field to nest: its name's segments (see segmentsOf) and its value. */
export interface Field {
  readonly segments: readonly string[];
  readonly value: string;
}

/**
 * The nested object that fields' names describe: each bracket segment a key (`list[]` appends to
 * an array), every leaf text. Index segments stay keys (`{ '0': …, '1': … }`): only the schema
 * tells a list from a map keyed by number, see asList. Names are data, never Object.prototype's.
 * `conflicts`: names given both as a value and as a group (`a=1&a[b]=2`), or given twice.
 */
export function nest(fields: Iterable<Field>): { value: { [key: string]: Nested }; conflicts: string[] } {
  const root: { [key: string]: Nested } = {};
  const conflicts: string[] = [];
  for (const { segments, value } of fields) {
    let node: { [key: string]: Nested } | Nested[] = root;
    for (let i = 0; i < segments.length; i++) {
      const key = segments[i] as string;
      if (Array.isArray(node)) {
        node.push(value); // `name[]`: the list under the previous segment
        break;
      }
      const last = i === segments.length - 1;
      const has = Object.hasOwn(node, key);
      if (last) {
        if (has) conflicts.push(wireName(segments));
        else setOwn(node, key, value);
        break;
      }
      const wantsList = segments[i + 1] === '';
      if (!has) setOwn(node, key, wantsList ? [] : {});
      const next: Nested | undefined = node[key];
      if (typeof next !== 'object' || Array.isArray(next) !== wantsList) {
        conflicts.push(wireName(segments));
        break;
      }
      node = next;
    }
  }
  return { value: root, conflicts };
}

/** An object of indexed items (keys exactly `0`…`n-1`) as a list; undefined for any other object. */
export function asList<T>(object: { [key: string]: T }): T[] | undefined {
  const keys = Object.keys(object);
  if (!keys.length || !keys.every((key, i) => key === String(i))) return undefined;
  return keys.map((key) => object[key] as T);
}

/** Sets an own data property, also for the name `__proto__` (a request's names are data). */
export function setOwn<T>(object: { [key: string]: T }, key: string, value: T): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}
