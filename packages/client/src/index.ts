// createHostApiClient: the typed path client (openapi-fetch) and the operation methods on one object.
import createClient, { type Client } from 'openapi-fetch';
import { eachRecord } from './core/paginate.js';
import { readEnvelope } from './core/envelope.js';
import { retryPolicy, type RetryOptions } from './core/retry.js';
import { encodePairs, toFormData, toPairs, type FormShape } from './core/serialize.js';
import { createTransport } from './core/transport.js';
import { DEFAULT_BASE_URL, METHODS, OPERATIONS, PAGED_METHODS } from './generated/operations.js';
import type { CallOptions, ClientPaths, OperationGroups, OperationId } from './types.js';

export * from './core/errors.js';
export type { RetryOptions } from './core/retry.js';
// The wire format on its own: what the client sends, for tools that show or check requests.
export { encodePairs, toFormData, toPairs, type FormShape, type Pair } from './core/serialize.js';
export { METHODS, OPERATIONS, PAGED_METHODS } from './generated/operations.js';
export type * from './types.js';
export type { components, operations, paths } from '@hostapi/types';

export interface HostApiClientOptions {
  /** Your API key. Sent first in every query and form; never written to an error or a log. */
  apiKey: string;
  /** Default: the description's first server. */
  baseUrl?: string;
  /** Default: globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Per attempt. Default 30 000. */
  timeoutMs?: number;
  /** Retries of idempotent calls and of rate-limited ones: a count, or a policy. Default 2. */
  retries?: number | RetryOptions;
  /** Send POST bodies as multipart/form-data instead of URL-encoded. Default false. */
  multipart?: boolean;
}

type PathInit = { multipart?: boolean; headers?: Record<string, string> } & Record<string, unknown>;

/** The typed path client: `api.GET('/1.3/server/list_servers.json', { params: { query } })`. */
export type PathClient = Pick<Client<ClientPaths>, 'GET' | 'POST'>;

export type HostApiClient = PathClient & OperationGroups;

const FORM = 'application/x-www-form-urlencoded';

export function createHostApiClient(options: HostApiClientOptions): HostApiClient {
  const { apiKey, multipart = false, timeoutMs = 30_000 } = options ?? {};
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('createHostApiClient: `apiKey` must be a non-empty string');
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new RangeError(`createHostApiClient: \`timeoutMs\` must be a whole number > 0, got ${timeoutMs}`);
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new TypeError(`createHostApiClient: \`baseUrl\` is not a URL: ${baseUrl}`);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError('createHostApiClient: no `fetch` given and none in this runtime');

  const byPath = new Map<string, [OperationId, FormShape | undefined]>(
    Object.entries(OPERATIONS).map(([id, op]) => [op.path, [id as OperationId, 'form' in op ? op.form : undefined]]),
  );
  const base = createClient<ClientPaths>({
    baseUrl,
    fetch: createTransport({
      fetch: fetchImpl,
      apiKey,
      timeoutMs,
      retry: retryPolicy(options.retries),
      operationOf: (url) => {
        const path = url.slice(baseUrl.length).split('?')[0]!;
        return byPath.get(path)?.[0] ?? path;
      },
    }),
  });

  const querySerializer = (query: Record<string, unknown>) => {
    const { apikey: _, ...rest } = query;
    return encodePairs(toPairs({ apikey: apiKey, ...rest }));
  };
  const bodySerializer = (path: string, multipartBody: boolean) => (body: Record<string, unknown>) => {
    const { apikey: _, ...rest } = body;
    const pairs = toPairs({ apikey: apiKey, ...rest }, byPath.get(path)?.[1]);
    return multipartBody ? toFormData(pairs) : encodePairs(pairs);
  };

  const paths: PathClient = {
    GET: ((path: string, init?: PathInit) => base.GET(path as never, { ...init, querySerializer } as never)) as PathClient['GET'],
    POST: ((path: string, init: PathInit = {}) => {
      const { multipart: asMultipart = multipart, headers, ...rest } = init;
      return base.POST(path as never, {
        ...rest,
        bodySerializer: bodySerializer(path, asMultipart),
        // fetch writes the multipart Content-Type itself, with the boundary.
        headers: asMultipart ? headers : { 'Content-Type': FORM, ...headers },
      } as never);
    }) as PathClient['POST'],
  };

  async function call(id: OperationId, input: object = {}, callOptions: CallOptions = {}): Promise<unknown> {
    const { method, path } = OPERATIONS[id];
    const init: PathInit = { parseAs: 'text', ...(callOptions.signal ? { signal: callOptions.signal } : {}) };
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = method === 'GET'
        ? await paths.GET(path as never, { ...init, params: { query: input } } as never)
        : await paths.POST(path as never, { ...init, body: input, multipart: callOptions.multipart ?? multipart } as never);
    } catch (error) {
      // Serialization names the field; add the operation.
      if (error instanceof TypeError) throw new TypeError(`${id}: ${error.message}`, { cause: error });
      throw error;
    }
    const { data, error, response } = result;
    const text = response.ok ? String(data ?? '') : typeof error === 'string' ? error : error === undefined ? '' : JSON.stringify(error);
    return readEnvelope(id, response.status, text, apiKey);
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
  return { ...paths, ...groups } as HostApiClient;
}
