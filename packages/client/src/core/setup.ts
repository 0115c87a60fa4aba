// What both clients share: checked options, the transport, the headers, and the serializers
// (@hostapi/spec/wire, bundled in) that put the key first.
import { encodeFields, type FormShape, maskKey, toFormData, URL_ENCODED } from '@hostapi/spec/wire';
import { DEFAULT_BASE_URL } from '../generated/operations.js';
import type { Mask } from './errors.js';
import type { Hooks } from './hooks.js';
import { MAX_TIMER_MS, type RetryOptions, retryPolicy, wholeNumber } from './retry.js';
import { createTransport, type Send } from './transport.js';

/** Written in from package.json when the package is built (tsup.config.ts, vitest.config.ts). */
declare const __VERSION__: string;
/** This package's version. */
export const VERSION: string = __VERSION__;

const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
/**
 * `User-Agent: hostapi-client/<version> node/<version>`, where a script may set it: not in
 * browsers, which send their own (and would ask the server's leave first, in a CORS preflight).
 */
export const BASE_HEADERS: Record<string, string> = node
  ? { 'User-Agent': `hostapi-client/${VERSION} node/${node}` }
  : {};
/** A URL-encoded POST's; fetch writes the multipart Content-Type itself, with the boundary. */
export const FORM_HEADERS: Record<string, string> = { ...BASE_HEADERS, 'Content-Type': URL_ENCODED };

/** The headers of a call: `base`, then the caller's own (`headers` of CallOptions). */
export const headersOf = (base: Record<string, string>, own: Record<string, string> | undefined) =>
  own ? { ...base, ...own } : base;

export interface HostApiClientOptions extends Hooks {
  /** Your API key. Sent first in every query and form; never written to an error or a log. */
  apiKey: string;
  /** Default: the description's first server. Without a user name or password (fetch refuses such a URL). */
  baseUrl?: string;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Per attempt, including reading the body, in ms, at most 2 147 483 647 (2³¹−1). Default 30 000. */
  timeoutMs?: number;
  /** The longest answer read, in bytes; a longer one is a ResponseTooLargeError. Default 33 554 432 (32 MiB). */
  maxResponseBytes?: number;
  /** Retries of idempotent calls and of rate-limited ones: a count, or a policy. Default 2. */
  retries?: number | RetryOptions;
  /** Send POST bodies as multipart/form-data instead of URL-encoded. Default false. */
  multipart?: boolean;
}

export interface Setup {
  /** Text with the key masked. */
  mask: Mask;
  baseUrl: string;
  multipart: boolean;
  send: Send;
  /** A GET's query string, the key first. */
  query(input: Record<string, unknown>): string;
  /** A POST's body, the key first, the fields in `shape`'s order. */
  form(input: Record<string, unknown>, shape: FormShape | undefined, multipart: boolean): string | FormData;
}

export function setUp(options: HostApiClientOptions, factory: string): Setup {
  const { apiKey, multipart = false, timeoutMs = 30_000, maxResponseBytes = 32 * 1024 * 1024 } = options ?? {};
  if (typeof apiKey !== 'string' || apiKey === '')
    throw new TypeError(`${factory}: \`apiKey\` must be a non-empty string`);
  wholeNumber(timeoutMs, 1, 'timeoutMs', factory, MAX_TIMER_MS);
  wholeNumber(maxResponseBytes, 1, 'maxResponseBytes', factory);
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const url = URL.canParse(baseUrl) && new URL(baseUrl);
  // Neither message echoes a URL that may carry a password (or the key).
  if (!url)
    throw new TypeError(`${factory}: \`baseUrl\` is not a URL: ${maskKey(baseUrl.replace(/.*@/, '…@'), [apiKey])}`);
  if (url.username || url.password)
    throw new TypeError(`${factory}: \`baseUrl\` has a user name or password (user:password@), which fetch refuses`);
  for (const hook of ['onRequest', 'onResponse'] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== 'function')
      throw new TypeError(`${factory}: \`${hook}\` must be a function`);
  }
  const fetch = options.fetch ?? globalThis.fetch;
  const mask = (text: string) => maskKey(text, [apiKey]);

  // The key goes first, whatever the caller passed as `apikey`: its field is written once, and
  // put before the rest.
  const keyField = encodeFields({ apikey: apiKey });
  const encode = (input: Record<string, unknown>, shape?: FormShape) => {
    const rest = encodeFields(Object.hasOwn(input, 'apikey') ? { ...input, apikey: undefined } : input, shape);
    return rest ? `${keyField}&${rest}` : keyField;
  };

  return {
    mask,
    baseUrl,
    multipart,
    send: createTransport({
      fetch,
      mask,
      timeoutMs,
      maxResponseBytes,
      retry: retryPolicy(options.retries, factory),
      hooks: options,
    }),
    query: encode,
    form: (input, shape, asMultipart) =>
      asMultipart
        ? toFormData(Object.assign({ apikey: apiKey }, input, { apikey: apiKey }), shape)
        : encode(input, shape),
  };
}
