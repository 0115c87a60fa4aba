// How an attempt is stopped at its timeout or the caller's abort: the transfer ends and its
// connection is closed, before the answer as in the middle of its body. Through fetch's
// AbortSignal; or, with Node's own fetch, which spends about 10 µs a request on any AbortSignal
// (a tenth of a call on loopback, see packages/benchmarks), through undici's own abort of the
// request.

/** Where undici (and so Node's fetch) keeps its global dispatcher, shared by every copy of undici. */
const UNDICI = Symbol.for('undici.globalDispatcher.1');

/** What undici's dispatchers call back as a request goes; only `onConnect` matters here. */
interface DispatchHandler {
  onConnect?: (abort: () => void) => unknown;
}

/**
 * Makes `init` stoppable and returns what stops it: an AbortController with `viaSignal` or
 * where undici is not loaded (browsers; Node until its fetch is first called). Otherwise a
 * dispatcher of the request's own in front of undici's, which hands it the request's abort
 * (`onConnect`) once the request has a connection; aborting there closes that connection, as an
 * AbortSignal would.
 */
export function stoppable(init: RequestInit & { dispatcher?: object }, viaSignal: boolean): () => void {
  const undici = (globalThis as { [UNDICI]?: { dispatch(...args: unknown[]): boolean } })[UNDICI];
  if (viaSignal || !undici) {
    const controller = new AbortController();
    init.signal = controller.signal;
    return () => controller.abort();
  }
  let stopped = false;
  let abort: (() => void) | undefined;
  init.dispatcher = {
    dispatch(options: unknown, handler: DispatchHandler) {
      const { onConnect } = handler;
      if (onConnect) {
        // fetch's handler takes the abort alone.
        handler.onConnect = (abortRequest) => {
          onConnect.call(handler, abortRequest);
          abort = abortRequest;
          // Stopped before it had a connection.
          if (stopped) abortRequest();
        };
      }
      return undici.dispatch(options, handler);
    },
  };
  return () => {
    stopped = true;
    abort?.();
  };
}
