// What a caller can watch of each attempt: onRequest before it is sent, onResponse once it is
// answered (or has failed), and the `debug` log built on them. Every URL handed out has the key
// redacted, so that a hook that logs cannot leak it.
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

/**
 * The hooks with the `debug` option's line per attempt added, to `console.error` (or the
 * function given). `debug` left out: on when the environment's `DEBUG` names `hostapi` (as the
 * `debug` package reads it: `DEBUG=hostapi`, `DEBUG=*`), in runtimes that have `process.env`.
 */
export function withDebug(
  { onRequest, onResponse }: Hooks,
  debug: boolean | ((line: string) => void) | undefined,
): Hooks {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.DEBUG;
  if (debug === undefined ? !/(^|[\s,])(hostapi|\*)([\s,]|$)/.test(env ?? '') : !debug)
    return { onRequest, onResponse };
  const write = typeof debug === 'function' ? debug : (line: string) => console.error(line);
  return {
    onRequest,
    onResponse: (event) => {
      onResponse?.(event);
      write(
        `hostapi ${event.operation} #${event.attempt} ${event.method} ${event.url} → ${event.error?.kind ?? event.status} (${Math.round(event.durationMs)} ms)`,
      );
    },
  };
}
