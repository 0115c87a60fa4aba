// Reads the service's answer: the `{return, msg, status}` envelope, its failure forms, and what
// comes back when there is no envelope at all.
import { RATE_LIMIT_MESSAGES } from '../generated/operations.js';
import { ApiError, excerpt, HttpError, InvalidResponseError, RateLimitError } from './errors.js';

/** The first sentence of each rate-limit message, so a reworded ending still matches. */
const RATE_LIMIT_OPENINGS = RATE_LIMIT_MESSAGES.map((m) => m.split('.')[0]!.toLowerCase());

export function isRateLimitMessage(msg: unknown): boolean {
  return typeof msg === 'string' && RATE_LIMIT_OPENINGS.some((opening) => msg.toLowerCase().startsWith(opening));
}

interface Envelope {
  return?: unknown;
  msg?: unknown;
  status?: unknown;
  time?: unknown;
  error?: { code?: unknown };
}

const isEnvelope = (body: unknown): body is Envelope => typeof body === 'object' && body !== null && !Array.isArray(body);

/** A failure is `status: false`, or a message with neither status nor result. */
const isFailure = (body: Envelope) =>
  body.status === false || (body.status === undefined && !('return' in body) && typeof body.msg === 'string');

/**
 * The result of a call: `return` when the answer has one, else the rest of the envelope
 * (`update_soa`, `upgrade_plan`). Throws the typed error for every other answer.
 */
export function readEnvelope(operation: string, status: number, text: string, apiKey: string): unknown {
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isEnvelope(body) && isFailure(body) && typeof body.msg === 'string') {
    if (isRateLimitMessage(body.msg)) throw new RateLimitError(operation, body.msg, status);
    const code = typeof body.error?.code === 'number' ? body.error.code : undefined;
    throw new ApiError(operation, body.msg, status, code);
  }
  if (status < 200 || status > 299) throw new HttpError(operation, status, excerpt(text, apiKey));
  if (!isEnvelope(body)) throw new InvalidResponseError(operation, status, excerpt(text, apiKey));
  if ('return' in body) return body.return;
  const { status: _ok, ...rest } = body;
  return rest;
}
