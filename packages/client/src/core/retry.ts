// When and how long to wait before sending a call again.

export interface RetryOptions {
  /** Further attempts after the first. Default 2; 0 turns retries off. */
  max?: number;
  /** First backoff step in ms, doubled on each attempt and jittered. Default 250. */
  baseDelayMs?: number;
  /** Longest wait in ms, also the most a Retry-After header may ask for. Default 10 000. */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

/** `value` when it is a whole number ≥ `min`; else a RangeError naming `who` and the option. */
export function wholeNumber(value: unknown, min: number, option: string, who: string): number {
  if (!Number.isInteger(value) || (value as number) < min)
    throw new RangeError(`${who}: ${option} must be a whole number ≥ ${min}, got ${value}`);
  return value as number;
}

/** The policy of `retries` (a count or RetryOptions), checked; errors name `who`. */
export function retryPolicy(options: number | RetryOptions | undefined, who: string): RetryPolicy {
  const given = typeof options === 'number' ? { max: options } : (options ?? {});
  const policy = { max: 2, baseDelayMs: 250, maxDelayMs: 10_000, ...given };
  for (const [name, value] of Object.entries(policy)) {
    wholeNumber(value, 0, `retries.${name}`, who);
  }
  return policy;
}

/**
 * Milliseconds to wait before attempt `attempt + 1`: the server's Retry-After when it gives one in
 * seconds, as the service and the mock do (undefined when it asks for longer than maxDelayMs),
 * else exponential backoff with "equal jitter" (half fixed, half random) so that clients do not
 * retry in step.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter: string | null | undefined,
  random = Math.random,
): number | undefined {
  const ms = retryAfter ? Number(retryAfter) * 1000 : Number.NaN;
  if (ms >= 0) return ms > policy.maxDelayMs ? undefined : ms;
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return step / 2 + random() * (step / 2);
}
