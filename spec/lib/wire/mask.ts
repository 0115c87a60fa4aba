// The API key, masked: one rule for every face (the mock's and the proxy's logs, the console, the
// client's errors and hook events, the MCP server's results, the CLI). Whatever text a server
// sends back may quote the key, so a face masks all text it shows, not only what it sent.
//
// 1. Where it is a key: the value of every field the mock would read as the key (a name whose
//    decoded first segment is `apikey` in any case: `a%70ikey`, `APIKEY`, `apikey[x]`), in a query
//    or URL-encoded body, a URL quoted in prose, a multipart part or a JSON property; also inside
//    a JSON string or a percent-encoded query, as the text either decodes to (a request echoed
//    in a JSON message: `"--b\r\n…"`; a URL quoted in another's query: `next=…%3Fapikey%3D…`).
// 2. Wherever its value appears, in any encoding a server may echo it in (percent-escapes in
//    either case, `+` for a space, JSON's `\/` and `\u` escapes, HTML character references, or a
//    mix), once the key is long enough to be a secret: replacing a short key's every occurrence
//    would mangle ordinary text (`x` in `example`).
// Every pass is linear in the text (a layer quoted in another is passed once more per level of
// quoting, at most log2 of its length): a hostile answer or request costs about its size.
import { decodeComponent } from './decode.ts';
import { topName } from './names.ts';

/** What a masked key is written as. */
export const REDACTED = '[redacted]';

/** The name of the key's field, as the description's security scheme names it. */
export const KEY_NAME = 'apikey';

/** Keys shorter than this are masked only where they are named (`apikey=k`), not everywhere. */
export const MIN_SECRET_LENGTH = 6;

/** Whether a field name (decoded, as a server reads it) is read as the key. */
export const isKeyName = (name: string): boolean => topName(name).toLowerCase() === KEY_NAME;

/** Text with the key masked, by both rules; `keys` are the values to mask wherever they appear. */
export function maskKey(text: string, keys: readonly (string | undefined)[] = []): string {
  const values = keys.filter((key) => typeof key === 'string' && key.length >= MIN_SECRET_LENGTH) as string[];
  return maskText(String(text), values.map(anyEncoding));
}

/**
 * How deep maskKeyIn walks a value. JSON.parse takes any depth, but a walk over it (this one,
 * JSON.stringify, a renderer) runs out of stack after a few thousand levels, so a server's answer
 * could break the face that shows it. RFC 8259 lets a reader limit depth (js-yaml reads 100 levels,
 * serde_json 128); the API's answers nest fewer than 10, and a recording adds 3.
 */
export const MAX_JSON_DEPTH = 64;

/** What maskKeyIn gives for an array or object nested deeper than MAX_JSON_DEPTH. */
export const TOO_DEEP = `[nested deeper than ${MAX_JSON_DEPTH} levels]`;

/**
 * A JSON value (a result, a structured answer) with the key masked: the value of every property
 * named as the key, and every string (names included) as maskKey masks text. An array or object
 * below MAX_JSON_DEPTH levels is given as TOO_DEEP.
 */
export function maskKeyIn<T>(value: T, keys: readonly (string | undefined)[] = [], depth = 0): T {
  if (typeof value === 'string') return maskKey(value, keys) as T;
  if (!value || typeof value !== 'object') return value;
  if (depth === MAX_JSON_DEPTH) return TOO_DEEP as T;
  if (Array.isArray(value)) return value.map((item) => maskKeyIn(item, keys, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const entry = namesKey(name) ? REDACTED : maskKeyIn(item, keys, depth + 1);
    // A name is data (`__proto__` too).
    Object.defineProperty(out, maskKey(name, keys), {
      value: entry,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return out as T;
}

/**
 * Rule 1 on the text and on each layer of it that stands for other text (a JSON string; then a
 * percent-encoded run, once its own pairs have been read at this level, so that a decoded `&` in
 * the key's value cannot cut it short), then rule 2: each value's pattern.
 */
function maskText(text: string, values: readonly RegExp[]): string {
  let out = maskPairs(maskJsonStrings(text, values));
  out = maskParts(maskEncoded(out, values).replace(JSON_PROPERTY, maskProperty));
  for (const value of values) out = out.replace(value, REDACTED);
  return out;
}

/** A layer masked as the text it stands for: `written` as it was where nothing in it is a key. */
function maskLayer(written: string, plain: string, values: readonly RegExp[], encode: (text: string) => string) {
  const masked = maskText(plain, values);
  return masked === plain ? written : encode(masked);
}

/** A JSON string (its content as written). */
const JSON_STRING = /"((?:[^"\\]|\\.)*)"/g;

/**
 * Each JSON string with an escape in it, masked as the text it stands for. A string quoted within
 * one is masked again: each level of quoting doubles the backslashes, so there are at most
 * log2(length) levels.
 */
const maskJsonStrings = (text: string, values: readonly RegExp[]) =>
  text.replace(JSON_STRING, (whole, content: string) =>
    content.includes('\\') ? maskLayer(whole, jsonText(content), values, JSON.stringify) : whole,
  );

/** A run of text up to a space or quote: a URL, or a query, as prose quotes it. */
const RUN = /[^\s"'<>]+/g;

/** Each run with an encoded `=` in it (a query quoted percent-encoded, as in another URL's `next=`). */
const maskEncoded = (text: string, values: readonly RegExp[]) =>
  text.replace(RUN, (run) => (/%3d/i.test(run) ? maskLayer(run, decodeComponent(run), values, encodeRun) : run));

const encodeRun = (text: string) => encodeURIComponent(text).replaceAll(encodeURIComponent(REDACTED), REDACTED);

/** Whether a name as written (percent-encoded or not) is read as the key. */
const namesKey = (raw: string) => isKeyName(decodeComponent(raw));

/**
 * A name, wherever one starts: in a query, a body, a URL quoted in prose, or text that quotes one
 * inside another (`echo=apikey=…`, `return.apikey=…`). Names are runs between delimiters, so that
 * each character is read once, whatever the text.
 */
// A run is read from where the last one ended (a delimiter), so it is always a whole name.
const NAME = /[^\s=&?#"'()<>,;[\].:/]+/g;
/** Where a name's brackets end (at its `=`, when it is a field's): `apikey[x]=`. */
const BRACKETS_END = /[\s=&?#"'<>]/g;
/**
 * A value, ending where a URL's would, at a `?` (a URL given unencoded as another's value:
 * `next=http://h/a?apikey=…`), or at an escaped quote (a URL within a JSON string).
 */
const VALUE = /(?:[^&?\s#"'<>\\]|\\(?!["'\\]))*/y;

/** `name=value` with every name read as the key given the value `[redacted]`. */
function maskPairs(text: string): string {
  let out = '';
  let from = 0;
  let bracketsEnd = -1;
  NAME.lastIndex = 0;
  for (let name = NAME.exec(text); name; name = NAME.exec(text)) {
    let equals = NAME.lastIndex;
    if (text[equals] === '[') {
      // The end found for an earlier name holds until the text passes it: read once.
      if (bracketsEnd < equals) {
        BRACKETS_END.lastIndex = equals;
        bracketsEnd = BRACKETS_END.exec(text)?.index ?? text.length;
      }
      equals = bracketsEnd;
    }
    if (text[equals] !== '=' || !namesKey(name[0])) continue;
    VALUE.lastIndex = equals + 1;
    VALUE.exec(text);
    out += `${text.slice(from, equals + 1)}${REDACTED}`;
    from = VALUE.lastIndex;
    NAME.lastIndex = from;
  }
  return out + text.slice(from);
}

/** A JSON property and its value: a string, or any other token up to the next delimiter. */
const JSON_PROPERTY = /"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"|[^\s,}\]]+)/g;

const maskProperty = (whole: string, name: string, colon: string) =>
  namesKey(jsonText(name)) ? `"${name}"${colon}"${REDACTED}"` : whole;

/** A JSON string's content, unescaped (as written where it is not valid JSON). */
function jsonText(content: string): string {
  try {
    return JSON.parse(`"${content}"`);
  } catch {
    return content;
  }
}

/** A part's first Content-Disposition line and its name: quoted or not, or RFC 5987's `name*=utf-8''…`. */
const PART = /^content-disposition:[^\r\n]*?;\s*name\*?=(?:"([^"]*)"|([^;\s]+))/im;

/** Multipart text with the content of every part named as the key masked: each part up to the next boundary. */
const maskParts = (text: string) =>
  text
    .split(/(?=\r\n--)/)
    .map(maskPart)
    .join('');

function maskPart(part: string): string {
  const found = PART.exec(part);
  const head = found ? part.indexOf('\r\n\r\n', found.index) : -1;
  // `"` and line breaks are percent-encoded in a part's name; a `+` is itself.
  const name = (found?.[1] ?? found?.[2] ?? '').replace(/^[\w-]*'[\w-]*'/, '').replace(/\+/g, '%2B');
  return head >= 0 && namesKey(name) ? `${part.slice(0, head + 4)}${REDACTED}` : part;
}

/** Rule 2: a pattern of the key in any mix of the encodings a server may echo it in. */
function anyEncoding(key: string): RegExp {
  let source = '';
  for (const char of key) {
    const code = char.codePointAt(0) as number;
    const forms = [
      char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
      // Percent-escapes of its UTF-8 bytes (once or twice encoded, either case: the `i` flag).
      [...new TextEncoder().encode(char)].map((byte) => `%(?:25)?${hex(byte, 2)}`).join(''),
      // JSON's `\u00e9`, a surrogate pair as each UTF-16 unit.
      char
        .split('')
        .map((unit) => `\\\\u${hex(unit.charCodeAt(0), 4)}`)
        .join(''),
      // HTML character references, as an error page may quote it (`&#39;` is a number already).
      `&#0*${code};`,
      `&#x0*${hex(code, 1)};`,
    ];
    if (char === ' ') forms.push('\\+');
    // JSON's short escapes (`\/` as PHP writes it).
    if ('/\\"'.includes(char)) forms.push(`\\\\\\${char}`);
    if (ENTITIES[char]) forms.push(`&${ENTITIES[char]};`);
    source += `(?:${forms.join('|')})`;
  }
  return new RegExp(source, 'gi');
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

const ENTITIES: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' };
