// The @hostapi/mock README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
// Its shared sandbox's Redis (`redis.internal` in the README) is a real redis-server of this run.
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { afterAll, beforeAll } from 'vitest';
import { describeReadme } from '../lib/describe-readme.js';

let redis: RunningRedis | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.kill());

describeReadme('mock', new URL('../../../apps/mock/README.md', import.meta.url), {
  placeholders: { 'redis://redis.internal:6379/0': () => redis!.url() },
});
