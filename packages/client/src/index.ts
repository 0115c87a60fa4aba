// createHostApiClient: one method per operation (`api.servers.list(...)`), resolving to the
// envelope's `return` or throwing a typed error. The path client is @hostapi/client/paths.
import { readAnswer } from './core/envelope.js';
import { excerpt } from './core/errors.js';
import { eachRecord } from './core/paginate.js';
import { BASE_HEADERS, FORM_HEADERS, type HostApiClientOptions, headersOf, setUp } from './core/setup.js';
import type { Outgoing } from './core/transport.js';
import type { HostApiClient } from './generated/api.js';
import { OPERATIONS } from './generated/operations.js';
import type { CallOptions, OperationId, WithResponse } from './types.js';

export {
  AbortedError,
  ApiError,
  type FieldProblem,
  HostApiError,
  type HostApiErrorKind,
  HttpError,
  InvalidResponseError,
  NetworkError,
  PaginationError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
} from './core/errors.js';
export type { Hooks, RequestEvent, ResponseEvent } from './core/hooks.js';
export type { RetryOptions } from './core/retry.js';
export { type HostApiClientOptions, VERSION } from './core/setup.js';
export type * from './generated/api.js';
// Every operation's method, path and client method, for tools that list the operations.
export { OPERATIONS } from './generated/operations.js';
export type * from './types.js';
export type { components, operations, paths } from '@hostapi/types';

export function createHostApiClient(options: HostApiClientOptions): HostApiClient {
  const { mask, baseUrl, multipart, send, query, form } = setUp(options, 'createHostApiClient');

  // The URL and body come from the generated table and go straight to the transport, without a
  // Request built and read again (the client-overhead benchmark holds the cost per call).
  async function request(id: OperationId, input: object = {}, call: CallOptions = {}) {
    const operation = OPERATIONS[id];
    const { method, path } = operation;
    const asMultipart = call.multipart ?? multipart;
    let url = baseUrl + path;
    let body: string | FormData | null = null;
    try {
      if (method === 'GET') url += `?${query(input as Record<string, unknown>)}`;
      else body = form(input as Record<string, unknown>, 'form' in operation ? operation.form : undefined, asMultipart);
    } catch (error) {
      // Serialization names the field; add the operation.
      if (error instanceof TypeError) throw new TypeError(`${id}: ${error.message}`, { cause: error });
      throw error;
    }
    // fetch writes a multipart body's Content-Type itself, with the boundary.
    const headers = headersOf(body === null || asMultipart ? BASE_HEADERS : FORM_HEADERS, call.headers);
    const outgoing: Outgoing = { method, headers, body };
    const received = await send(id, url, outgoing, call);
    return { ...received, data: readAnswer(id, received.response.status, received.text, mask) };
  }

  const groups: Record<string, Record<string, unknown>> = {};
  const define = (call: string, method: unknown) => {
    const [group, name] = call.split('.') as [string, string];
    (groups[group] ??= {})[name] = method;
  };
  for (const [id, operation] of Object.entries(OPERATIONS) as [OperationId, (typeof OPERATIONS)[OperationId]][]) {
    const method = async (input?: object, call?: CallOptions) => (await request(id, input, call)).data;
    method.withResponse = async (input?: object, call?: CallOptions): Promise<WithResponse<unknown>> => {
      const started = performance.now();
      const { data, response, attempts } = await request(id, input, call);
      // The URL called, as everywhere the client shows one: without the key.
      Object.defineProperty(response, 'url', { value: mask(response.url) });
      return { data, response, attempts, durationMs: performance.now() - started };
    };
    define(operation.call, method);
    if ('callAll' in operation)
      define(operation.callAll, (input: object, call?: CallOptions) =>
        eachRecord(
          id,
          async (page) => {
            const { data, response, text } = await request(id, page, call);
            return { result: data, status: response.status, excerpt: () => excerpt(text, mask) };
          },
          input,
        ),
      );
  }
  return groups as unknown as HostApiClient;
}
