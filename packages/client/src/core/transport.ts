// Sends one call: a timeout per attempt, the caller's AbortSignal, typed network errors, and
// retries where they are safe. The answer is read whole here, so that a reset or a stall
// mid-body is a failure of this attempt (retried where safe), not an error in the caller's parsing.
import { AbortedError, NetworkError, redact, TimeoutError } from './errors.js';
import { isRateLimitMessage, parse } from './envelope.js';
import { retryDelay, retryPolicy, wholeNumber, type RetryOptions, type RetryPolicy } from './retry.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /**
   * How an attempt times out: by aborting the request (an AbortController per attempt), or by
   * no longer waiting for it (see racing). A caller's AbortSignal always aborts.
   */
  abortOnTimeout: boolean;
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

/** Rejection of an attempt that had no complete answer within its timeout. */
const TIMED_OUT = Symbol('timed out');

/** The answer, read whole: a reset or a stall mid-body fails the attempt, not the caller's parsing. */
async function read(response: Response, url: string): Promise<Received> {
  const { status, statusText, headers } = response;
  return { status, statusText, headers, text: await response.text(), url: response.url || url };
}

/**
 * One attempt: the answer, or a rejection (TIMED_OUT once `timeoutMs` has passed). With `abort`,
 * the request is aborted at the timeout and when the caller's signal fires (one controller and
 * one timer: far cheaper than AbortSignal.any([caller, AbortSignal.timeout()])). Without, the
 * attempt stops waiting instead: Node's fetch (undici) spends about 10 µs a request on any
 * AbortSignal, a tenth of a call on loopback (see packages/benchmarks); the late answer's body
 * is cancelled when it comes, and a request that never answers is closed by undici's timeouts.
 */
function attempt(fetch: typeof globalThis.fetch, url: string, init: RequestInit, timeoutMs: number, caller: AbortSignal | undefined, abort: boolean) {
  return new Promise<Received>((resolve, reject) => {
    const controller = abort ? new AbortController() : undefined;
    const onAbort = () => controller!.abort();
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(TIMED_OUT);
      controller?.abort();
    }, timeoutMs);
    if (controller) {
      init.signal = controller.signal;
      caller?.addEventListener('abort', onAbort);
    }
    fetch(url, init)
      .then((response) => (late ? void response.body?.cancel().catch(() => {}) : read(response, url)))
      .then((received) => received && resolve(received), reject)
      .finally(() => {
        clearTimeout(timer);
        caller?.removeEventListener('abort', onAbort);
      });
  });
}

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
    const timeoutMs = call?.timeoutMs === undefined ? options.timeoutMs : wholeNumber(call.timeoutMs, 1, 'timeoutMs', operation);
    const retry = call?.retries === undefined ? options.retry : retryPolicy(call.retries, operation);
    const abort = !!caller || options.abortOnTimeout;

    for (let tries = 0; ; tries++) {
      if (caller?.aborted) throw new AbortedError(operation);
      let received: Received;
      try {
        const init: RequestInit = { method, body: body ?? null };
        if (headers) init.headers = headers;
        received = await attempt(fetch, url, init, timeoutMs, caller, abort);
      } catch (error) {
        const failure = caller?.aborted
          ? new AbortedError(operation)
          : error === TIMED_OUT
            ? new TimeoutError(operation, timeoutMs)
            : new NetworkError(operation, redact(describe(error), apiKey));
        if (failure instanceof AbortedError || !idempotent || tries >= retry.max) throw failure;
        await pause(operation, retryDelay(retry, tries, null), caller);
        continue;
      }

      if (received.status >= 500 && tries < retry.max) {
        const rateLimited = isRateLimitMessage((parse(received.text) as { msg?: unknown } | undefined)?.msg);
        if (idempotent || rateLimited) {
          const delay = retryDelay(retry, tries, received.headers.get('Retry-After'));
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

/** Waits `ms` before the next attempt; an AbortedError as soon as the caller's signal fires. */
function pause(operation: string, ms: number | undefined, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError(operation));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms ?? 0);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** undici reports "fetch failed" and puts the reason ("connect ECONNREFUSED ...") in `cause`. */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  return cause ? `${message}: ${cause.message ?? cause}` : String(message ?? error);
}
