// A front on the Fetch API: a Request in, a Response out, wherever that runs (MSW's handlers in
// Node or in a browser's service worker). node/front.ts is the front on node:http; both take the
// CORS headers and the body limit from here, so that both answer alike.
import type { Written } from './engine.ts';
import { bytesOf, type Fault, isPage } from './faults.ts';
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
  const sent = Object.fromEntries(request.headers);
  const search = new URL(request.url).search.slice(1);
  const answer =
    body.length > MAX_BODY_BYTES
      ? tooLarge()
      : await handle({ method: request.method, path, search, headers: sent, body, signal: request.signal });
  const headers = { ...CORS, ...answer.headers, 'content-length': String(lengthOf(answer.body)) };
  if (answer.fault && !isPage(answer.fault)) return faulted(answer, answer.fault, headers);
  // Only the proxy streams an answer, and it has no Fetch front.
  return new Response((answer.body ?? null) as BodyInit | null, { status: answer.status, headers });
}

/**
 * A fault as near as a Response can come to it (docs/faults.md): a network error for a reset
 * before any answer; for a reset mid-body or a body cut short, a body that fails half-way; for a
 * hang, no answer (until the client aborts); for a slow body, its bytes a piece at a time.
 */
function faulted(answer: Written, fault: Fault, headers: Record<string, string>) {
  if (fault.name === 'reset') return Response.error();
  // MSW ends the request when its client aborts it; nothing is answered before.
  if (fault.name === 'hang') return new Promise<Response>(() => {});
  const bytes = bytesOf(answer.body);
  const slow = fault.name === 'slow-body';
  const pieces = slow ? Math.max(1, Math.min(bytes.length, 20)) : 2;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = bytes.slice(
        Math.floor((sent * bytes.length) / pieces),
        Math.floor(((sent + 1) * bytes.length) / pieces),
      );
      sent++;
      if (!slow) return sent === 1 ? controller.enqueue(piece) : controller.error(new TypeError('terminated'));
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          controller.enqueue(piece);
          if (sent === pieces) controller.close();
          resolve();
        }, fault.ms / pieces);
      });
    },
    cancel: () => clearTimeout(timer),
  });
  return new Response(body, { status: answer.status, headers });
}
