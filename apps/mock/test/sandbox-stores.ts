// The sandbox's two stores, for suites that run once on each (describe.each(STORES)): the
// in-memory default, and Redis (`store: redis://...`) on a real redis-server started for the block.
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { afterAll, beforeAll } from 'vitest';
import type { Sandbox } from '../src/engine/sandbox/index.ts';
import { createSandbox } from './sandbox-support.js';

import type { SandboxOptions } from './sandbox-support.js';

export const STORES = ['memory', 'redis'] as const;
export type StoreKind = (typeof STORES)[number];

/**
 * Inside a describe block: for 'redis', a redis-server for the block's tests; `create(options)`
 * makes a sandbox on the block's store, closed (with its connection) after the block.
 */
export function useStore(kind: StoreKind) {
  let redis: RunningRedis | undefined;
  const made: Sandbox[] = [];
  beforeAll(async () => {
    if (kind === 'redis') redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(made.map((sandbox) => sandbox.close()));
    await redis?.kill();
  });
  const options = (): { store?: string } => (kind === 'redis' ? { store: redis!.url() } : {});
  return {
    options,
    get redis() {
      return redis;
    },
    async create(given: SandboxOptions) {
      const sandbox = await createSandbox({ ...given, ...options() });
      made.push(sandbox);
      return sandbox;
    },
  };
}
