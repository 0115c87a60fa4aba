// createHostApiClient: one method per operation (`api.servers.list(...)`), resolving to the
// envelope's `return` or throwing a typed error. The path client is in path-client.ts.
import { eachRecord } from './core/paginate.js';
import { readEnvelope } from './core/envelope.js';
import { FORM_HEADERS, setUp, type HostApiClientOptions } from './core/setup.js';
import type { Outgoing } from './core/transport.js';
import { METHODS, OPERATIONS, PAGED_METHODS } from './generated/operations.js';
import type { CallOptions, OperationGroups, OperationId } from './types.js';

export * from './core/errors.js';
export type { RetryOptions } from './core/retry.js';
export type { HostApiClientOptions } from './core/setup.js';
export { createPathClient, type PathClient } from './path-client.js';
// The wire format on its own: what the client sends, for tools that show or check requests.
export { encodeFields, encodePairs, toFormData, toPairs, type FormShape, type Pair } from './core/serialize.js';
export { METHODS, OPERATIONS, PAGED_METHODS } from './generated/operations.js';
export type * from './types.js';
export type { components, operations, paths } from '@hostapi/types';

export type HostApiClient = OperationGroups;

export function createHostApiClient(options: HostApiClientOptions): HostApiClient {
  const { apiKey, baseUrl, multipart, send, serializeQuery, serializeBody } = setUp(options, 'createHostApiClient');

  // The URL and body come from the generated table and go straight to the transport: building
  // and re-reading a Request would only add cost (see packages/benchmarks).
  async function call(id: OperationId, input: object = {}, callOptions: CallOptions = {}): Promise<unknown> {
    const operation = OPERATIONS[id];
    const { method, path } = operation;
    const { signal, multipart: asMultipart = multipart } = callOptions;
    let url = baseUrl + path;
    let outgoing: Outgoing;
    try {
      if (method === 'GET') {
        url += `?${serializeQuery(input as Record<string, unknown>)}`;
        outgoing = { method, signal };
      } else {
        const body = serializeBody(input as Record<string, unknown>, 'form' in operation ? operation.form : undefined, asMultipart);
        outgoing = { method, body, headers: asMultipart ? undefined : FORM_HEADERS, signal };
      }
    } catch (error) {
      // Serialization names the field; add the operation.
      if (error instanceof TypeError) throw new TypeError(`${id}: ${error.message}`, { cause: error });
      throw error;
    }
    const { status, text } = await send(id, url, outgoing);
    return readEnvelope(id, status, text, apiKey);
  }

  const groups: Record<string, Record<string, unknown>> = {};
  for (const [group, methods] of Object.entries(METHODS)) {
    groups[group] = Object.fromEntries(
      Object.entries(methods).map(([name, id]) => [name, (input?: object, o?: CallOptions) => call(id, input, o)]),
    );
  }
  for (const [group, methods] of Object.entries(PAGED_METHODS)) {
    for (const [name, id] of Object.entries(methods)) {
      groups[group]![name] = (input: object, o?: CallOptions) => eachRecord((page) => call(id, page, o) as never, input);
    }
  }
  return groups as HostApiClient;
}
