// The mock's own answers (RFC 7807 `application/problem+json`), as opposed to the API's: a
// request the mock refuses, or an answer it cannot give. Where Prism has the same refusal, the
// type and title are Prism's, so that suites written against `prism mock` keep matching.

const PRISM = 'https://stoplight.io/prism/errors#';
const own = (name: string) => `urn:hostapi:mock:${name}`;

/** One entry of sl-violations or of a problem's `validation`. */
export interface Note {
  location: string[];
  severity?: 'Error' | 'Warning';
  code: string;
  message: string;
}

/** An answer: a JSON value as body (the mock serializes it), or `raw` bytes passed on as they came. */
export interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Throw one from an answerer to answer with the mock's own problem document. */
export class Problem extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly validation: Note[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    extra: { validation?: Note[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.validation = extra.validation;
    this.headers = extra.headers;
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

export const noPath = (path: string) =>
  new Problem(
    404,
    `${PRISM}NO_PATH_MATCHED_ERROR`,
    'Route not resolved, no path matched',
    `The route ${path} hasn't been found in the specification file`,
  );

export const noMethod = (path: string, method: string, allowed: string[]) =>
  new Problem(
    405,
    `${PRISM}NO_METHOD_MATCHED_ERROR`,
    'Route resolved, but no method matched',
    `The route ${path} has been matched, but it does not have "${method.toLowerCase()}" method defined`,
    { headers: { allow: allowed.join(', ') } },
  );

export const versionNotListed = (path: string, listed: string) =>
  new Problem(
    404,
    `${PRISM}NO_PATH_MATCHED_ERROR`,
    'Route not resolved, no path matched',
    `The route ${path} hasn't been found in the specification file: the description lists this operation as ` +
      `${listed} (--strict; without it, any version segment from 1.0 to 1.5 is served)`,
  );

export const unauthorized = () =>
  new Problem(
    401,
    `${PRISM}UNAUTHORIZED`,
    'Invalid security scheme used',
    'Your request does not fulfil the security requirements: the apikey query parameter is missing or empty.',
  );

export const resetNeedsKey = () =>
  new Problem(
    422,
    own('reset-needs-key'),
    'Invalid request',
    'POST /__sandbox/reset restores one key: give it as ?apikey=<key>. Every key at once is not reset over ' +
      'HTTP (restart the mock, or call reset() of startMock() in your process).',
  );

export const invalidRequest = (validation: Note[]) =>
  new Problem(
    422,
    `${PRISM}UNPROCESSABLE_ENTITY`,
    'Invalid request',
    'Your request is not valid: each entry of `validation` names a field and what is wrong with it.',
    { validation },
  );

export const invalidContentType = (supported: string[]) =>
  new Problem(
    415,
    `${PRISM}INVALID_CONTENT_TYPE`,
    'Invalid content type',
    `Supported content types: ${supported.join(',')}`,
  );

export const missingBoundary = () =>
  new Problem(
    415,
    `${PRISM}INVALID_CONTENT_TYPE`,
    'Invalid content type',
    'Boundary parameter for multipart/form-data is not defined or generated in the request header. Try ' +
      'removing manually defined content-type from your request header if it exists.',
  );

export const unreadableBody = (reason: string) =>
  new Problem(422, own('unreadable-body'), 'Invalid request', `The form body cannot be read: ${reason}`);

export const bodyTooLarge = (limit: number) =>
  new Problem(
    413,
    own('request-body-too-large'),
    'Request body too large',
    `The body exceeds the mock's limit of ${limit} bytes.`,
  );

export const unknownPreference = (detail: string) =>
  new Problem(422, own('unknown-preference'), 'Cannot answer as preferred', detail);

export const invalidAnswer = (validation: Note[]) =>
  new Problem(
    500,
    `${PRISM}VIOLATIONS`,
    'Request/Response not valid',
    'The answer does not match the description, so the mock answers this error instead (each entry of ' +
      '`validation` names a field).',
    { validation },
  );

export const upstreamFailed = (detail: string) => new Problem(502, own('upstream-failed'), 'Upstream failed', detail);

export const upstreamTimedOut = (detail: string) =>
  new Problem(504, own('upstream-timeout'), 'Upstream timed out', detail);

/** A request that has already passed through this proxy: forwarding it again would loop for ever. */
export const loopDetected = (detail: string) => new Problem(508, own('loop-detected'), 'Loop detected', detail);

export const mockFailure = (detail: string) => new Problem(500, own('mock-failure'), 'Mock failure', detail);

/** The sandbox's shared store (Redis) cannot be reached: nothing was read or written. */
export const storeUnavailable = (store: string, reason: string) =>
  new Problem(
    503,
    own('store-unavailable'),
    'Sandbox store unavailable',
    `The sandbox's store ${store} cannot be reached (${reason}): nothing was read or written. The mock answers ` +
      'again as soon as the store is back.',
    { headers: { 'retry-after': '1' } },
  );

/** Another instance kept writing the same key faster than this one could. */
export const storeBusy = (store: string) =>
  new Problem(
    503,
    own('store-busy'),
    'Sandbox store busy',
    `This API key's state in ${store} kept changing under this request (other instances writing it): nothing ` +
      'was written. Try again.',
    { headers: { 'retry-after': '1' } },
  );
