// When and how long to wait before sending a call again.

export interface RetryOptions {
  /** Further attempts after the first. Default 2; 0 turns retries off. */
  max?: number;
  /** First backoff step in ms (at most 2³¹−1), doubled on each attempt and jittered. Default 250. */
  baseDelayMs?: number;
  /**
   * Longest wait in ms (at most 2³¹−1). A Retry-After asking for longer ends the retries. Default 10 000.
   */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

/** The longest wait a timer can take, in ms: past it, Node and browsers fire it at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `value` when it is a whole number from `min` to `max`; else a RangeError naming `who` and the
 * option. A duration's `max` is MAX_TIMER_MS: a longer one is refused, never a timer that fires early.
 */
export function wholeNumber(value: unknown, min: number, option: string, who: string, max = Infinity): number {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    const range = max < Infinity ? `from ${min} to ${max} (the longest a timer waits)` : `≥ ${min}`;
    throw new RangeError(`${who}: ${option} must be a whole number ${range}, got ${String(value)}`);
  }
  return value as number;
}

/** The policy of `retries` (a count or RetryOptions), checked; errors name `who`. */
export function retryPolicy(options: number | RetryOptions | undefined, who: string): RetryPolicy {
  const given = typeof options === 'number' ? { max: options } : (options ?? {});
  const policy = { max: 2, baseDelayMs: 250, maxDelayMs: 10_000, ...given };
  for (const [name, value] of Object.entries(policy)) {
    wholeNumber(value, 0, `retries.${name}`, who, name === 'max' ? Infinity : MAX_TIMER_MS);
  }
  return policy;
}

/**
 * Milliseconds to wait before attempt `attempt + 1`. The server's Retry-After, in seconds or as an
 * HTTP date (RFC 9110), is honoured: undefined (no retry) when it asks for longer than maxDelayMs,
 * since retrying sooner than asked would only be refused again. Without one, exponential backoff
 * with "equal jitter" (half fixed, half random) so that clients do not retry in step.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | null | undefined,
  random = Math.random,
): number | undefined {
  const ms = askedWait(retryAfter);
  if (ms >= 0) return ms > policy.maxDelayMs ? undefined : ms;
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}

/** The wait a Retry-After asks for, in ms: delay-seconds, or an HTTP date (0 once past); else NaN. */
function askedWait(value: string | null | undefined): number {
  if (value && /^\d+$/.test(value)) return Number(value) * 1000;
  // A date names its day or month (`Wed, 21 Oct 2026 07:28:00 GMT`); Date.parse would read `1.5` as a year.
  return value && /[a-z]/i.test(value) ? Math.max(0, Date.parse(value) - Date.now()) : Number.NaN;
}
