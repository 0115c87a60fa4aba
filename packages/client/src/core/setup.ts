// What both clients share: checked options, the transport, and the serializers that put the key
// first.
import { DEFAULT_BASE_URL } from '../generated/operations.js';
import { withDebug, type Hooks } from './hooks.js';
import { retryPolicy, wholeNumber, type RetryOptions } from './retry.js';
import { encodeFields, toFormData, type FormShape } from './serialize.js';
import { createTransport, type Send } from './transport.js';

export interface HostApiClientOptions extends Hooks {
  /** Your API key. Sent first in every query and form; never written to an error or a log. */
  apiKey: string;
  /** Default: the description's first server. */
  baseUrl?: string;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Per attempt. Default 30 000. */
  timeoutMs?: number;
  /** Retries of idempotent calls and of rate-limited ones: a count, or a policy. Default 2. */
  retries?: number | RetryOptions;
  /** Send POST bodies as multipart/form-data instead of URL-encoded. Default false. */
  multipart?: boolean;
  /**
   * Print a line for each attempt (operation, attempt, method, URL with the key redacted,
   * status, time) to `console.error`, or to the function given. Default: on when the
   * environment's `DEBUG` names `hostapi`.
   */
  debug?: boolean | ((line: string) => void);
}

export interface Setup {
  apiKey: string;
  baseUrl: string;
  multipart: boolean;
  send: Send;
  serializeQuery(query: Record<string, unknown>): string;
  serializeBody(body: Record<string, unknown>, shape: FormShape | undefined, multipart: boolean): string | FormData;
}

export const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded' };

export function setUp(options: HostApiClientOptions, factory: string): Setup {
  const { apiKey, multipart = false, timeoutMs = 30_000 } = options ?? {};
  if (typeof apiKey !== 'string' || apiKey === '')
    throw new TypeError(`${factory}: \`apiKey\` must be a non-empty string`);
  wholeNumber(timeoutMs, 1, 'timeoutMs', factory);
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new TypeError(`${factory}: \`baseUrl\` is not a URL: ${baseUrl}`);
  for (const hook of ['onRequest', 'onResponse'] as const) {
    if (options[hook] !== undefined && typeof options[hook] !== 'function')
      throw new TypeError(`${factory}: \`${hook}\` must be a function`);
  }
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== 'function') throw new TypeError(`${factory}: no \`fetch\` given and none in this runtime`);

  // The key goes first, whatever the caller passed as `apikey`. (One spread: a rest pattern
  // `{ apikey, ...rest }` costs several µs a call in V8.)
  const fieldsOf = (input: Record<string, unknown>) =>
    Object.hasOwn(input, 'apikey')
      ? Object.assign({ apikey: apiKey }, input, { apikey: apiKey })
      : { apikey: apiKey, ...input };

  return {
    apiKey,
    baseUrl,
    multipart,
    send: createTransport({
      fetch,
      apiKey,
      timeoutMs,
      retry: retryPolicy(options.retries, factory),
      viaSignal: !!options.fetch,
      hooks: withDebug(options, options.debug),
    }),
    serializeQuery: (query) => encodeFields(fieldsOf(query)),
    serializeBody: (body, shape, asMultipart) =>
      asMultipart ? toFormData(fieldsOf(body), shape) : encodeFields(fieldsOf(body), shape),
  };
}
