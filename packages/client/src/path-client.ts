// createPathClient: openapi-fetch's typed client for the description's paths, with the same wire
// format, transport, errors and retries as the operation methods. A separate factory, so that
// an application using only the operation methods does not bundle openapi-fetch.
import createClient, { type Client } from 'openapi-fetch';
import { FORM_HEADERS, setUp, type HostApiClientOptions } from './core/setup.js';
import type { FormShape } from './core/serialize.js';
import { OPERATIONS } from './generated/operations.js';
import type { ClientPaths, OperationId } from './types.js';

/** `api.GET('/1.3/server/list_servers.json', { params: { query } })`; openapi-fetch's `{ data, error, response }`. */
export type PathClient = Pick<Client<ClientPaths>, 'GET' | 'POST'>;

type PathInit = { multipart?: boolean; headers?: Record<string, string> } & Record<string, unknown>;

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = [101, 204, 205, 304];

export function createPathClient(options: HostApiClientOptions): PathClient {
  const { baseUrl, multipart, send, serializeQuery, serializeBody } = setUp(options, 'createPathClient');
  const byPath = new Map<string, [OperationId, FormShape | undefined]>(
    Object.entries(OPERATIONS).map(([id, op]) => [op.path, [id as OperationId, 'form' in op ? op.form : undefined]]),
  );
  /** The operationId a URL belongs to, for error messages. */
  const operationOf = (url: string) => {
    const path = url.slice(baseUrl.length).split('?')[0]!;
    return byPath.get(path)?.[0] ?? path;
  };

  // openapi-fetch builds the Request and parses the answer; the transport sends it.
  const base = createClient<ClientPaths>({
    baseUrl,
    fetch: async (request: Request) => {
      const body = request.body ? await request.arrayBuffer() : null;
      const received = await send(operationOf(request.url), request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
      return new Response(NULL_BODY_STATUSES.includes(received.status) ? null : received.text, received);
    },
  });
  return {
    GET: ((path: string, init?: PathInit) => base.GET(path as never, { ...init, querySerializer: serializeQuery } as never)) as PathClient['GET'],
    POST: ((path: string, init: PathInit = {}) => {
      const { multipart: asMultipart = multipart, headers, ...rest } = init;
      return base.POST(path as never, {
        ...rest,
        bodySerializer: (body: Record<string, unknown>) => serializeBody(body, byPath.get(path)?.[1], asMultipart),
        // fetch writes the multipart Content-Type itself, with the boundary.
        headers: asMultipart ? headers : { ...FORM_HEADERS, ...headers },
      } as never);
    }) as PathClient['POST'],
  };
}
