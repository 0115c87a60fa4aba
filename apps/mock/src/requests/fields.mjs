// Fields on the wire: `[name, value]` pairs from a query string or a form body, and the nested
// object their bracketed names describe (`params[Phone][Country]`, `additional_tlds[0]`).

/** The pairs of a query string (without `?`), decoded, in order; a trailing `&` is nothing. */
export const queryPairs = (search) => [...new URLSearchParams(search)];

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaTypeOf = (header) => (header ?? '').split(';')[0].trim().toLowerCase();

/**
 * The pairs of a form body (URL-encoded or multipart; a file part as its text). Throws with the
 * reason when a multipart body cannot be read.
 */
export async function formPairs(body, contentType) {
  if (mediaTypeOf(contentType) === 'application/x-www-form-urlencoded') return [...new URLSearchParams(body.toString('utf8'))];
  const pairs = [];
  for (const [name, value] of await new Response(body, { headers: { 'content-type': contentType } }).formData()) {
    pairs.push([name, typeof value === 'string' ? value : await value.text()]);
  }
  return pairs;
}

/** Balanced, non-empty brackets after a name; only the last pair may be empty (`name[]`). */
const WELL_FORMED = /^[^[\]]+(\[[^[\]]+\])*(\[\])?$/;

export const isWellFormed = (name) => WELL_FORMED.test(name);

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
 * the fields given both as a value and as a group (`a=1&a[b]=2`).
 */
export function nest(pairs) {
  const root = {};
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
        if (key in node) conflicts.push(name);
        else node[key] = value;
        break;
      }
      const wantsList = path[i + 1] === '';
      if (!(key in node)) node[key] = wantsList ? [] : {};
      if (typeof node[key] !== 'object' || Array.isArray(node[key]) !== wantsList) {
        conflicts.push(name);
        break;
      }
      node = node[key];
    }
  }
  return { value: listsOf(root), conflicts };
}

function listsOf(node) {
  if (Array.isArray(node)) return node.map(listsOf);
  if (!node || typeof node !== 'object') return node;
  const keys = Object.keys(node);
  for (const key of keys) node[key] = listsOf(node[key]);
  if (keys.length && keys.every((key, i) => key === String(i))) return keys.map((key) => node[key]);
  return node;
}

/** A deep copy of a nest() value (validation coerces in place; modes get the text). */
export const copy = (value) =>
  Array.isArray(value) ? value.map(copy) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) : value;
