// The mock's own answers (RFC 7807 `application/problem+json`), as opposed to the API's: a
// request the mock refuses, or an answer it cannot give. Where Prism has the same refusal, the
// type and title are Prism's, so that suites written against `prism mock` keep matching.
import type { Answer } from './mode.ts';

const PRISM = 'https://stoplight.io/prism/errors#';

/** One entry of sl-violations or of a problem's `validation`. */
export interface Note {
  location: string[];
  severity?: 'Error' | 'Warning';
  code: string;
  message: string;
}

/** An entry that refuses the request (422 in the mock's modes, an error in the proxy's sl-violations). */
export const refusal = (location: string[], code: string, message: string): Note => ({
  location,
  severity: 'Error',
  code,
  message,
});

/** What a problem document is made of: its status, type, title and detail, and what it names. */
export interface ProblemFields {
  status: number;
  /** A URI naming the kind of problem (Prism's, where Prism has the same refusal). */
  type: string;
  title: string;
  detail: string;
  /** Each field that is wrong. */
  validation?: Note[] | undefined;
  headers?: Record<string, string> | undefined;
}

/** Throw one from an answerer to answer with the mock's own problem document. */
export class Problem extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly validation: Note[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor({ status, type, title, detail, validation, headers }: ProblemFields) {
    super(detail);
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.validation = validation;
    this.headers = headers;
  }

  /** The answer: the problem document as body. */
  toAnswer(): Answer {
    const { type, title, status, detail, validation } = this;
    return {
      status,
      headers: { 'content-type': 'application/problem+json', ...this.headers },
      body: { type, title, status, detail, ...(validation ? { validation } : {}) },
    };
  }
}

/** Entries (departures, problems) listed per request; beyond, one entry says how many more. */
export const MAX_NOTES = 100;

/**
 * The first MAX_NOTES entries, and one (at `location`) saying how many were left out of `total`
 * (entries beyond the first MAX_NOTES need not have been made).
 */
export function capped(entries: Note[], severity?: Note['severity'], location: string[] = [], total = entries.length) {
  if (total <= MAX_NOTES) return entries;
  const more = total - (MAX_NOTES - 1);
  const last: Note = {
    location,
    ...(severity ? { severity } : {}),
    code: 'tooMany',
    message: `…and ${more} more like the ones above (at most ${MAX_NOTES} are listed)`,
  };
  return [...entries.slice(0, MAX_NOTES - 1), last];
}

/** A refusal in Prism's words (its type and title), or one of the mock's own (`urn:hostapi:mock:…`). */
const prism = (status: number, name: string, title: string, detail: string, more?: Partial<ProblemFields>) =>
  new Problem({ status, type: `${PRISM}${name}`, title, detail, ...more });
const mock = (status: number, name: string, title: string, detail: string, more?: Partial<ProblemFields>) =>
  new Problem({ status, type: `urn:hostapi:mock:${name}`, title, detail, ...more });

const NO_PATH = 'Route not resolved, no path matched';

export const noPath = (path: string) =>
  prism(404, 'NO_PATH_MATCHED_ERROR', NO_PATH, `The route ${path} hasn't been found in the specification file`);

export const noMethod = (path: string, method: string, allowed: string[]) =>
  prism(
    405,
    'NO_METHOD_MATCHED_ERROR',
    'Route resolved, but no method matched',
    `The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`,
    { headers: { allow: allowed.join(', ') } },
  );

export const versionNotListed = (path: string, listed: string) =>
  prism(
    404,
    'NO_PATH_MATCHED_ERROR',
    NO_PATH,
    `The route ${path} hasn't been found in the specification file: the description lists this operation as ` +
      `${listed} (--strict; without it, any version segment from 1.0 to 1.5 is served)`,
  );

export const unauthorized = () =>
  prism(
    401,
    'UNAUTHORIZED',
    'Invalid security scheme used',
    'Your request does not fulfil the security requirements: the apikey query parameter is missing or empty.',
  );

export const resetNeedsKey = () =>
  mock(
    422,
    'reset-needs-key',
    'Invalid request',
    'POST /__mock/reset restores one key: give it as ?apikey=<key>. Every key at once is not reset over ' +
      'HTTP (restart the mock, or call reset() of startMock() in your process).',
  );

export const invalidRequest = (validation: Note[]) =>
  prism(
    422,
    'UNPROCESSABLE_ENTITY',
    'Invalid request',
    'Your request is not valid: each entry of `validation` names a field and what is wrong with it.',
    { validation },
  );

export const invalidContentType = (supported: string[]) =>
  prism(415, 'INVALID_CONTENT_TYPE', 'Invalid content type', `Supported content types: ${supported.join(',')}`);

export const missingBoundary = () =>
  prism(
    415,
    'INVALID_CONTENT_TYPE',
    'Invalid content type',
    'Boundary parameter for multipart/form-data is not defined or generated in the request header. Try ' +
      'removing manually defined content-type from your request header if it exists.',
  );

export const unreadableBody = (reason: string) =>
  mock(422, 'unreadable-body', 'Invalid request', `The form body cannot be read: ${reason}`);

export const bodyTooLarge = (limit: number) =>
  mock(413, 'request-body-too-large', 'Request body too large', `The body exceeds the mock's limit of ${limit} bytes.`);

export const unknownPreference = (detail: string) =>
  mock(422, 'unknown-preference', 'Cannot answer as preferred', detail);

export const invalidAnswer = (validation: Note[]) =>
  prism(
    500,
    'VIOLATIONS',
    'Request/Response not valid',
    'The answer does not match the description, so the mock answers this error instead (each entry of ' +
      '`validation` names a field).',
    { validation },
  );

export const upstreamFailed = (detail: string) => mock(502, 'upstream-failed', 'Upstream failed', detail);

export const upstreamTimedOut = (detail: string) => mock(504, 'upstream-timeout', 'Upstream timed out', detail);

/** A request that has already passed through this proxy: forwarding it again would loop for ever. */
export const loopDetected = (detail: string) => mock(508, 'loop-detected', 'Loop detected', detail);

export const mockFailure = (detail: string) => mock(500, 'mock-failure', 'Mock failure', detail);

const RETRY = { headers: { 'retry-after': '1' } };

/** The sandbox's shared store (Redis) cannot be reached: nothing was read or written. */
export const storeUnavailable = (store: string, reason: string) =>
  mock(
    503,
    'store-unavailable',
    'Sandbox store unavailable',
    `The sandbox's store ${store} cannot be reached (${reason}): nothing was read or written. The mock answers ` +
      'again as soon as the store is back.',
    RETRY,
  );

/** Another instance kept writing the same key faster than this one could. */
export const storeBusy = (store: string) =>
  mock(
    503,
    'store-busy',
    'Sandbox store busy',
    `This API key's state in ${store} kept changing under this request (other instances writing it): nothing ` +
      'was written. Try again.',
    RETRY,
  );
