// The sandbox under any sequence of writes from any number of keys, with any bounds, in memory and
// in Redis (fast-check, its seed printed): the state kept stays under the documented bound (in
// memory, --max-keys × --max-state, as the store counts it; in Redis, each key's hash, as Redis
// holds it), a write is refused only beyond a bound and then changes nothing, and every key that
// wrote either keeps its state or is told, on its next answer, that it was dropped (never a key
// that did not write).
import { createClient } from '@redis/client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../src/engine/mode.ts';
import type { Sandbox } from '../src/engine/sandbox/index.ts';
import { createSandbox, document } from './sandbox-support.ts';
import { STORES, useStore } from './sandbox-stores.ts';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s me@laptop';
/** The first SSH key id the built-in fixture hands out. */
const FIRST_ID = 42;
/** What an SSH key's record holds besides its label and content, as JSON (ids, dates, field names). */
const RECORD_OVERHEAD = 300;
const utf8 = (text: string) => new TextEncoder().encode(text).length;

interface Bounds {
  maxKeys: number;
  maxStateBytes: number;
  maxRecordBytes: number;
}
type Step =
  | { kind: 'add'; key: number; label: string }
  | { kind: 'get'; key: number; pick: number }
  | { kind: 'backup'; key: number }
  | { kind: 'reset'; key: number };

const label = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3000 }) },
  )
  .chain((length) => fc.string({ unit: fc.constantFrom('x', 'é', '€', '-'), minLength: length, maxLength: length }));
const step = (keys: number): fc.Arbitrary<Step> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), key: fc.nat(keys - 1), label }) },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('get' as const), key: fc.nat(keys - 1), pick: fc.nat(20) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('backup' as const), key: fc.nat(keys - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset' as const), key: fc.nat(keys - 1) }) },
  );
const scenario = fc
  .record({
    maxKeys: fc.integer({ min: 1, max: 6 }),
    maxStateBytes: fc.integer({ min: 300, max: 6000 }),
    maxRecordBytes: fc.integer({ min: 200, max: 3000 }),
    keys: fc.integer({ min: 1, max: 12 }),
  })
  .chain((bounds) => fc.tuple(fc.constant(bounds), fc.array(step(bounds.keys), { minLength: 1, maxLength: 50 })));

/** What one key should see: its SSH keys (id → label), the next id, whether it wrote since it last started. */
interface KeyModel {
  ids: Map<string, string>;
  next: number;
  wrote: boolean;
}
const fresh = (): KeyModel => ({ ids: new Map(), next: FIRST_ID, wrote: false });
/** Bytes of the key's SSH keys' labels and contents: less than its state holds. */
const held = (model: KeyModel) => [...model.ids.values()].reduce((sum, text) => sum + utf8(text) + utf8(CONTENT), 0);

const codes = (answer: Answer) => (answer.warnings ?? []).map((note) => note.code);

describe.each(STORES)('the sandbox under any writes from any number of keys (%s store)', (kind) => {
  const store = useStore(kind);

  /** The block's own connection to its Redis, to read what the sandbox holds there (one for all runs). */
  const connect = () => createClient({ url: store.redis!.url() });
  let redis: ReturnType<typeof connect> | undefined;
  beforeAll(async () => {
    if (kind !== 'redis') return;
    redis = connect();
    await redis.connect();
  });
  afterAll(() => redis?.close());

  /** In Redis: the bytes of each key's hash but its version, as Redis holds them. */
  async function redisStates(): Promise<number[]> {
    const sizes: number[] = [];
    for await (const names of redis!.scanIterator({ MATCH: 'hostapi:sandbox:*:key:*', COUNT: 1000 }))
      for (const name of names) {
        const fields = await redis!.hGetAll(name);
        const entries = Object.entries(fields).filter(([field]) => field !== 'v');
        sizes.push(entries.reduce((sum, [field, value]) => sum + utf8(field) + utf8(value), 0));
      }
    return sizes;
  }

  it('keeps the state under its bounds, and every key that wrote keeps its state or is told', async () => {
    const runs = 40;
    console.info(`sandbox memory property (${kind}): ${runs} runs, seed ${seed}`);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ([bounds, steps]) => {
        run++;
        if (kind === 'redis') await redis!.flushDb();
        const { maxKeys, maxStateBytes, maxRecordBytes }: Bounds = bounds;
        const sandbox: Sandbox = await createSandbox({
          document,
          maxStateBytes,
          maxRecordBytes,
          ...(kind === 'memory' ? { maxKeys } : {}),
          ...store.options(),
          clock: { now: () => Date.parse('2026-11-23T10:00:00Z'), sleep: async () => {} },
        });
        const model = new Map<number, KeyModel>();
        const of = (key: number) => model.get(key) ?? model.set(key, fresh()).get(key)!;
        const apiKey = (key: number) => `run-${run}-key-${key}`;
        const call = async (key: number, operationId: string, fields: Record<string, unknown>) => {
          const answer = await sandbox.answer({
            operationId,
            apiKey: apiKey(key),
            fields: { client_id: '293', ...fields },
          });
          if (codes(answer).includes('sandboxStateDropped')) {
            // Only a key that wrote is told, only in memory, and it starts again from the fixture.
            expect(kind).toBe('memory');
            expect(of(key).wrote, `${apiKey(key)} told it was dropped, having written nothing`).toBe(true);
            model.set(key, fresh());
          }
          return answer;
        };
        const read = async (key: number, id: string) => {
          const answer = await call(key, 'getSshKey', { key_id: id });
          const label = of(key).ids.get(id);
          if (label === undefined) expect(answer.body).toEqual({ msg: 'SSH key not found.', status: false });
          else
            expect(answer.body, `${apiKey(key)} lost SSH key ${id} without being told`).toMatchObject({
              return: { label },
            });
        };
        try {
          for (const next of steps) {
            const m = of(next.key);
            if (next.kind === 'add') {
              const answer = await call(next.key, 'addSshKey', { label: next.label, content: CONTENT });
              const k = of(next.key);
              const record = utf8(next.label) + utf8(CONTENT);
              if (answer.status === 200) {
                expect((answer.body as { return: { key_id: string } }).return.key_id).toBe(String(k.next));
                // Made only within the bounds.
                expect(record).toBeLessThanOrEqual(maxRecordBytes);
                expect(held(k) + record).toBeLessThanOrEqual(maxStateBytes);
                k.ids.set(String(k.next++), next.label);
                k.wrote = true;
              } else {
                expect(answer.status).toBe(400);
                const [why] = codes(answer).filter((code) => code !== 'sandboxStateDropped');
                // Refused only beyond a bound: nothing written, the next id the same.
                if (why === 'sandboxRecordTooLarge') expect(record + RECORD_OVERHEAD).toBeGreaterThan(maxRecordBytes);
                else {
                  expect(why).toBe('sandboxStateFull');
                  expect(held(k) + (k.ids.size + 1) * RECORD_OVERHEAD + record + 100).toBeGreaterThan(maxStateBytes);
                }
              }
            } else if (next.kind === 'get') {
              const ids = [...m.ids.keys(), String(m.next), String(m.next + 7)];
              await read(next.key, ids[next.pick % ids.length] as string);
            } else if (next.kind === 'backup') {
              const answer = await call(next.key, 'backupStack', { server: 'cloud01', name: 'shop' });
              if (answer.status === 200) of(next.key).wrote = true;
              else expect(codes(answer)).toContain('sandboxStateFull');
            } else {
              await sandbox.reset(apiKey(next.key));
              model.set(next.key, fresh());
            }
            // The state kept, within its documented bound.
            if (kind === 'memory') {
              const usage = sandbox.usage()!;
              expect(usage.keys).toBeLessThanOrEqual(maxKeys);
              expect(usage.bytes).toBeLessThanOrEqual(maxKeys * maxStateBytes);
            } else for (const bytes of await redisStates()) expect(bytes).toBeLessThanOrEqual(maxStateBytes);
          }
          // Every key that wrote: each of its SSH keys is there, or it is told it was dropped.
          for (const [key, m] of model) for (const id of [...m.ids.keys()]) await read(key, id);
        } finally {
          await sandbox.close();
        }
      }),
      { numRuns: runs, seed },
    );
  }, 300_000);
});
