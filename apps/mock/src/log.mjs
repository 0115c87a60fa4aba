// The one logger of the mock and the proxy. The API key never reaches a log: what a request
// carries is masked by what the mock's reader decodes as the key (any field whose name, once
// percent-decoded, starts with `apikey` in any case: `a%70ikey`, `APIKEY`, `apikey[x]`), in the
// query, a URL-encoded or multipart body and JSON; and every line is masked by the keys' values.

const MASK = '***';

/** Keys shorter than this are only masked where they are named (`apikey=k`), not everywhere. */
const MIN_SECRET_LENGTH = 6;

/** Whether a field name, as written on the wire, is read as the key (its decoded first segment). */
function namesKey(rawName) {
  const name = decodeFormText(rawName);
  const open = name.indexOf('[');
  return (open < 0 ? name : name.slice(0, open)).toLowerCase() === 'apikey';
}

/** Percent-decoding as URLSearchParams does it (`+` is a space, a broken escape is kept as is). */
function decodeFormText(text) {
  const plus = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** A query string or URL-encoded body with the value of every key field masked (`apikey=***`). */
export function maskPairs(text) {
  return text
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return namesKey(name) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/**
 * A request body as text to log, every key field masked: URL-encoded as maskPairs, multipart
 * part by part (by each part's decoded name), JSON by property name at any depth. Undefined for
 * a body that is none of these readably (it is then not shown, only its size).
 */
export function maskBody(body, contentType, mediaType) {
  const text = body.toString('utf8');
  if (mediaType === 'application/x-www-form-urlencoded') return maskPairs(text);
  if (mediaType === 'multipart/form-data') {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    return boundary ? maskParts(text, `--${boundary[1] ?? boundary[2]}`) : undefined;
  }
  if (/json/.test(mediaType)) {
    try {
      return JSON.stringify(maskJson(JSON.parse(text)));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A multipart body with the content of every key part masked. */
function maskParts(text, delimiter) {
  return text
    .split(delimiter)
    .map((part) => {
      const head = part.indexOf('\r\n\r\n');
      const given = /\bname\*?=(?:"([^"]*)"|([^;\s]+))/i.exec(head < 0 ? part : part.slice(0, head));
      // Quoted or not, or RFC 5987's `name*=utf-8''…`; `"` and line breaks are percent-encoded.
      const name = (given?.[1] ?? given?.[2])?.replace(/^[\w-]*'[\w-]*'/, '');
      if (head < 0 || name === undefined || !namesKey(name.replace(/\+/g, '%2B'))) return part;
      const end = part.endsWith('\r\n') ? '\r\n' : '';
      return `${part.slice(0, head + 4)}${MASK}${end}`;
    })
    .join(delimiter);
}

function maskJson(value) {
  if (Array.isArray(value)) return value.map(maskJson);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, namesKey(encodeURIComponent(name)) ? MASK : maskJson(item)]),
  );
}

/**
 * Any line of text with the keys masked: every `name=value` whose decoded name is the key, and
 * each of `secrets` (the request's keys as the reader decoded them), raw or percent-encoded,
 * wherever it appears.
 */
export function redact(text, secrets = []) {
  let out = String(text).replace(/(^|[?&\s"'(])([^\s=&?#"'()]+)=([^&\s#"']*)/g, (whole, before, name) =>
    namesKey(name) ? `${before}${name}=${MASK}` : whole,
  );
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ k: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      out = out.split(form).join(MASK);
    }
  }
  return out;
}

/**
 * A logger writing lines to `write` (stdout by default): `info` only when verbose, `warn` and
 * `error` always. Each call takes the line and the secrets to mask in it.
 */
export function createLog({ verbose = false, write = (line) => process.stdout.write(`${line}\n`), prefix = '' } = {}) {
  const emit = (line, secrets) => write(redact(`${prefix}${line}`, secrets));
  return {
    verbose,
    info: (line, secrets) => verbose && emit(line, secrets),
    warn: (line, secrets) => emit(line, secrets),
    error: (line, secrets) => emit(line, secrets),
  };
}
