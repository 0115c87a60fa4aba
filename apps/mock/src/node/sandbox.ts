// The sandbox as Node makes it: its fixture read from a file (or the built-in one), its state in
// this process's memory or in Redis.
import { type Api, type Node, readApi } from '../engine/api.ts';
import type { Log } from '../engine/log.ts';
import { FixtureError, type FixtureSource, loadFixture, parseFixture } from '../engine/sandbox/fixture.ts';
import { type Clock, createSandbox as createSandboxMode, type Sandbox } from '../engine/sandbox/index.ts';
import { createMemoryStore, MAX_KEYS } from '../engine/sandbox/store.ts';
import { createSchemas, type Schemas } from '../engine/schemas.ts';
import { checkOptions } from '../options.ts';
import { BUILT_IN_FIXTURE, readText } from './files.ts';
import { createRedisStore } from './redis-store.ts';

export { BUILT_IN_FIXTURE, FixtureError };

export interface NodeSandboxOptions {
  api: Api;
  schemas: Schemas;
  /** The path of a YAML or JSON fixture, the fixture itself, or (default) the built-in one. */
  fixture?: string | Record<string, unknown> | undefined;
  rateLimit?: number | undefined;
  latencyMs?: number | undefined;
  maxKeys?: number | undefined;
  /** `redis://...`: each key's state in Redis, shared by every sandbox given the same URL and fixture. */
  store?: string | undefined;
  storeTtlMs?: number | undefined;
  log: Pick<Log, 'warn'>;
  clock?: Clock | undefined;
}

/** A fixture: the path of a .yaml, .yml or .json file, or the data itself. */
export function readFixture(fixture: string | Node = BUILT_IN_FIXTURE): FixtureSource {
  if (typeof fixture !== 'string') return { source: '(object)', raw: fixture };
  let text: string;
  try {
    text = readText(fixture);
  } catch (error) {
    throw new FixtureError(fixture, [`cannot be read: ${(error as Error).message}`]);
  }
  return parseFixture(text, fixture);
}

export async function createNodeSandbox(options: NodeSandboxOptions): Promise<Sandbox> {
  const { api, schemas, maxKeys = MAX_KEYS, log } = options;
  const base = loadFixture(schemas, readFixture(options.fixture));
  // Said once, then at the 10th, 100th, … time: a suite with a key per test drops many.
  const onEvict = (count: number) => {
    if (/^10*$/.test(String(count)))
      log.warn(
        `sandbox: dropped the state of the least recently used API key, more than ${maxKeys} having written ` +
          `(${count} dropped so far; --max-keys raises the limit)`,
      );
  };
  const store =
    options.store === undefined
      ? createMemoryStore(base, maxKeys, onEvict)
      : await createRedisStore(base, { url: options.store, ttlMs: options.storeTtlMs, warn: log.warn });
  return createSandboxMode({
    api,
    base,
    store,
    rateLimit: options.rateLimit,
    latencyMs: options.latencyMs,
    maxKeys,
    clock: options.clock,
  });
}

/**
 * A sandbox on its own, as its tests make it: the description (an object, or the path of its
 * JSON) read here, the options checked as startMock() checks them.
 */
export async function createSandbox(
  options: Omit<NodeSandboxOptions, 'api' | 'schemas' | 'log'> & { document: string | Node; log?: Pick<Log, 'warn'> },
): Promise<Sandbox> {
  const { document, log = { warn: () => {} }, clock, ...rest } = options;
  if (!(typeof document === 'string' || document?.paths))
    throw new TypeError('createSandbox needs the description (document) as an object or the path of its JSON');
  checkOptions({ sandbox: true, ...rest }, 'mock', false);
  const api = readApi(typeof document === 'string' ? JSON.parse(readText(document)) : document);
  const schemas = await createSchemas(api.document);
  return createNodeSandbox({ ...rest, api, schemas, log, clock });
}
