// @hostapi/client/paths: createPathClient, openapi-fetch's typed client for the description's
// paths, with the operation methods' wire format, transport, errors and retries; and
// readEnvelope, which reads an answer as the operation methods do. A subpath of its own, so that
// an application using only the operation methods does not bundle openapi-fetch.
import { type FormShape, maskKey, URL_ENCODED } from '@hostapi/spec/wire';
import type { operations } from '@hostapi/types';
import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { readAnswer } from './core/envelope.js';
import { excerpt, HostApiError, HttpError, InvalidResponseError } from './core/errors.js';
import type { RetryOptions } from './core/retry.js';
import { BASE_HEADERS, type HostApiClientOptions, setUp } from './core/setup.js';
import { OPERATIONS } from './generated/operations.js';
import type { ClientPaths } from './generated/paths.js';
import type { OperationId } from './types.js';

/**
 * Reads an answer as the operation methods do (see readAnswer): its result, or the typed error,
 * with `apiKey` masked in whatever the error quotes.
 */
export const readEnvelope = (operation: string, status: number, text: string, apiKey: string): unknown =>
  readAnswer(operation, status, text, (said) => maskKey(said, [apiKey]));

export type { ClientPaths } from './generated/paths.js';

/** Per-call options of the path client beside openapi-fetch's own (`headers`, `signal`, ...). */
export interface PathCallOptions {
  /** Milliseconds per attempt, including reading the body, at most 2³¹−1. Default: the client's `timeoutMs`. */
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

/** A GET of the path client: the description's operation, with the client's input as its query. */
export type PathGet<Id extends OperationId, Input> = Omit<operations[Id], 'parameters'> & {
  parameters: ({} extends Input ? { query?: Input } : { query: Input }) & {
    header?: never;
    path?: never;
    cookie?: never;
  };
};

/** A POST of the path client: the description's operation, with the client's input as both form bodies. */
export type PathPost<Id extends OperationId, Input> = Omit<operations[Id], 'requestBody'> & {
  requestBody: { content: { 'application/x-www-form-urlencoded': Input; 'multipart/form-data': Input } };
};

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = [101, 204, 205, 304];

type PathInit = PathCallOptions & { headers?: Record<string, string> } & Record<string, unknown>;

export function createPathClient(options: HostApiClientOptions): PathClient {
  const { mask, baseUrl, multipart, send, query, form } = setUp(options, 'createPathClient');
  const byPath = new Map<string, { id: string; form?: FormShape }>(
    Object.entries(OPERATIONS).map(([id, op]) => [op.path, { id, ...('form' in op && { form: op.form }) }]),
  );
  const base = createClient<ClientPaths>({ baseUrl, headers: BASE_HEADERS });

  /**
   * openapi-fetch builds the Request and parses the answer; the transport sends it. The Response
   * carries the URL it came from, without the key, as fetch's own would: redirects are not
   * followed, so it is the request's.
   */
  async function call(method: 'get' | 'post', path: string, init: PathInit = {}) {
    const { timeoutMs, retries, multipart: asMultipart = multipart, ...rest } = init;
    const operation = byPath.get(path)?.id ?? path;
    let answered: { response: Response; text: string } | undefined;
    const fetch = async (request: Request) => {
      const body = request.body ? await request.arrayBuffer() : null;
      const outgoing = { method: request.method, headers: request.headers, body };
      answered = await send(operation, request.url, outgoing, { signal: request.signal, timeoutMs, retries });
      const { response: answer, text } = answered;
      // A status that a Response cannot have (600 and above) is an HTTP error like any other.
      if (answer.status > 599) throw new HttpError(operation, answer.status, excerpt(text, mask));
      const response = new Response(NULL_BODY_STATUSES.includes(answer.status) ? null : text, answer);
      Object.defineProperty(response, 'url', { value: mask(request.url) });
      return response;
    };
    // The key goes in a GET's query, and in a POST's form only.
    const serialize =
      method === 'get'
        ? { querySerializer: query }
        : {
            bodySerializer: (input: Record<string, unknown>) => form(input, byPath.get(path)?.form, asMultipart),
            // fetch writes the multipart Content-Type itself, with the boundary.
            headers: asMultipart ? rest.headers : { 'Content-Type': URL_ENCODED, ...rest.headers },
          };
    try {
      return await base.request(method, path as never, { ...rest, ...serialize, fetch } as never);
    } catch (error) {
      // openapi-fetch parsing a 2xx body that is not JSON.
      if (error instanceof HostApiError || !answered) throw error;
      throw new InvalidResponseError(operation, answered.response.status, excerpt(answered.text, mask));
    }
  }
  return {
    GET: ((path: string, init?: PathInit) => call('get', path, init)) as PathClient['GET'],
    POST: ((path: string, init?: PathInit) => call('post', path, init)) as PathClient['POST'],
  };
}
