// What a caller can watch of each attempt: onRequest before it is sent, onResponse once it is
// answered (or has failed). Everything handed out (the URL, the answer's headers, the error) has
// the key masked, so that a hook that logs cannot leak it.
import type { HostApiError } from './errors.js';

/** One attempt of a call, as it is sent. */
export interface RequestEvent {
  /** The operationId, e.g. `listServers`. */
  operation: string;
  method: string;
  /** The URL, with the key written `[redacted]` (a POST's key is in its body, which is not shown). */
  url: string;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
}

/** One attempt, once answered (`status`, `headers`), or failed without an answer (`status` 0, `error`). */
export interface ResponseEvent extends RequestEvent {
  status: number;
  /** The answer's headers, the key written `[redacted]` in any value (a header whose name carries it is left out). */
  headers: Headers;
  /** From sending to the whole body read (or the failure), in milliseconds. */
  durationMs: number;
  error?: HostApiError;
}

export interface Hooks {
  /** Called before each attempt is sent. */
  onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when each attempt is answered, or fails without an answer. */
  onResponse?: ((event: ResponseEvent) => void) | undefined;
}
