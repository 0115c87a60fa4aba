// The fetch that openapi-fetch calls: one timeout per attempt, the caller's AbortSignal, typed
// network errors, and retries where they are safe.
import { AbortedError, HostApiError, NetworkError, redact, TimeoutError } from './errors.js';
import { isRateLimitMessage } from './envelope.js';
import { retryDelay, sleep, type RetryPolicy } from './retry.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  apiKey: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** The operationId a request URL belongs to, for error messages. */
  operationOf(url: string): string;
}

/**
 * GET is idempotent: network failures, timeouts, rate limits and 5xx are retried. A POST may
 * have done its work when it failed, so it is retried only after the rate limit, which the
 * service answers before running the call. A create or cancel is never sent twice.
 */
export function createTransport(options: TransportOptions) {
  const { apiKey, timeoutMs, retry } = options;

  return async function transport(request: Request): Promise<Response> {
    const operation = options.operationOf(request.url);
    const caller = request.signal;
    const idempotent = request.method === 'GET';
    // Read once: each attempt sends the same bytes (the Content-Type keeps any multipart boundary).
    const body = request.body ? await request.arrayBuffer() : null;

    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let bytes: ArrayBuffer;
      try {
        const received = await options.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body,
          redirect: request.redirect,
          signal: AbortSignal.any([caller, timeout]),
        });
        // Read the whole body here, so that a reset or a stall mid-body is a network failure or a
        // timeout of this attempt (and retried where safe), not an error in the caller's parsing.
        bytes = await received.arrayBuffer();
        response = new Response(bytes, received);
      } catch (error) {
        const failure = caller.aborted
          ? new AbortedError(operation)
          : timeout.aborted
            ? new TimeoutError(operation, timeoutMs)
            : new NetworkError(operation, redact(describe(error), apiKey));
        if (failure instanceof AbortedError || !idempotent || attempt >= retry.max) throw failure;
        await pause(operation, retryDelay(retry, attempt, null), caller);
        continue;
      }

      if (response.status >= 500 && attempt < retry.max) {
        const rateLimited = isRateLimitMessage(readMsg(new TextDecoder().decode(bytes)));
        if (idempotent || rateLimited) {
          const delay = retryDelay(retry, attempt, response.headers.get('Retry-After'));
          if (delay !== undefined) {
            await pause(operation, delay, caller);
            continue;
          }
        }
      }
      return response;
    }
  };
}

async function pause(operation: string, ms: number | undefined, signal: AbortSignal): Promise<void> {
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
