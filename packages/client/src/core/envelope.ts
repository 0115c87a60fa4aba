// Reads the service's answer: the `{return, msg, status}` envelope, its failure forms, and what
// comes back when there is no envelope at all. What the service said goes into an error only
// through the one key mask: its message may quote the key (`Invalid API key <key>.`).
import { RATE_LIMIT } from '../generated/operations.js';
import {
  ApiError,
  excerpt,
  HttpError,
  InvalidResponseError,
  type Mask,
  RateLimitError,
  ValidationError,
} from './errors.js';
import { readProblem } from './problem.js';

/** A rate-limit message of the service, by its opening (see RATE_LIMIT). */
export const isRateLimitMessage = (msg: unknown): boolean => typeof msg === 'string' && RATE_LIMIT.test(msg);

interface Envelope {
  return?: unknown;
  msg?: unknown;
  status?: unknown;
  time?: unknown;
  error?: { code?: unknown };
}

/** JSON text as a value; undefined when empty or not JSON. */
export function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** A failure is `status: false`, or a message with neither status nor result. */
const isFailure = (body: Envelope) =>
  body.status === false || (body.status === undefined && !('return' in body) && typeof body.msg === 'string');

/**
 * The result of a call: `return` when the answer has one, else the rest of the envelope
 * (`update_soa`, `upgrade_plan`). Throws the typed error for every other answer: ApiError or
 * RateLimitError for the service's failures, ValidationError for a problem body listing invalid
 * fields, HttpError for any other error status, InvalidResponseError for a 2xx without the
 * envelope.
 */
export function readAnswer(operation: string, status: number, text: string, mask: Mask): unknown {
  const body = parse(text);
  if (isEnvelope(body) && isFailure(body) && typeof body.msg === 'string') {
    const msg = mask(body.msg);
    if (isRateLimitMessage(msg)) throw new RateLimitError(operation, msg, status);
    const code = typeof body.error?.code === 'number' ? body.error.code : undefined;
    throw new ApiError(operation, msg, status, code);
  }
  if (status < 200 || status > 299) {
    // A validating server's 4xx lists the invalid fields: read them all (without the key), as
    // an excerpt would cut the list short.
    const problem = status < 500 && body !== undefined ? readProblem(parse(mask(text))) : undefined;
    if (problem) throw new ValidationError(operation, status, problem.problems, problem.title);
    throw new HttpError(operation, status, excerpt(text, mask));
  }
  if (!isEnvelope(body)) throw new InvalidResponseError(operation, status, excerpt(text, mask));
  if ('return' in body) return body.return;
  const { status: _ok, ...rest } = body;
  return rest;
}
