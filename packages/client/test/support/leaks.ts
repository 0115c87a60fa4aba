// Where a value (an error, a hook event) shows the key: every view a caller may print or log of
// it, each run through the shared table's detector (@hostapi/testing/key-spellings).
import { inspect } from 'node:util';
import { carriesKey } from '@hostapi/testing/key-spellings';
import { createHostApiClient, HostApiError, type HostApiClientOptions } from '../../src/index.js';
import { createPathClient } from '../../src/paths.js';

/** The views of `value` that carry `key`, by name; empty when none does. */
export function leaksOf(value: unknown, key: string): string[] {
  const views: Record<string, () => string> = {
    JSON: () => JSON.stringify(value, (_name, item) => (item instanceof Headers ? [...item] : item)) ?? '',
    // Less inspect's own notation of a list's length (`[length]: 1`): a key `length` is not shown by it.
    'util.inspect': () =>
      inspect(value, { depth: Number.POSITIVE_INFINITY, showHidden: true }).replace(/\[length\]: \d+/g, ''),
    String: () => String(value),
  };
  if (value instanceof Error) {
    views.message = () => value.message;
    views.stack = () => String(value.stack);
    // Every own property, enumerable or not, read one by one.
    for (const name of Object.getOwnPropertyNames(value)) {
      views[`.${name}`] = () => inspect((value as unknown as Record<string, unknown>)[name], { depth: null });
    }
  }
  if (value && typeof value === 'object' && 'headers' in value && value.headers instanceof Headers) {
    const headers = value.headers;
    views.headers = () => [...headers].map(([name, text]) => `${name}: ${text}`).join('\n');
  }
  return Object.entries(views)
    .filter(([, view]) => carriesKey(view(), key))
    .map(([name, view]) => `${name}: ${view()}`);
}

const RATE_LIMIT = 'You have exceeded the number of requests per second for this key.';
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A header value as fetch would give it, or undefined where the text cannot be one. */
function headerValue(text: string): string | undefined {
  try {
    return new Headers({ 'x-echo': text }).get('x-echo') === text ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Each part of an answer that may carry the text: what the service sends, given the text. */
export const ANSWERS: Record<string, (text: string) => Response> = {
  'failure message': (text) => json({ status: false, msg: `Invalid API key ${text}` }),
  'failure message, HTTP 401, no status': (text) => json({ msg: text }, 401),
  'rate-limit message': (text) => json({ status: false, msg: `${RATE_LIMIT} ${text}` }, 500),
  'error page': (text) => new Response(`<html><body><p>${text}</p></body></html>`, { status: 401 }),
  'a 2xx body that is not the envelope': (text) => new Response(text),
  'a problem body': (text) =>
    json({ title: text, validation: [{ location: ['query', 'apikey', text], message: text, code: text }] }, 422),
  'a page that is not a page': (text) => json({ status: true, return: { data: text, current_page: 1 } }),
  'a header of a success': (text) =>
    new Response(JSON.stringify({ status: true, return: { data: [], current_page: 1, total_pages: 1 } }), {
      headers: { 'x-echo': headerValue(text) ?? '', 'x-echo-url': headerValue(`/1.3/a.json?${text}`) ?? '' },
    }),
};

/** Network failures, as undici reports them: the reason in `cause`, or in the message. */
export const FAILURES: Record<string, (text: string) => Error> = {
  'a network failure (cause)': (text) => new TypeError('fetch failed', { cause: new Error(`connect failed: ${text}`) }),
  'a network failure (message)': (text) => new Error(text),
};

type Call = (options: HostApiClientOptions) => Promise<unknown>;
export const CALLS: Record<string, Call> = {
  'operation GET': (options) => createHostApiClient(options).servers.list({ client_id: 293 }),
  'operation POST, multipart': (options) =>
    createHostApiClient({ ...options, multipart: true }).domains.cancel({ client_id: 293, domain: 'a.nz' }),
  'operation listAll': async (options) => {
    for await (const _ of createHostApiClient(options).servers.listAll({ client_id: 293 }));
  },
  withResponse: (options) => createHostApiClient(options).sshKeys.get.withResponse({ client_id: 1, key_id: 2 }),
  'path GET': (options) =>
    createPathClient(options).GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } }),
};

/**
 * Makes `call` against a fetch that answers `answer()` (or throws it), and returns every view of
 * the error and hook events that carries `key`. Anything thrown but a HostApiError fails.
 */
export async function leaksOfCall(
  call: Call,
  key: string,
  answer: () => Response | Error,
  options: Partial<HostApiClientOptions> = {},
): Promise<string[]> {
  const events: unknown[] = [];
  let error: unknown;
  try {
    await call({
      apiKey: key,
      baseUrl: 'http://127.0.0.1:9',
      retries: 0,
      fetch: async () => {
        const given = answer();
        if (given instanceof Error) throw given;
        return given;
      },
      onRequest: (event) => events.push(event),
      onResponse: (event) => events.push(event),
      ...options,
    });
  } catch (thrown) {
    if (!(thrown instanceof HostApiError)) throw thrown;
    error = thrown;
  }
  return [error, ...events].flatMap((value, i) =>
    leaksOf(value, key).map((leak) => `${i ? 'event' : 'error'} ${leak}`),
  );
}
