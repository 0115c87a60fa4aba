// What a request prefers (`Prefer: code=500, example=rateLimited`), as `{ name: value }`.
import { parseUrlEncoded } from '@hostapi/spec/wire';

/** Preferences by name. No prototype: a name a request sends (`__proto__`) is a name like any other. */
export type Preferences = Readonly<Record<string, string>>;

/**
 * Query parameters that stand for preferences when a request has no `Prefer` header, as in
 * `prism mock` (`?__example=clientNotFound`, for callers that cannot set headers). They are the
 * mock's, not the API's: never read as fields.
 */
export const PREFERENCE_PARAMETERS: ReadonlyMap<string, string> = new Map(
  ['code', 'example', 'dynamic', 'seed'].map((name) => [`__${name}`, name]),
);

/** The preferences of a request: its `Prefer` header, or without one its `__code`-style query parameters. */
export function preferencesOf(header: string | string[] | undefined, search: string): Preferences {
  if (header) return parsePrefer(header);
  const prefer: Record<string, string> = Object.create(null);
  // Most requests prefer nothing: no parameter can stand for a preference without `__`.
  if (!search.includes('__') && !/%5f/i.test(search)) return prefer;
  for (const [name, value] of parseUrlEncoded(search)) {
    const preference = PREFERENCE_PARAMETERS.get(name);
    if (preference) prefer[preference] ??= value;
  }
  return prefer;
}

/**
 * The `Prefer` header (RFC 7240) as `{ name: value }`: `Prefer: code=500, example=rateLimited`
 * → `{ code: '500', example: 'rateLimited' }`. Names are lower-cased, values unquoted, a
 * preference without a value is `''`, and parameters after `;` are dropped.
 */
export function parsePrefer(header: string | string[]): Preferences {
  const prefer: Record<string, string> = Object.create(null);
  const text = Array.isArray(header) ? header.join(',') : header;
  for (const part of text.match(/(?:[^,"]+|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const preference = part.split(';')[0] ?? '';
    const equals = preference.indexOf('=');
    const name = (equals < 0 ? preference : preference.slice(0, equals)).trim().toLowerCase();
    if (!name) continue;
    let value = equals < 0 ? '' : preference.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1)
      value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    prefer[name] ??= value;
  }
  return prefer;
}
