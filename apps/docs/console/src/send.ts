// Sends one call through @hostapi/client's path client (so the wire format is the client's),
// and records the exchange as it happened: the request as sent, with the API key masked, and
// the response as received, with the time it took.
import { HostApiError } from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';
import type { OperationModel } from '../model.js';

export interface Call {
  operation: OperationModel;
  baseUrl: string;
  apiKey: string;
  input: Record<string, unknown>;
  /** The `Prefer` header, or '' for none. */
  prefer: string;
  multipart: boolean;
}

/** What was sent, with `apikey`'s value replaced by MASK. */
export interface SentRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
}

export interface Received {
  status: number;
  statusText: string;
  headers: [string, string][];
  text: string;
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

export const MASK = '***';

/** One attempt per click: a console sends exactly what the reader asked for. */
const RETRIES = 0;

export async function send(call: Call): Promise<Exchange> {
  const { operation, baseUrl, apiKey, input, prefer, multipart } = call;
  const exchange: Exchange = {};
  const record: typeof fetch = async (url, init = {}) => {
    exchange.request = await masked(String(url), init);
    const started = performance.now();
    const response = await fetch(url, init);
    const text = await response.clone().text();
    exchange.response = {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      text,
      ms: performance.now() - started,
    };
    return response;
  };
  try {
    const client = createPathClient({ apiKey, baseUrl, fetch: record, retries: RETRIES });
    const headers = prefer ? { Prefer: prefer } : undefined;
    // The path is one of the description's, and the input was built from its own fields.
    const init = { headers, parseAs: 'text' } as const;
    if (operation.method === 'GET')
      await client.GET(operation.path as never, { ...init, params: { query: input } } as never);
    else await client.POST(operation.path as never, { ...init, body: input, multipart } as never);
  } catch (error) {
    // The client's errors never carry the key. Any other error is a fault of this page: say so
    // without its details, which could.
    if (!exchange.response) {
      exchange.error = describe(error, baseUrl);
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
  return 'The request could not be sent.';
}

/** The request as sent, with the value of `apikey` masked in the query and in the body. */
async function masked(url: string, init: RequestInit): Promise<SentRequest> {
  const headers = [...new Headers(init.headers)];
  const body =
    init.body instanceof ArrayBuffer
      ? new TextDecoder().decode(init.body)
      : typeof init.body === 'string'
        ? init.body
        : '';
  const [address, query] = splitOnce(url, '?');
  const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  return {
    method: init.method ?? 'GET',
    url: query === undefined ? address : `${address}?${maskPairs(query)}`,
    headers,
    body: type.startsWith('multipart/form-data') ? maskMultipart(body) : maskPairs(body),
  };
}

const isKey = (name: string) => safeDecode(name) === 'apikey';

/** `apikey=secret&a=1` → `apikey=***&a=1` */
export const maskPairs = (text: string) =>
  text
    ?.split('&')
    .map((pair) => (isKey(splitOnce(pair, '=')[0]) ? `${splitOnce(pair, '=')[0]}=${MASK}` : pair))
    .join('&');

/** The value of a multipart part named `apikey`, masked. */
export const maskMultipart = (text: string) =>
  text.replace(/(name="apikey"\r?\n(?:[^\r\n]+\r?\n)*\r?\n)[^\r\n]*/g, `$1${MASK}`);

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
