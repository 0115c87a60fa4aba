// Fields → values: what a server reads.
import { mediaTypeOf, URL_ENCODED } from './media.ts';
import type { Pair } from './encode.ts';
import { wireName } from './names.ts';

/**
 * The `[name, value]` pairs of URL-encoded text (a query string without `?`, or a form body), in
 * order, as URLSearchParams reads them (`+` is a space, a broken escape stays as written, bytes
 * that are not UTF-8 become U+FFFD); empty pieces (a trailing `&`) are nothing.
 */
export function parseUrlEncoded(text: string): Pair[] {
  const pairs: Pair[] = [];
  // By indexOf, not split: servers read every query and form this way.
  for (let start = 0; start < text.length; ) {
    const amp = text.indexOf('&', start);
    const end = amp < 0 ? text.length : amp;
    const piece = text.slice(start, end);
    start = end + 1;
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
    // A broken escape or bytes that are not UTF-8: the platform's own reading of a form field.
    return new URLSearchParams(`v=${spaced.replace(/&/g, '%26')}`).get('v') as string;
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
