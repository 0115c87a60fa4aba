// The @hostapi/mock README, and its docs with code to paste (the modes and the sandbox), each
// pasted into a fresh project outside the repository (lib/describe-readme.ts). The shared
// sandbox's Redis (`redis.internal` in docs/sandbox.md) is a real redis-server of this run.
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { afterAll, beforeAll } from 'vitest';
import { describeReadme } from '../lib/describe-readme.js';

let redis: RunningRedis | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.kill());

const MOCK = new URL('../../../apps/mock/', import.meta.url);
describeReadme('mock', new URL('README.md', MOCK));
describeReadme('mock-modes', new URL('docs/modes.md', MOCK));
describeReadme('mock-sandbox', new URL('docs/sandbox.md', MOCK), {
  placeholders: { 'redis://redis.internal:6379/0': () => redis!.url() },
});
