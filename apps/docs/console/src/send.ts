// Sends one call through @hostapi/client's path client (so the wire format is the client's),
// and records the exchange as it happened: the request as sent and the answer as received, with
// the time it took. Everything recorded is masked by the one key mask (@hostapi/spec/wire): the
// key's field in the request, and wherever a server quotes the key in what it answers (its
// status text, headers or body), so that the panel never shows it.
import { HostApiError } from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';
import { maskKey, maskKeyIn } from '@hostapi/spec/wire';
import type { OperationModel } from '../model.js';
import { parseJson, type Verdict, verdictOf } from './verdict.js';

export interface Call {
  operation: OperationModel;
  baseUrl: string;
  apiKey: string;
  input: Record<string, unknown>;
  /** The `Prefer` header, or '' for none. */
  prefer: string;
  multipart: boolean;
}

/** What was sent, the key masked. */
export interface SentRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

/** What came back, the key masked. */
export interface Received {
  status: number;
  statusText: string;
  headers: [string, string][];
  /** The body as text. */
  text: string;
  /** The body as JSON, where it is JSON. */
  json?: unknown;
  /** What the answer means, read from the body as received. */
  verdict: Verdict;
  ms: number;
}

export interface Exchange {
  request?: SentRequest;
  response?: Received;
  /** Why no response arrived, or why nothing was sent. */
  error?: string;
  /** Nothing answered at the server's address (the panel then says how to start the mock). */
  unreachable?: true;
}

export async function send(call: Call): Promise<Exchange> {
  const { operation, baseUrl, apiKey, input, prefer, multipart } = call;
  const mask = (text: string) => maskKey(text, [apiKey]);
  const exchange: Exchange = {};
  const record: typeof fetch = async (url, init = {}) => {
    exchange.request = sentRequest(String(url), init, mask);
    const started = performance.now();
    // Each Send reaches the server: never an answer the browser kept (a 416 came back with the
    // body of the answer before it, from Chromium's cache).
    const response = await fetch(url, { ...init, cache: 'no-store' });
    const text = await response.clone().text();
    exchange.response = received(response, text, performance.now() - started, apiKey);
    return response;
  };
  try {
    // One attempt per click: a console sends exactly what the reader asked for.
    const client = createPathClient({ apiKey, baseUrl, fetch: record, retries: 0 });
    const headers = prefer ? { Prefer: prefer } : undefined;
    // The path is one of the description's, and the input was built from its own fields.
    const init = { headers, parseAs: 'text' } as const;
    if (operation.method === 'GET')
      await client.GET(operation.path as never, { ...init, params: { query: input } } as never);
    else await client.POST(operation.path as never, { ...init, body: input, multipart } as never);
  } catch (error) {
    if (!exchange.response) {
      exchange.error = mask(describe(error, baseUrl));
      if (error instanceof HostApiError && error.kind === 'network') exchange.unreachable = true;
    }
  }
  return exchange;
}

function describe(error: unknown, baseUrl: string): string {
  if (error instanceof HostApiError && error.kind === 'network') {
    return (
      `No answer from ${baseUrl} (${error.message}). ` +
      'Is the server running, and does it allow requests from this page (CORS)?'
    );
  }
  if (error instanceof HostApiError || error instanceof TypeError || error instanceof RangeError) return error.message;
  // Any other error is a fault of this page: said without its details.
  return 'The request could not be sent.';
}

/** The request as sent (the path client's body is the bytes of a URL-encoded or multipart form), masked. */
function sentRequest(url: string, init: RequestInit, mask: (text: string) => string): SentRequest {
  const body = init.body instanceof ArrayBuffer ? new TextDecoder().decode(init.body) : '';
  return {
    method: init.method ?? 'GET',
    url: mask(url),
    headers: [...new Headers(init.headers)].map(([name, value]) => [name, mask(value)]),
    body: mask(body),
  };
}

/** The answer as received, masked: JSON as a value (every string and name in it), the rest as text. */
function received(response: Response, text: string, ms: number, apiKey: string): Received {
  const json = parseJson(text);
  return {
    status: response.status,
    statusText: maskKey(response.statusText, [apiKey]),
    headers: [...response.headers].map(([name, value]) => [maskKey(name, [apiKey]), maskKey(value, [apiKey])]),
    text: maskKey(text, [apiKey]),
    ...(json !== undefined && { json: maskKeyIn(json, [apiKey]) }),
    verdict: verdictOf(response.status, text),
    ms,
  };
}
