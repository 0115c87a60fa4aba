// createHostApiClient: one method per operation (`api.servers.list(...)`), resolving to the
// envelope's `return` or throwing a typed error. The path client is in path-client.ts.
import { eachRecord } from './core/paginate.js';
import { readEnvelope } from './core/envelope.js';
import { redact } from './core/errors.js';
import { FORM_HEADERS, setUp, type HostApiClientOptions } from './core/setup.js';
import type { Outgoing } from './core/transport.js';
import type { HostApiClient } from './generated/api.js';
import { OPERATIONS } from './generated/operations.js';
import type { CallOptions, OperationId, WithResponse } from './types.js';

export * from './core/errors.js';
export type { RetryOptions } from './core/retry.js';
export type { HostApiClientOptions } from './core/setup.js';
export type { Hooks, RequestEvent, ResponseEvent } from './core/hooks.js';
export { createPathClient, type PathCallOptions, type PathClient } from './path-client.js';
// The wire format on its own: what the client sends, for tools that show or check requests.
export { encodeFields, encodePairs, toFormData, toPairs, type FormShape, type Pair } from './core/serialize.js';
export { METHODS, OPERATIONS, PAGED_METHODS } from './generated/operations.js';
// An answer read as the operation methods read it (its result, or the typed error), for tools
// that show answers of their own requests.
export { readEnvelope } from './core/envelope.js';
export type * from './generated/api.js';
export type * from './types.js';
export type { components, operations, paths } from '@hostapi/types';

export function createHostApiClient(options: HostApiClientOptions): HostApiClient {
  const { apiKey, baseUrl, multipart, send, serializeQuery, serializeBody } = setUp(options, 'createHostApiClient');

  // The URL and body come from the generated table and go straight to the transport: building
  // and re-reading a Request would only add cost (see packages/benchmarks).
  async function call(
    id: OperationId,
    input: object = {},
    callOptions: CallOptions = {},
    withResponse?: boolean,
  ): Promise<unknown> {
    const operation = OPERATIONS[id];
    const { method, path } = operation;
    const { signal, headers, multipart: asMultipart = multipart } = callOptions;
    let url = baseUrl + path;
    let outgoing: Outgoing;
    try {
      if (method === 'GET') {
        url += `?${serializeQuery(input as Record<string, unknown>)}`;
        outgoing = { method, headers, signal };
      } else {
        const body = serializeBody(
          input as Record<string, unknown>,
          'form' in operation ? operation.form : undefined,
          asMultipart,
        );
        // fetch writes the multipart Content-Type itself, with the boundary.
        outgoing = {
          method,
          body,
          headers: asMultipart ? headers : headers ? { ...FORM_HEADERS, ...headers } : FORM_HEADERS,
          signal,
        };
      }
    } catch (error) {
      // Serialization names the field; add the operation.
      if (error instanceof TypeError) throw new TypeError(`${id}: ${error.message}`, { cause: error });
      throw error;
    }
    const started = withResponse && performance.now();
    const [response, text, attempts] = await send(id, url, outgoing, callOptions);
    const data = readEnvelope(id, response.status, text, apiKey);
    if (!started) return data;
    return {
      data,
      status: response.status,
      headers: response.headers,
      url: redact(url, apiKey),
      attempts,
      durationMs: performance.now() - started,
    } satisfies WithResponse<unknown>;
  }

  const groups: Record<string, Record<string, unknown>> = {};
  const define = (call: string, method: unknown) => {
    const [group, name] = call.split('.') as [string, string];
    (groups[group] ??= {})[name] = method;
  };
  for (const [id, operation] of Object.entries(OPERATIONS) as [OperationId, (typeof OPERATIONS)[OperationId]][]) {
    const method = (input?: object, o?: CallOptions) => call(id, input, o);
    method.withResponse = (input?: object, o?: CallOptions) => call(id, input, o, true);
    define(operation.call, method);
    if ('callAll' in operation)
      define(operation.callAll, (input: object, o?: CallOptions) =>
        eachRecord(id, (page) => call(id, page, o) as never, input),
      );
  }
  return groups as unknown as HostApiClient;
}
