// Sends one call: a timeout per attempt, the caller's AbortSignal, typed network errors, and
// retries where they are safe. The answer is read whole here, so that a reset or a stall
// mid-body is a failure of this attempt (retried where safe), not an error in the caller's parsing.
import { AbortedError, HostApiError, NetworkError, redact, TimeoutError } from './errors.js';
import { isRateLimitMessage } from './envelope.js';
import { retryDelay, retryPolicy, sleep, type RetryOptions, type RetryPolicy } from './retry.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
}

/** What is sent. The body is a string or FormData, which fetch can send again on a retry. */
export interface Outgoing {
  method: string;
  headers?: HeadersInit | undefined;
  body?: string | FormData | ArrayBuffer | null | undefined;
  signal?: AbortSignal | null | undefined;
}

/** What came back, with the body read as text (the service answers JSON). */
export interface Received {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /** The URL that answered (after any redirect). */
  url: string;
}

/** What one call may change of the client's options. */
export interface SendOptions {
  timeoutMs?: number | undefined;
  retries?: number | RetryOptions | undefined;
}

export type Send = (operation: string, url: string, outgoing: Outgoing, options?: SendOptions) => Promise<Received>;

/**
 * GET is idempotent: network failures, timeouts, rate limits and 5xx are retried. A POST may
 * have done its work when it failed, so it is retried only after the rate limit, which the
 * service answers before running the call. A create or cancel is never sent twice.
 */
export function createTransport(options: TransportOptions): Send {
  // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as a
  // method of anything but window.
  const { fetch, apiKey } = options;

  return async function send(operation, url, { method, headers, body, signal }, call) {
    const caller = signal ?? undefined;
    const idempotent = method === 'GET';
    const timeoutMs = call?.timeoutMs === undefined ? options.timeoutMs : checkedTimeout(call.timeoutMs, operation);
    const retry = call?.retries === undefined ? options.retry : retryPolicy(call.retries, operation);

    for (let attempt = 0; ; attempt++) {
      if (caller?.aborted) throw new AbortedError(operation);
      // One controller and one timer per attempt: far cheaper per call than
      // AbortSignal.any([caller, AbortSignal.timeout()]), which costs ~40 µs in Node 20.
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onAbort = () => controller.abort();
      caller?.addEventListener('abort', onAbort);
      let received: Received;
      try {
        const init: RequestInit = { method, body: body ?? null, signal: controller.signal };
        if (headers) init.headers = headers;
        const response = await fetch(url, init);
        const { status, statusText } = response;
        received = { status, statusText, headers: response.headers, text: await response.text(), url: response.url || url };
      } catch (error) {
        const failure = caller?.aborted
          ? new AbortedError(operation)
          : timedOut
            ? new TimeoutError(operation, timeoutMs)
            : new NetworkError(operation, redact(describe(error), apiKey));
        if (failure instanceof AbortedError || !idempotent || attempt >= retry.max) throw failure;
        await pause(operation, retryDelay(retry, attempt, null), caller);
        continue;
      } finally {
        clearTimeout(timer);
        caller?.removeEventListener('abort', onAbort);
      }

      if (received.status >= 500 && attempt < retry.max) {
        const rateLimited = isRateLimitMessage(readMsg(received.text));
        if (idempotent || rateLimited) {
          const delay = retryDelay(retry, attempt, received.headers.get('Retry-After'));
          if (delay !== undefined) {
            await pause(operation, delay, caller);
            continue;
          }
        }
      }
      return received;
    }
  };
}

/** A timeout in ms: a whole number above 0 (else a RangeError naming `who`). */
export function checkedTimeout(ms: unknown, who: string): number {
  if (!Number.isInteger(ms) || (ms as number) <= 0) throw new RangeError(`${who}: \`timeoutMs\` must be a whole number > 0, got ${ms}`);
  return ms as number;
}

async function pause(operation: string, ms: number | undefined, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms ?? 0, signal);
  } catch {
    throw new AbortedError(operation);
  }
}

function readMsg(text: string): unknown {
  try {
    return JSON.parse(text)?.msg;
  } catch {
    return undefined;
  }
}

/** undici reports "fetch failed" and puts the reason (ECONNREFUSED ...) in `cause`. */
function describe(error: unknown): string {
  if (error instanceof HostApiError) return error.message;
  const parts: string[] = [];
  for (let e: any = error; e && parts.length < 3; e = e.cause) {
    parts.push(e.code ? `${e.message} (${e.code})` : String(e.message ?? e));
  }
  return parts.join(': ');
}
