// The rate limiter's memory: it keeps each key's request times only while they can still refuse
// something, so a suite that uses a new API key per test does not grow the sandbox without end.
import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/engine/sandbox/rate-limit.ts';

describe('the rate limiter', () => {
  it('forgets keys idle for a second once 1,024 keys have come, never a key still counting', () => {
    const limiter = createRateLimiter();
    for (let k = 0; k < 1024; k++) expect(limiter.refuses(`old-${k}`, undefined, 0)).toBe(false);
    expect(limiter.size).toBe(1024);
    // 1.5 s later a new key comes: every old one is idle, and forgotten
    expect(limiter.refuses('busy', 1, 1500)).toBe(false);
    expect(limiter.size).toBe(1);
    expect(limiter.refuses('busy', 1, 1600)).toBe(true);
    // 1,024 keys within the same second: none is idle, none forgotten, the busy key still counted
    for (let k = 0; k < 1023; k++) limiter.refuses(`new-${k}`, undefined, 1700);
    expect(limiter.refuses('late', undefined, 1800)).toBe(false);
    expect(limiter.size).toBe(1025);
    expect(limiter.refuses('busy', 1, 1800)).toBe(true);
    expect(limiter.refuses('busy', 1, 2600)).toBe(false);
  });

  it('forgets a key whose only requests were refused', () => {
    const limiter = createRateLimiter();
    for (let k = 0; k < 1024; k++) expect(limiter.refuses(`refused-${k}`, 0, 0)).toBe(true);
    limiter.refuses('next', undefined, 10);
    expect(limiter.size).toBe(1);
  });
});
