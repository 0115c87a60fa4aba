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
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      if (equals < start) {
        equals = text.indexOf('=', start);
        if (equals < 0) equals = Infinity;
      }
      pairs.push(
        equals < end
          ? [decodeComponent(text.slice(start, equals)), decodeComponent(text.slice(equals + 1, end))]
          : [decodeComponent(text.slice(start, end)), ''],
      );
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

const hex = (byte) =>
  byte >= 0x30 && byte <= 0x39
    ? byte - 0x30
    : byte >= 0x41 && byte <= 0x46
      ? byte - 0x37
      : byte >= 0x61 && byte <= 0x66
        ? byte - 0x57
        : -1;

/** The pairs of a query string (without `?`), decoded, in order; a trailing `&` is nothing. */
export const queryPairs = (search) => parseUrlEncoded(search);

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaTypeOf = (header) => {
  if (!header) return '';
  const end = header.indexOf(';');
  return (end < 0 ? header : header.slice(0, end)).trim().toLowerCase();
};

/**
 * The pairs of a form body: at once for a URL-encoded one, as a promise for a multipart one (a
 * file part as its text), which rejects with the reason when the body cannot be read.
 */
export function formPairs(body, contentType) {
  if (mediaTypeOf(contentType) === 'application/x-www-form-urlencoded') return parseUrlEncoded(body.toString('utf8'));
  return multipartPairs(body, contentType);
}

async function multipartPairs(body, contentType) {
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
  let open = name.indexOf('[');
  if (open < 0) return [name];
  const path = [name.slice(0, open)];
  for (let close; open >= 0; open = name.indexOf('[', close)) {
    close = name.indexOf(']', open);
    path.push(name.slice(open + 1, close));
  }
  return path;
};

/** `['params', 'Phone', 'Country']` → `params[Phone][Country]`. */
export const wireName = (path) =>
  `${path[0]}${path
    .slice(1)
    .map((s) => `[${s}]`)
    .join('')}`;

/** The top-level name of a bracketed name. */
export const topName = (name) => {
  const open = name.indexOf('[');
  return open < 0 ? name : name.slice(0, open);
};

/**
 * Sets an own data property. Names are data, never Object.prototype: a field called `__proto__`
 * (a map's free key may be one) is defined, not assigned, so that it is a property like any other.
 */
export function setOwn(object, key, value) {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/**
 * The nested object of well-formed pairs `[name, value, path?, lists?]` (path: the name's
 * segments, when already split; lists: the depths at which its schema has a list, whose items
 * are indexed segments): bracket segments become keys, `name[]` appends, and an object of
 * indexed items (keys exactly 0…n-1) becomes a list where the schema has one (or, for pairs
 * given without `lists`, wherever its keys are 0…n-1). A map keyed by index (`upgrade[disk][0]`)
 * stays a map. Every leaf stays text. `conflicts` names the fields given both as a value and as a
 * group (`a=1&a[b]=2`).
 */
export function nest(pairs) {
  const root = {};
  const conflicts = [];
  // The objects that stand for lists (their keys are the items' indexes), and whether it is known.
  const lists = new Set();
  let guess = false;
  for (const [name, value, given, listDepths] of pairs) {
    const path = given ?? segmentsOf(name);
    if (!listDepths) guess = true;
    let node = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      if (key === '') {
        // `name[]`: the list under the previous segment (created as an array by it).
        node.push(value);
        break;
      }
      const has = Object.hasOwn(node, key);
      if (i === path.length - 1) {
        if (has) conflicts.push(name);
        else setOwn(node, key, value);
        break;
      }
      const wantsList = path[i + 1] === '';
      if (!has) setOwn(node, key, wantsList ? [] : {});
      const next = node[key];
      if (typeof next !== 'object' || Array.isArray(next) !== wantsList) {
        conflicts.push(name);
        break;
      }
      if (!wantsList && listDepths?.includes(i + 1)) lists.add(next);
      node = next;
    }
  }
  return { value: listsOf(root, guess ? undefined : lists), conflicts };
}

/**
 * The value with every object of indexed items (keys exactly 0…n-1) made a list, in place: the
 * objects in `lists`, or, without it, every such object.
 */
function listsOf(node, lists) {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = listsOf(node[i], lists);
    return node;
  }
  if (!node || typeof node !== 'object') return node;
  let index = 0;
  let indexed = true;
  for (const key in node) {
    setOwn(node, key, listsOf(node[key], lists));
    if (indexed && key !== String(index++)) indexed = false;
  }
  if (!indexed || index === 0 || (lists && !lists.has(node))) return node;
  const list = [];
  for (const key in node) list.push(node[key]);
  return list;
}

/** A deep copy of a nest() value (validation coerces in place; modes get the text). */
export function copy(value) {
  if (Array.isArray(value)) return value.map(copy);
  if (!value || typeof value !== 'object') return value;
  const out = {};
  for (const key in value) setOwn(out, key, copy(value[key]));
  return out;
}
