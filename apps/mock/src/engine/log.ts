// The one logger of the mock and the proxy. The API key never reaches a log: what a request
// carries is masked by what the mock's reader decodes as the key (any field whose name, once
// percent-decoded, starts with `apikey` in any case: `a%70ikey`, `APIKEY`, `apikey[x]`), in the
// query, a URL-encoded or multipart body and JSON; and every line is masked by the keys' values.
import { decodeComponent, MULTIPART, topName, URL_ENCODED } from '@hostapi/spec/wire';

const MASK = '***';

/** Keys shorter than this are only masked where they are named (`apikey=k`), not everywhere. */
const MIN_SECRET_LENGTH = 6;

/** Whether a field name, as written on the wire, is read as the key (its decoded first segment). */
const namesKey = (rawName: string) => topName(decodeComponent(rawName)).toLowerCase() === 'apikey';

/** A query string or URL-encoded body with the value of every key field masked (`apikey=***`). */
export function maskPairs(text: string): string {
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
export function maskBody(body: Uint8Array, contentType: string, mediaType: string): string | undefined {
  const text = new TextDecoder().decode(body);
  if (mediaType === URL_ENCODED) return maskPairs(text);
  if (mediaType === MULTIPART) {
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
function maskParts(text: string, delimiter: string): string {
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

function maskJson(value: unknown): unknown {
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
export function redact(text: string, secrets: readonly string[] = []): string {
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

export interface Log {
  verbose: boolean;
  /** Written only when verbose. */
  info(line: string, secrets?: readonly string[]): void;
  /** Always written. */
  warn(line: string, secrets?: readonly string[]): void;
  error(line: string, secrets?: readonly string[]): void;
}

/** A logger writing masked lines to `write`: `info` only when verbose, `warn` and `error` always. */
export function createLog({ verbose, write }: { verbose: boolean; write: (line: string) => void }): Log {
  const emit = (line: string, secrets?: readonly string[]) => write(redact(line, secrets));
  return {
    verbose,
    info: (line, secrets) => verbose && emit(line, secrets),
    warn: emit,
    error: emit,
  };
}
