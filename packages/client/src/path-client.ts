// createPathClient: openapi-fetch's typed client for the description's paths, with the same wire
// format, transport, errors and retries as the operation methods. A separate factory, so that
// an application using only the operation methods does not bundle openapi-fetch.
import * as openapiFetch from 'openapi-fetch';
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import { redact } from './core/errors.js';
import { FORM_HEADERS, setUp, type HostApiClientOptions } from './core/setup.js';
import type { FormShape } from './core/serialize.js';
import type { SendOptions } from './core/transport.js';
import type { ClientPaths } from './generated/api.js';
import { OPERATIONS } from './generated/operations.js';
import type { RetryOptions } from './core/retry.js';
import type { OperationId } from './types.js';

/** Per-call options of the path client beside openapi-fetch's own (`headers`, `signal`, ...). */
export interface PathCallOptions {
  /** Milliseconds per attempt, including reading the body. Default: the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /**
   * Retries of this call: a count, or a policy. Default: the client's `retries`. (`& object`:
   * openapi-fetch infers the whole init, and a string would otherwise pass as the all-optional
   * RetryOptions.)
   */
  retries?: number | (RetryOptions & object) | undefined;
  /** Send this POST as multipart/form-data. Default: the client's `multipart`. */
  multipart?: boolean | undefined;
}

type PathsWith<Method extends string> = {
  [P in keyof ClientPaths]: ClientPaths[P] extends Record<Method, {}> ? P : never;
}[keyof ClientPaths];
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's init parameter (optional when nothing in it is required), with PathCallOptions. */
type InitParam<Init> =
  RequiredKeys<Init> extends never
    ? [(Init & PathCallOptions & { [key: string]: unknown })?]
    : [Init & PathCallOptions & { [key: string]: unknown }];
type PathMethod<Method extends 'get' | 'post'> = <
  Path extends PathsWith<Method>,
  Init extends MaybeOptionalInit<ClientPaths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Extract<ClientPaths[Path][Method], Record<string, unknown>>, Init, `${string}/${string}`>>;

/**
 * `paths.GET('/1.3/server/list_servers.json', { params: { query } })`, `paths.POST(path, { body })`:
 * openapi-fetch's `{ data, error, response }`.
 */
export interface PathClient {
  /** A GET of the description's paths, with its query typed; `timeoutMs` and `retries` for this call. */
  GET: PathMethod<'get'>;
  /** A POST of the description's paths, with its form typed; `timeoutMs`, `retries` and `multipart` for this call. */
  POST: PathMethod<'post'>;
}

/**
 * openapi-fetch's createClient. Its CommonJS build sets `exports.default` without `__esModule`,
 * so this package's CommonJS build finds it one level down; ESM finds it at `default`. (Looked up
 * when called: a lookup at the top of the module would keep openapi-fetch in the bundles of
 * applications that use only the operation methods.)
 */
const createClient: typeof openapiFetch.default = (options) =>
  ((openapiFetch.default as unknown as { default?: typeof openapiFetch.default }).default ?? openapiFetch.default)(
    options,
  );

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = [101, 204, 205, 304];

type PathInit = PathCallOptions & { headers?: Record<string, string> } & Record<string, unknown>;

export function createPathClient(options: HostApiClientOptions): PathClient {
  const { apiKey, baseUrl, multipart, send, serializeQuery, serializeBody } = setUp(options, 'createPathClient');
  const byPath = new Map<string, [OperationId, FormShape | undefined]>(
    Object.entries(OPERATIONS).map(([id, op]) => [op.path, [id as OperationId, 'form' in op ? op.form : undefined]]),
  );
  /** The operationId a URL belongs to, for error messages. */
  const operationOf = (url: string) => {
    const path = url.slice(baseUrl.length).split('?')[0]!;
    return byPath.get(path)?.[0] ?? path;
  };

  // openapi-fetch builds the Request and parses the answer; the transport sends it. The
  // Response carries the URL it came from (without the key), as fetch's own would: redirects
  // are not followed, so it is the request's.
  const fetchWith = (call?: SendOptions) => async (request: Request) => {
    const body = request.body ? await request.arrayBuffer() : null;
    const [answer, text] = await send(
      operationOf(request.url),
      request.url,
      { method: request.method, headers: request.headers, body, signal: request.signal },
      call,
    );
    const response = new Response(NULL_BODY_STATUSES.includes(answer.status) ? null : text, answer);
    Object.defineProperty(response, 'url', { value: redact(request.url, apiKey) });
    return response;
  };
  const base = createClient<ClientPaths>({ baseUrl, fetch: fetchWith() });

  /** openapi-fetch's init for a call: our options taken out, a fetch of its own when the call needs one. */
  const initOf = (init: PathInit, extra: Record<string, unknown>) => {
    const { timeoutMs, retries, multipart: _multipart, ...rest } = init;
    return {
      ...rest,
      ...extra,
      ...(timeoutMs !== undefined || retries !== undefined ? { fetch: fetchWith({ timeoutMs, retries }) } : {}),
    } as never;
  };
  return {
    GET: ((path: string, init: PathInit = {}) =>
      base.GET(path as never, initOf(init, { querySerializer: serializeQuery }))) as PathClient['GET'],
    POST: ((path: string, init: PathInit = {}) => {
      const asMultipart = init.multipart ?? multipart;
      return base.POST(
        path as never,
        initOf(init, {
          bodySerializer: (body: Record<string, unknown>) => serializeBody(body, byPath.get(path)?.[1], asMultipart),
          // fetch writes the multipart Content-Type itself, with the boundary.
          headers: asMultipart ? init.headers : { ...FORM_HEADERS, ...init.headers },
        }),
      );
    }) as PathClient['POST'],
  };
}
