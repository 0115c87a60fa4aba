// The `Prefer` header (RFC 7240) as `{ name: value }`: `Prefer: code=500, example=rateLimited`
// → `{ code: '500', example: 'rateLimited' }`. Names are lower-cased, values unquoted, a
// preference without a value is `''`, and parameters after `;` are dropped.
export function parsePrefer(header) {
  const prefer = {};
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return prefer;
  for (const part of text.match(/(?:[^,"]+|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const [preference] = part.split(';');
    const equals = preference.indexOf('=');
    const name = (equals < 0 ? preference : preference.slice(0, equals)).trim().toLowerCase();
    if (!name) continue;
    let value = equals < 0 ? '' : preference.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    prefer[name] ??= value;
  }
  return prefer;
}
