// The `Prefer` header of a sandbox request (RFC 7240: comma-separated `name=value` preferences,
// parameters after `;` ignored, unknown preferences ignored):
//   code=<status>, example=<name>   answer the description's example instead (as the default mode)
//   latency=<ms>                    delay this answer
//   rate-limit=<n>                  allow this key n requests per second for this request

/** Longest delay a request may ask for. */
export const MAX_LATENCY_MS = 60_000;

export class PreferError extends Error {}

/** `{ code?, example?, latencyMs?, rateLimit? }`; a PreferError names a bad value. */
export function parsePrefer(header) {
  const preferences = {};
  if (!header) return preferences;
  for (const part of splitOutsideQuotes(header, ',')) {
    const [token] = splitOutsideQuotes(part, ';');
    const match = /^\s*([^=\s]+)\s*(?:=\s*(.*?))?\s*$/.exec(token ?? '');
    if (!match) continue;
    const name = match[1].toLowerCase();
    const value = unquote(match[2] ?? '');
    if (name === 'code') preferences.code = integer(name, value, /^[1-5][0-9]{2}$/, 'an HTTP status code');
    else if (name === 'example') {
      if (!value) throw new PreferError('Prefer: example needs the name of an example');
      preferences.example = value;
    } else if (name === 'latency') {
      preferences.latencyMs = integer(name, value, /^[0-9]+$/, 'a whole number of milliseconds');
      if (preferences.latencyMs > MAX_LATENCY_MS) throw new PreferError(`Prefer: latency must be at most ${MAX_LATENCY_MS} ms, got ${value}`);
    } else if (name === 'rate-limit') preferences.rateLimit = integer(name, value, /^[0-9]+$/, 'a whole number of requests per second');
  }
  return preferences;
}

function integer(name, value, pattern, what) {
  if (!pattern.test(value)) throw new PreferError(`Prefer: ${name} must be ${what}, got "${value}"`);
  return Number(value);
}

const unquote = (value) => (/^".*"$/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value);

function splitOutsideQuotes(text, separator) {
  const parts = [''];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (c === separator && !quoted) parts.push('');
    else parts[parts.length - 1] += c;
  }
  return parts;
}
