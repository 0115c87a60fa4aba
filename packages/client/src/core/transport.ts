// Sends one call: a timeout per attempt, the caller's AbortSignal, a bound on the answer's size,
// typed network errors, and retries where they are safe. The answer is read whole here, so that a
// reset or a stall mid-body is a failure of this attempt (retried where safe), not an error in the
// caller's parsing. What the hooks and errors are given of the answer (its URL, headers, a
// network failure's reason, a redirect's origin) goes through the one key mask first.
import {
  AbortedError,
  HostApiError,
  type Mask,
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
} from './errors.js';
import type { Hooks } from './hooks.js';
import { isRateLimitMessage, parse } from './envelope.js';
import { MAX_TIMER_MS, type RetryOptions, type RetryPolicy, retryDelay, retryPolicy, wholeNumber } from './retry.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  /** The client's key masked in text (what the hooks and errors are given passes through it). */
  mask: Mask;
  timeoutMs: number;
  maxResponseBytes: number;
  retry: RetryPolicy;
  /** Called around each attempt (see hooks.ts). */
  hooks: Hooks;
}

/** What is sent. The body is a string or FormData, which fetch can send again on a retry. */
export interface Outgoing {
  method: string;
  headers: HeadersInit;
  body?: string | FormData | ArrayBuffer | null;
}

/** What came back: the response (its body read), its body as text, and how many attempts it took. */
export interface Received {
  response: Response;
  text: string;
  attempts: number;
}

/** What one call may change of the client's options. */
export interface SendOptions {
  signal?: Signal;
  timeoutMs?: number | undefined;
  retries?: number | RetryOptions | undefined;
}

export type Send = (operation: string, url: string, outgoing: Outgoing, options?: SendOptions) => Promise<Received>;

type Signal = AbortSignal | null | undefined;

/** Resolves once `ms` have passed or the caller's signal has fired. */
function wait(ms: number, caller: Signal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, caller?.aborted ? 0 : ms);
    caller?.addEventListener('abort', done);
  });
}

/**
 * The body as text, read as it comes and given up as soon as it is longer than `limit` bytes:
 * no more than `limit` bytes are ever held, and cancelling the body stops the transfer.
 */
async function readText(response: Response, limit: number, operation: string): Promise<string> {
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
    length += chunk.value.byteLength;
    if (length > limit) {
      reader!.cancel().catch(() => {});
      throw new ResponseTooLargeError(operation, response.status, limit);
    }
    chunks.push(chunk.value);
  }
  if (chunks.length === 1) return UTF8.decode(chunks[0]);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return UTF8.decode(bytes);
}

/** Decodes whole bodies (never a stream), so that one decoder serves every call. */
const UTF8 = new TextDecoder();

/** A redirect (a browser shows it as status 0) is not followed: the key goes to baseUrl only. */
function redirectOf(operation: string, { status, headers }: Response, url: string, mask: Mask) {
  const location = status > 299 && status < 400 && headers.get('location');
  if (!status || (location && URL.canParse(location, url)))
    return new RedirectError(operation, status, location ? mask(new URL(location, url).origin) : '');
  return undefined;
}

/** The answer's headers for the hooks, without the key (a server may echo the request in any of them). */
function maskedHeaders(headers: Headers, mask: Mask): Headers {
  const masked = new Headers();
  headers.forEach((value, name) => {
    // A name that carries the key is left out: a masked name is not a header name.
    if (mask(name) === name) masked.append(name, mask(value));
  });
  return masked;
}

/**
 * GET is idempotent: network failures, timeouts, rate limits and 5xx are retried. A POST may
 * have done its work when it failed, so it is retried only after the rate limit, which the
 * service answers before running the call: a create or cancel is never sent twice, except
 * after the rate-limit answer.
 */
export function createTransport(options: TransportOptions): Send {
  // Called as a plain function: a browser's fetch throws "Illegal invocation" when called as a
  // method of anything but window.
  const {
    fetch,
    mask,
    maxResponseBytes,
    hooks: { onRequest, onResponse },
  } = options;

  /**
   * One attempt: the answer and its body, read whole. Stopped, its connection closed, once
   * `timeoutMs` has passed or the caller's signal has fired, through the AbortSignal fetch is
   * given (as every platform's fetch heeds it). Redirects come back as they are (see redirectOf).
   */
  async function attempt(operation: string, url: string, outgoing: Outgoing, timeoutMs: number, caller?: Signal) {
    const controller = new AbortController();
    const stop = () => controller.abort();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    caller?.addEventListener('abort', stop);
    try {
      const { method, headers, body = null } = outgoing;
      const response = await fetch(url, { method, headers, body, redirect: 'manual', signal: controller.signal });
      return { response, text: await readText(response, maxResponseBytes, operation) };
    } catch (error) {
      throw timedOut ? new TimeoutError(operation, timeoutMs) : error;
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', stop);
    }
  }

  return async function send(operation, url, outgoing, call = {}) {
    const { signal } = call;
    const { method } = outgoing;
    const idempotent = method === 'GET';
    const timeoutMs =
      call.timeoutMs === undefined
        ? options.timeoutMs
        : wholeNumber(call.timeoutMs, 1, 'timeoutMs', operation, MAX_TIMER_MS);
    const retry = call.retries === undefined ? options.retry : retryPolicy(call.retries, operation);

    for (let tries = 0; ; tries++) {
      if (signal?.aborted) throw new AbortedError(operation);
      // What the hooks see: the URL without the key (worked out only when there are hooks).
      const event = (onRequest || onResponse) && {
        operation,
        method,
        url: mask(url),
        attempt: tries + 1,
      };
      if (event) onRequest?.(event);
      const started = event ? performance.now() : 0;
      let answer: { response: Response; text: string } | undefined;
      let failure: HostApiError | undefined;
      try {
        answer = await attempt(operation, url, outgoing, timeoutMs, signal);
        failure = redirectOf(operation, answer.response, url, mask);
      } catch (error) {
        // Stopped by the caller: the loop's first line throws the AbortedError.
        if (signal?.aborted) continue;
        failure = error instanceof HostApiError ? error : new NetworkError(operation, mask(describe(error)));
      }
      const response = answer?.response;
      if (event && onResponse)
        onResponse({
          ...event,
          status: response?.status ?? failure?.status ?? 0,
          headers: response ? maskedHeaders(response.headers, mask) : new Headers(),
          durationMs: performance.now() - started,
          ...(failure && { error: failure }),
        });

      // Sent again: a GET after no answer or a 5xx; any call after the rate-limit answer.
      const again = response
        ? !failure &&
          response.status > 499 &&
          (idempotent || isRateLimitMessage((parse(answer!.text) as { msg?: unknown } | null | undefined)?.msg))
        : idempotent && (failure instanceof NetworkError || failure instanceof TimeoutError);
      const delay =
        again && tries < retry.max ? retryDelay(retry, tries, response?.headers.get('retry-after')) : undefined;
      if (delay === undefined) {
        if (failure) throw failure;
        return { response: response!, text: answer!.text, attempts: tries + 1 };
      }
      // The wait before the next attempt, cut short by the caller's signal.
      await wait(delay, signal);
    }
  };
}

/** What fetch threw, as text: undici says "fetch failed" and puts the reason in `cause`. */
function describe(error: unknown): string {
  const { message } = Object(Object(error).cause ?? error);
  return typeof message === 'string' ? message : 'unknown reason';
}
