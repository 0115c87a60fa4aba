// The one logger of the mock and the proxy. Every line passes through redact(): the API key
// never reaches a log, whether in a query string, a URL-encoded or multipart body, JSON, or
// anywhere else the request's own key appears.

const MASK = '***';

/** Keys shorter than this are only masked where they are named (`apikey=k`), not everywhere. */
const MIN_SECRET_LENGTH = 6;

/**
 * The text with every `apikey` value written as `***`: `apikey=…` in query strings and
 * URL-encoded bodies (the name percent-encoded too), the `apikey` part of a multipart body,
 * `"apikey": "…"` in JSON, and each of `secrets` (the request's keys, raw or percent-encoded)
 * wherever it appears.
 */
export function redact(text, secrets = []) {
  let out = String(text)
    .replace(/((?:^|[?&\s"'])(?:apikey|api%6Bey|%61pikey)=)[^&\s"'#]*/gi, `$1${MASK}`)
    .replace(/(name="?apikey"?[^\r\n]*(?:\r?\n[^\r\n]+)*\r?\n\r?\n)[^\r\n]*/gi, `$1${MASK}`)
    .replace(/("apikey"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${MASK}"`);
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)])) {
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

/** A logger that writes nothing. */
export const silentLog = createLog({ write: () => {} });
