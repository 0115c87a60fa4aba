// Fields on the wire: `[name, value]` pairs from a query string or a form body, and the nested
// object their bracketed names describe (`params[Phone][Country]`, `additional_tlds[0]`).

/**
 * The `[name, value]` pairs of URL-encoded text (a query string without `?`, or a form body),
 * decoded, in order; empty pieces (a trailing `&`) are nothing. As URLSearchParams parses it
 * (WHATWG application/x-www-form-urlencoded), in one pass and several times faster: a form of
 * 100,000 fields is read in well under 100 ms.
 */
export function parseUrlEncoded(text) {
  const pairs = [];
  // The first `=` at or after `start`, once looked for: each `=` is found once, so that a body
  // of `a&b&c…` is not searched to its end for every piece.
  let equals = -1;
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (equals < start) {
        equals = text.indexOf('=', start);
        if (equals < 0) equals = Infinity;
      }
      pairs.push(equals < end ? [decodeComponent(text.slice(start, equals)), decodeComponent(text.slice(equals + 1, end))] : [decodeComponent(text.slice(start, end)), '']);
    }
    start = end + 1;
  }
  return pairs;
}

/** `+` as a space, then percent-decoding; a broken escape stays as written, bad UTF-8 is U+FFFD. */
function decodeComponent(text) {
  if (text.includes('+')) text = text.replace(/\+/g, ' ');
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    // decodeURIComponent refuses what the form encoding keeps: decode byte by byte.
    const bytes = Buffer.from(text, 'utf8');
    const out = Buffer.alloc(bytes.length);
    let length = 0;
    for (let at = 0; at < bytes.length; at++) {
      const high = bytes[at] === 0x25 && at + 2 < bytes.length ? hex(bytes[at + 1]) : -1;
      const low = high >= 0 ? hex(bytes[at + 2]) : -1;
      if (low >= 0) {
        out[length++] = high * 16 + low;
        at += 2;
      } else out[length++] = bytes[at];
    }
    return out.toString('utf8', 0, length);
  }
}

const hex = (byte) => (byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1);

/** The pairs of a query string (without `?`), decoded, in order; a trailing `&` is nothing. */
export const queryPairs = (search) => parseUrlEncoded(search);

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaTypeOf = (header) => (header ?? '').split(';')[0].trim().toLowerCase();

/**
 * The pairs of a form body (URL-encoded or multipart; a file part as its text). Throws with the
 * reason when a multipart body cannot be read.
 */
export async function formPairs(body, contentType) {
  if (mediaTypeOf(contentType) === 'application/x-www-form-urlencoded') return parseUrlEncoded(body.toString('utf8'));
  const pairs = [];
  for (const [name, value] of await new Response(body, { headers: { 'content-type': contentType } }).formData()) {
    pairs.push([name, typeof value === 'string' ? value : await value.text()]);
  }
  return pairs;
}

/** Balanced, non-empty brackets after a name; only the last pair may be empty (`name[]`). */
const WELL_FORMED = /^[^[\]]+(\[[^[\]]+\])*(\[\])?$/;

/**
 * Most bracket levels a name may have. The description's deepest field has three
 * (`params[databases][0][name]`); a limit keeps every walk over a request's fields shallow.
 */
export const MAX_DEPTH = 16;

/** Why a name cannot be read (malformed, or nested deeper than MAX_DEPTH), or undefined. */
export function nameProblem(name) {
  if (name && !name.includes('[') && !name.includes(']')) return undefined;
  if (!WELL_FORMED.test(name)) return 'brackets must be balanced and non-empty, except a final []';
  let depth = 0;
  for (let at = name.indexOf('['); at >= 0; at = name.indexOf('[', at + 1)) depth++;
  if (depth > MAX_DEPTH) return `it is nested ${depth} levels deep; at most ${MAX_DEPTH} are read`;
  return undefined;
}

/** `params[Phone][Country]` → `['params', 'Phone', 'Country']`; `list[]` → `['list', '']`. */
export const segmentsOf = (name) => {
  const open = name.indexOf('[');
  return open < 0 ? [name] : [name.slice(0, open), ...name.slice(open + 1, -1).split('][')];
};

/** `['params', 'Phone', 'Country']` → `params[Phone][Country]`. */
export const wireName = (path) => `${path[0]}${path.slice(1).map((s) => `[${s}]`).join('')}`;

/** The top-level name of a bracketed name. */
export const topName = (name) => segmentsOf(name)[0];

/**
 * The nested object of well-formed pairs: bracket segments become keys, `name[]` appends, and an
 * object whose keys are exactly 0…n-1 becomes a list. Every leaf stays text. `conflicts` names
 * the fields given both as a value and as a group (`a=1&a[b]=2`). Names are data, never
 * properties of Object.prototype: `__proto__[x]` is a field called `__proto__` like any other.
 */
export function nest(pairs) {
  const root = Object.create(null);
  const conflicts = [];
  for (const [name, value] of pairs) {
    const path = segmentsOf(name);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const last = i === path.length - 1;
      const key = path[i];
      if (key === '') {
        // `name[]`: the list under the previous segment (created as an array by it).
        node.push(value);
        break;
      }
      if (last) {
        if (Object.hasOwn(node, key)) conflicts.push(name);
        else node[key] = value;
        break;
      }
      const wantsList = path[i + 1] === '';
      if (!Object.hasOwn(node, key)) node[key] = wantsList ? [] : Object.create(null);
      if (typeof node[key] !== 'object' || Array.isArray(node[key]) !== wantsList) {
        conflicts.push(name);
        break;
      }
      node = node[key];
    }
  }
  return { value: listsOf(root), conflicts };
}

/** Plain objects and lists of nest()'s nodes (own data properties only, `__proto__` included). */
function listsOf(node) {
  if (Array.isArray(node)) return node.map(listsOf);
  if (!node || typeof node !== 'object') return node;
  const keys = Object.keys(node);
  if (keys.length && keys.every((key, i) => key === String(i))) return keys.map((key) => listsOf(node[key]));
  return Object.fromEntries(keys.map((key) => [key, listsOf(node[key])]));
}

/** A deep copy of a nest() value (validation coerces in place; modes get the text). */
export const copy = (value) =>
  Array.isArray(value) ? value.map(copy) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) : value;
