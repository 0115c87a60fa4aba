// Sends one call: a timeout per attempt, the caller's AbortSignal, typed network errors, and
// retries where they are safe. The answer is read whole here, so that a reset or a stall
// mid-body is a failure of this attempt (retried where safe), not an error in the caller's parsing.
import { AbortedError, NetworkError, redact, RedirectError, TimeoutError } from './errors.js';
import type { Hooks } from './hooks.js';
import { isRateLimitMessage, parse } from './envelope.js';
import { retryDelay, retryPolicy, wholeNumber, type RetryOptions, type RetryPolicy } from './retry.js';
import { stoppable } from './stop.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Whether attempts are stopped through fetch's AbortSignal always, or through undici where it is loaded (see stop.ts). */
  viaSignal: boolean;
  /** Called around each attempt (see hooks.ts). */
  hooks: Hooks;
}

/** What is sent. The body is a string or FormData, which fetch can send again on a retry. */
export interface Outgoing {
  method: string;
  headers?: HeadersInit | undefined;
  body?: string | FormData | ArrayBuffer | null | undefined;
  signal?: AbortSignal | null | undefined;
}

/**
 * What came back: the response (its body read), its body as text (the service answers JSON), and
 * how many attempts it took.
 */
export type Received = [response: Response, text: string, attempts: number];

/** What one call may change of the client's options. */
export interface SendOptions {
  timeoutMs?: number | undefined;
  retries?: number | RetryOptions | undefined;
}

export type Send = (operation: string, url: string, outgoing: Outgoing, options?: SendOptions) => Promise<Received>;

/** The answer, read whole: a reset or a stall mid-body fails the attempt, not the caller's parsing. */
const read = (response: Response) => response.text().then((text) => [response, text] as const);

/**
 * Calls `end` once `ms` have passed or the caller's signal has fired (at once if it had),
 * unless the function it returns is called first.
 */
function deadline(ms: number, caller: AbortSignal | null | undefined, end: () => void): () => void {
  const done = () => {
    clearTimeout(timer);
    caller?.removeEventListener('abort', fire);
  };
  const fire = () => {
    done();
    end();
  };
  const timer = setTimeout(fire, caller?.aborted ? 0 : ms);
  caller?.addEventListener('abort', fire);
  return done;
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
    apiKey,
    hooks: { onRequest, onResponse },
  } = options;

  return async function send(operation, url, { method, headers, body, signal }, call) {
    const idempotent = method === 'GET';
    const timeoutMs =
      call?.timeoutMs === undefined ? options.timeoutMs : wholeNumber(call.timeoutMs, 1, 'timeoutMs', operation);
    const retry = call?.retries === undefined ? options.retry : retryPolicy(call.retries, operation);

    for (let tries = 0; ; tries++) {
      if (signal?.aborted) throw new AbortedError(operation);
      let received: readonly [Response, string] | undefined;
      let failure: TimeoutError | NetworkError | RedirectError | undefined;
      // What the hooks see: the URL without the key (worked out only when there are hooks).
      const event = (onRequest || onResponse) && { operation, method, url: redact(url, apiKey), attempt: tries + 1 };
      if (event) onRequest?.(event);
      const started = event ? performance.now() : 0;
      try {
        // One attempt: stopped, its connection closed, once timeoutMs has passed or the caller's
        // signal has fired (see stop.ts). Redirects come back as they are (see below).
        const init = { method, body, headers, redirect: 'manual' } as RequestInit;
        received = await new Promise<readonly [Response, string]>((resolve, reject) => {
          const halt = stoppable(init, options.viaSignal);
          const done = deadline(timeoutMs, signal, () => {
            reject(new TimeoutError(operation, timeoutMs));
            halt();
          });
          fetch(url, init).then(read).then(resolve, reject).finally(done);
        });
      } catch (error) {
        // Stopped by the caller: the loop's first line throws the AbortedError.
        if (signal?.aborted) continue;
        failure = error instanceof TimeoutError ? error : new NetworkError(operation, redact(describe(error), apiKey));
      }

      let delay: number | undefined;
      if (received) {
        // A redirect (a browser shows it as status 0) is not followed: the key goes to baseUrl only.
        const [{ status, headers }, text] = received;
        const location = status > 299 && status < 400 && headers.get('location');
        if (!status || (location && URL.canParse(location, url)))
          failure = new RedirectError(operation, status, location ? new URL(location, url).origin : '');
        if (event && onResponse)
          onResponse({
            ...event,
            status,
            headers,
            durationMs: performance.now() - started,
            ...(failure && { error: failure }),
          });
        if (failure) throw failure;
        if (status > 499 && (idempotent || isRateLimitMessage((parse(text) as { msg?: unknown } | undefined)?.msg))) {
          delay = retryDelay(retry, tries, headers.get('Retry-After'));
        }
      } else {
        if (event && onResponse)
          onResponse({
            ...event,
            status: 0,
            headers: new Headers(),
            durationMs: performance.now() - started,
            error: failure!,
          });
        if (idempotent) delay = retryDelay(retry, tries, null);
      }
      if (delay === undefined || tries >= retry.max) {
        if (failure) throw failure;
        return [received![0], received![1], tries + 1];
      }
      // The wait before the next attempt, cut short by the caller's signal.
      await new Promise<void>((resolve) => deadline(delay, signal, resolve));
    }
  };
}

/** undici reports "fetch failed" and puts the reason ("connect ECONNREFUSED ...") in `cause`. */
function describe(error: unknown): string {
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown } };
  return cause ? `${message}: ${cause.message ?? cause}` : String(message ?? error);
}
