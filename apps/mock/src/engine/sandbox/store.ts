// State per API key. Every key starts from the fixture's state and sees only its own writes. A
// collection is never changed: a write replaces it (and a record) with a new one, so a key that
// only reads costs nothing, and an answer built from a collection stays as it was.
//
// A store, this one (in memory) or the shared one in Redis (node/redis-store.ts), is
//   get(key)        → the key's state
//   put(key, state) → true once the state's writes are kept, or the key's newer state to run the
//                     request on again (Redis: another instance wrote it in between)
//   reset(key?)     → forgets one key's writes, or every key's
//   evicted(key)    → whether the key's state was dropped to make room (told once)
// Keys are names from keys.ts.

/** The fixture's state: each collection (a list, or a map) by name, and `counters` of new ids. */
export type Collections = Readonly<Record<string, unknown>>;

export interface Store {
  /** How messages name it (never with a password). */
  name: string;
  get(key: string): Promise<KeyState>;
  put(key: string, state: KeyState): Promise<true | KeyState>;
  reset(key?: string): Promise<void>;
  evicted(key: string): boolean;
  close?(): Promise<void>;
}

/** One key's collections: the fixture's, and those it wrote. */
export class KeyState {
  /** The shared store's: the stamp of the key's last write as Redis holds it ('0': none). */
  version = '0';
  readonly #base: Collections;
  readonly #own: Record<string, unknown>;
  /** The collections written since this state was read (what put() stores). */
  readonly written = new Set<string>();
  /** Told at the key's first write (the in-memory store starts keeping it then). */
  readonly #onWrite: (() => void) | undefined;

  constructor(base: Collections, own: Record<string, unknown> = {}, onWrite?: () => void) {
    this.#base = base;
    this.#own = own;
    this.#onWrite = onWrite;
  }

  /** A collection (or the counters) as this key sees it. */
  read<T = readonly Record<string, any>[]>(name: string): T {
    const collection = Object.hasOwn(this.#own, name) ? this.#own[name] : this.#base[name];
    if (collection === undefined) throw new Error(`The sandbox has no collection "${name}"`);
    return collection as T;
  }

  /** The key's own collections, as JSON (what the shared store keeps). */
  json(name: string): string {
    return JSON.stringify(this.#own[name]);
  }

  /** Replaces a collection. */
  write(name: string, collection: unknown) {
    this.read(name);
    if (!this.written.size && !Object.keys(this.#own).length) this.#onWrite?.();
    this.#own[name] = Object.freeze(collection);
    this.written.add(name);
  }

  /** Adds a record to a list; returns it. */
  add<T extends object>(name: string, record: T): T {
    this.write(name, [...this.read<readonly unknown[]>(name), Object.freeze(record)]);
    return record;
  }

  /** Removes the record at `index` of a list; returns it. */
  remove(name: string, index: number) {
    const list = this.read(name);
    this.write(name, [...list.slice(0, index), ...list.slice(index + 1)]);
    return list[index];
  }

  /**
   * The record at `index` of a list with `changes` (fields, each replaced whole), as a new record
   * in its place; or the record itself, nothing written, when every change is the value it has.
   */
  update(name: string, index: number, changes: Record<string, unknown>) {
    const list = this.read(name);
    const record = list[index] as Record<string, unknown>;
    if (Object.keys(changes).every((field) => Object.is(record[field], changes[field]))) return record;
    const updated = Object.freeze({ ...record, ...changes });
    this.write(
      name,
      list.map((item, at) => (at === index ? updated : item)),
    );
    return updated;
  }

  /** The next id of a counter (`job_id`, `ssh_key_id`), as a string. */
  next(counter: string): string {
    const counters = this.read<Record<string, number>>('counters');
    const id = counters[counter] ?? 1;
    this.write('counters', { ...counters, [counter]: id + 1 });
    return String(id);
  }
}

/**
 * The in-memory store over the fixture's state. At most `maxKeys` keys keep their writes (a suite
 * may use a fresh key per test): beyond, the least recently used key's state is dropped, and that
 * key starts again from the fixture; the store remembers the last `maxKeys` keys it dropped, so
 * that the next answer to one can say so. `onEvict(count)` is told each time.
 */
export function createMemoryStore(base: Collections, maxKeys: number, onEvict: (count: number) => void): Store {
  // The keys that wrote, least recently used first (a Map keeps insertion order).
  const keys = new Map<string, KeyState>();
  const dropped = new Set<string>();
  let evictions = 0;
  const keep = (key: string, state: KeyState) => {
    keys.set(key, state);
    dropped.delete(key);
    if (keys.size <= maxKeys) return;
    const oldest = keys.keys().next().value as string;
    keys.delete(oldest);
    dropped.add(oldest);
    if (dropped.size > maxKeys) dropped.delete(dropped.values().next().value as string);
    onEvict(++evictions);
  };
  return {
    name: 'memory',
    async get(key) {
      const state = keys.get(key);
      if (!state) {
        const fresh: KeyState = new KeyState(base, {}, () => keep(key, fresh));
        return fresh;
      }
      // Used now: moved to the end of the order.
      keys.delete(key);
      keys.set(key, state);
      return state;
    },
    // Its writes were kept as they were made.
    put: async () => true,
    evicted: (key) => dropped.size > 0 && dropped.delete(key),
    async reset(key) {
      if (key === undefined) {
        keys.clear();
        dropped.clear();
      } else {
        keys.delete(key);
        dropped.delete(key);
      }
    },
  };
}
