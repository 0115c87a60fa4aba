// Typed failures. Every error names the operation; none carries the API key: whatever a server
// said is passed through the one key mask (@hostapi/spec/wire's maskKey) before it is put in one.

export type HostApiErrorKind =
  | 'api' // the service said no: `status: false`, or a body with only `msg`
  | 'rate-limit' // the key exceeded its requests per second
  | 'validation' // a validating server (the mock, Prism) listed the request's invalid fields
  | 'http' // an HTTP error status without the service's envelope
  | 'redirect' // a redirect, not followed
  | 'invalid-response' // a body that is not the JSON envelope, or a page that is not a page
  | 'response-too-large' // an answer longer than maxResponseBytes
  | 'network' // no response: refused, reset, DNS ...
  | 'timeout' // no response within timeoutMs
  | 'aborted' // the caller's AbortSignal fired
  | 'pagination'; // a paged list answered another page than the one asked for

/** What every failure of a call is; only its subclasses are thrown. */
export class HostApiError extends Error {
  override name = 'HostApiError';
  constructor(
    readonly kind: HostApiErrorKind,
    /** The operationId, e.g. `listServers`. */
    readonly operation: string,
    message: string,
    /** HTTP status, when a response arrived. */
    readonly status?: number,
  ) {
    super(`${operation}: ${message}`);
  }
}

/** The service refused the call with a message (`status: false`, or `msg` alone). */
export class ApiError extends HostApiError {
  override name = 'ApiError';
  constructor(
    operation: string,
    /** The service's own words. */
    readonly serviceMessage: string,
    status: number,
    /** `error.code`, on the failures that carry one. */
    readonly code?: number,
    kind: 'api' | 'rate-limit' = 'api',
  ) {
    super(kind, operation, serviceMessage, status);
  }
}

/** Too many requests per second for this key; the call did not run and may be sent again. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  constructor(operation: string, serviceMessage: string, status: number) {
    super(operation, serviceMessage, status, undefined, 'rate-limit');
  }
}

/** One invalid field of a request, as a validating server reports it. */
export interface FieldProblem {
  /** The field as sent (`client_id`, `params[Phone][Country]`), or `''` for the request as a whole. */
  field: string;
  /** What is wrong with it, in the server's words. */
  message: string;
  /** The server's name for the problem (`required`, `enum`, `type`, ...), when it gives one. */
  code?: string;
}

/**
 * The request was refused as invalid, with the list of its invalid fields: an RFC 7807 / 9457
 * problem body (HTTP 4xx) such as the mock's (and Prism's) 422. The message names every field.
 */
export class ValidationError extends HostApiError {
  override name = 'ValidationError';
  constructor(
    operation: string,
    status: number,
    readonly problems: FieldProblem[],
    title: string,
  ) {
    const fields = problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message));
    super('validation', operation, `${title}: ${fields.join('; ')}`, status);
  }
}

/** An HTTP error status whose body is not the service's envelope. */
export class HttpError extends HostApiError {
  override name = 'HttpError';
  constructor(
    operation: string,
    status: number,
    readonly bodyExcerpt: string,
  ) {
    super('http', operation, `HTTP ${status}${bodyExcerpt ? `: ${bodyExcerpt}` : ''}`, status);
  }
}

/**
 * The server answered with a redirect, which is not followed: it could take the key (in the
 * query, or a form sent again) to another origin. In browsers, which hide a redirect from the
 * page, `status` is 0 and `targetOrigin` is ''.
 */
export class RedirectError extends HostApiError {
  override name = 'RedirectError';
  constructor(
    operation: string,
    status: number,
    /** The origin it points to; never its URL, which may carry the key. */
    readonly targetOrigin: string,
  ) {
    const where = status ? ` (HTTP ${status}) to ${targetOrigin}` : '';
    super('redirect', operation, `redirected${where}, not followed`, status);
  }
}

/**
 * A successful status with a body that is not the JSON envelope, or (from a `listAll…` walk) a
 * result that is not a page of records.
 */
export class InvalidResponseError extends HostApiError {
  override name = 'InvalidResponseError';
  constructor(
    operation: string,
    status: number,
    readonly bodyExcerpt: string,
    expected = 'a JSON envelope',
  ) {
    super('invalid-response', operation, `expected ${expected}, got: ${bodyExcerpt || '(empty body)'}`, status);
  }
}

/** The answer was longer than `maxResponseBytes`: the transfer was stopped there. */
export class ResponseTooLargeError extends HostApiError {
  override name = 'ResponseTooLargeError';
  constructor(
    operation: string,
    status: number,
    readonly maxResponseBytes: number,
  ) {
    super('response-too-large', operation, `longer than maxResponseBytes (${maxResponseBytes})`, status);
  }
}

/** No response: connection refused or reset, name not resolved, ... */
export class NetworkError extends HostApiError {
  override name = 'NetworkError';
  constructor(operation: string, message: string) {
    super('network', operation, `network failure: ${message}`);
  }
}

/** No complete answer within `timeoutMs`; the transfer was stopped. */
export class TimeoutError extends HostApiError {
  override name = 'TimeoutError';
  constructor(
    operation: string,
    readonly timeoutMs: number,
  ) {
    super('timeout', operation, `no response within ${timeoutMs} ms`);
  }
}

/** The caller's AbortSignal fired; the transfer was stopped. */
export class AbortedError extends HostApiError {
  override name = 'AbortedError';
  constructor(operation: string) {
    super('aborted', operation, 'aborted by the caller');
  }
}

/**
 * A paged list answered another page than the one asked for: the server ignores
 * `filters[page_number]`, and walking on would yield the same records again.
 */
export class PaginationError extends HostApiError {
  override name = 'PaginationError';
  constructor(
    operation: string,
    readonly askedPage: number,
    readonly answeredPage: number,
  ) {
    const why = 'the server ignores filters[page_number]';
    super('pagination', operation, `asked for page ${askedPage}, got page ${answeredPage}: ${why}`);
  }
}

const EXCERPT = 200;

/** Text with the client's key masked (@hostapi/spec/wire's maskKey over that one key). */
export type Mask = (text: string) => string;

/** The first characters of a body, on one line, without the key (masked whole, then cut: no key is cut in two). */
export function excerpt(text: string, mask: Mask): string {
  const line = mask(text).replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line;
}
