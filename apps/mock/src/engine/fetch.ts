// A front on the Fetch API: a Request in, a Response out, wherever that runs (MSW's handlers in
// Node or in a browser's service worker). node/front.ts is the front on node:http; both take the
// CORS headers and the body limit from here, so that both answer alike.
import type { Written } from './engine.ts';
import { bodyTooLarge } from './problems.ts';
import type { EngineRequest } from './read.ts';

/** Largest request body the mock reads; the service documents none. */
export const MAX_BODY_BYTES = 1_000_000;

/** The CORS headers of every answer, when CORS is on: any origin, and sl-violations readable. */
export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'sl-violations, content-length',
};

/** The answer to a body over MAX_BODY_BYTES. */
export function tooLarge(): Written {
  const { status, headers, body } = bodyTooLarge(MAX_BODY_BYTES).toAnswer();
  return { status, headers: headers ?? {}, body: JSON.stringify(body) };
}

/** The length of an answer's body, in bytes. */
export const lengthOf = (body: Written['body']) =>
  body === undefined ? 0 : typeof body === 'string' ? new TextEncoder().encode(body).length : body.length;

/** Answers a Request with `handle`, `path` being its path as the description lists it (the base URL's removed). */
export async function answerFetch(
  handle: (request: EngineRequest) => Promise<Written>,
  request: Request,
  path: string,
): Promise<Response> {
  const body = new Uint8Array(await request.arrayBuffer());
  const headers = Object.fromEntries(request.headers);
  const search = new URL(request.url).search.slice(1);
  const answer =
    body.length > MAX_BODY_BYTES
      ? tooLarge()
      : await handle({ method: request.method, path, search, headers, body, signal: request.signal });
  // Only the proxy streams an answer, and it has no Fetch front.
  return new Response((answer.body ?? null) as BodyInit | null, {
    status: answer.status,
    headers: { ...CORS, ...answer.headers, 'content-length': String(lengthOf(answer.body)) },
  });
}
