// One table of the ways text a face shows may carry the API key: every spelling of its field's
// name in every place a server may quote it, and its bare value in every encoding a server may
// echo it in. Each face (the mock's and the proxy's logs, the console, the client's errors and
// hooks, the MCP server, the CLI) runs its own test over this table; the detector below decodes
// on its own, sharing nothing with the mask it checks.

/** A key long enough to be a secret, with characters every encoding writes differently. */
export const SECRET = 'k3y/Secr+t &=é€😀"q\\';

/** A short key: masked where it is named, not everywhere (it would mangle ordinary text). */
export const SHORT = 'Kq7';

/** Names the service (and the mock) read as the key's field, as written on the wire. */
export const KEY_NAMES = ['apikey', 'APIKEY', 'ApiKey', 'a%70ikey', '%61pikey', 'apikey[x]', 'apikey%5Bx%5D'];

const form = (text) => new URLSearchParams({ k: text }).toString().slice(2);
const lowerHex = (text) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase());
const jsonEscaped = (text) => JSON.stringify(text).slice(1, -1);
const phpJson = (text) => jsonEscaped(text).replace(/\//g, '\\/');
const asciiJson = (text) =>
  jsonEscaped(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const html = (text) => [...text].map((c) => (/[\w]/.test(c) ? c : `&#${c.codePointAt(0)};`)).join('');

/** The encodings of a bare value, by name. */
export const ENCODINGS = {
  raw: (text) => text,
  percent: encodeURIComponent,
  'percent, lowercase hex': lowerHex,
  'form (+ for space)': form,
  'percent twice': (text) => encodeURIComponent(encodeURIComponent(text)),
  'JSON string': jsonEscaped,
  'JSON with \\/ (PHP)': phpJson,
  'JSON, ASCII only': asciiJson,
  'HTML references': html,
};

/**
 * Texts that carry `key`, each `{ place, text }`: its field by every name in a query, a URL in
 * prose, a URL-encoded body, a multipart part and a JSON property; and, for a long key, its bare
 * value in every encoding.
 */
export function keyPlaces(key) {
  const places = [];
  for (const name of KEY_NAMES) {
    const value = encodeURIComponent(key);
    places.push(
      { place: `query, ${name}`, text: `${name}=${value}&client_id=293` },
      { place: `query after another field, ${name}`, text: `client_id=293&${name}=${value}` },
      { place: `URL in prose, ${name}`, text: `GET http://127.0.0.1:4010/1.3/a.json?${name}=${value} failed` },
      { place: `URL in JSON with \\/, ${name}`, text: `{"url":"http:\\/\\/h\\/1.3\\/a.json?${name}=${value}"}` },
      {
        place: `URL percent-encoded in another's query, ${name}`,
        text: `GET /login?next=${encodeURIComponent(`http://h/1.3/a.json?${name}=${value}`)} failed`,
      },
      {
        place: `multipart, ${name}`,
        text: `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${key}\r\n--b--\r\n`,
      },
      {
        place: `multipart, unquoted, ${name}`,
        text: `--b\r\nContent-Disposition: form-data; name=${name}\r\n\r\n${key}\r\n--b--\r\n`,
      },
      {
        place: `multipart, RFC 5987, ${name}`,
        text: `--b\r\nContent-Disposition: form-data; name*=utf-8''${name}\r\n\r\n${key}\r\n--b--\r\n`,
      },
    );
    const decoded = decodeURIComponent(name);
    places.push({ place: `JSON property, ${name}`, text: JSON.stringify({ [decoded]: key, label: 'x' }) });
  }
  places.push({ place: 'JSON property, escaped name', text: `{"\\u0061pikey":${JSON.stringify(key)}}` });
  if (key.length >= 6) {
    for (const [encoding, encode] of Object.entries(ENCODINGS)) {
      places.push({ place: `bare, ${encoding}`, text: `Invalid API key ${encode(key)}.` });
    }
  }
  return places;
}

/** Whether `text` carries `key` in any encoding of the table (the check each face's test makes). */
export function carriesKey(text, key) {
  if (key.length < 6) return text.includes(key);
  const forms = Object.values(ENCODINGS).map((encode) => encode(key));
  // Its field, named: any spelling, with any value but the mask.
  const named = /(?:^|[?&\s"'(;])(?:apikey|a%70ikey|%61pikey)(?:\[[^\]=]*\]|%5Bx%5D)?=(?!\[redacted\])[^&\s"]/i;
  return forms.some((f) => text.includes(f)) || named.test(text);
}
