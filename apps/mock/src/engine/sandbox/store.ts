// State per API key. Every key starts from the fixture's state and sees only its own writes. A
// collection is never changed: a write replaces it (and a record) with a new one, so a key that
// only reads costs nothing, and an answer built from a collection stays as it was.
//
// What a key wrote is kept as fields, each about the size of what was written, as the shared
// store keeps them in Redis (node/redis-store.ts): `r:<list>:<slot>` a record of a list (its JSON;
// `null` for a record of the fixture it removed), `c:<name>` any other collection whole (the
// counters). A record's slot is its place: the fixture's records are slots 0, 1, …, and each
// record added takes the next, so the records in slot order are the list in order. A key's state
// is bounded (`limits`): a record's JSON, and the bytes of its fields together; a request whose
// writes go beyond is undone, and refused (sandbox/index.ts).

/** The fixture's state: each collection (a list, or a map) by name, and `counters` of new ids. */
export type Collections = Readonly<Record<string, unknown>>;

/** The bounds of one key's state, in bytes of JSON (options maxStateBytes, maxRecordBytes). */
export interface StateLimits {
  maxStateBytes: number;
  maxRecordBytes: number;
}

/** A store of keys' states (keys: names from keys.ts), this one in memory or the shared one in Redis. */
export interface Store {
  /** How messages name it (never with a password). */
  name: string;
  get(key: string): Promise<KeyState>;
  /** True once the state's writes are kept; or, another instance having written the key since, its newer state. */
  put(key: string, state: KeyState): Promise<true | KeyState>;
  /** Forgets one key's writes, or every key's. */
  reset(key?: string): Promise<void>;
  /** Whether the key's state was dropped to make room (told once). */
  evicted(key: string): boolean;
  /** The in-memory store's: how many keys' states it keeps, and their bytes. */
  usage?(): { keys: number; bytes: number };
  close?(): Promise<void>;
}

/** What a request wrote beyond its key's bounds: the bound, and by how much. */
export interface Overflow {
  bound: keyof StateLimits;
  limit: number;
  bytes: number;
}

/** The field of a list's record in a slot. */
const recordField = (list: string, slot: number) => `r:${list}:${slot}`;
/** Bytes a field holds: its name and its JSON, in UTF-8 (as Redis holds them). */
const sizeOf = (field: string, json: string) => field.length + utf8Bytes(json);
/** Where `r:<list>:<slot>` splits. */
const RECORD_FIELD = /^r:(.+):(\d+)$/;

/** What a state was before a request's first write: each collection (and its slots) and field it changed. */
interface Undo {
  own: Map<string, [unknown, readonly number[] | undefined]>;
  sizes: Map<string, number>;
  bytes: number;
}

/** One key's collections: the fixture's, and those it wrote. */
export class KeyState {
  /** The shared store's: the stamp of the key's last write as Redis holds it ('0': none). */
  version = '0';
  /** Bytes of its fields, as `limits` count them. */
  bytes = 0;
  /** The in-memory store's: bytes when it was last stored. */
  keptBytes = 0;
  /** The fields written since the state was read or last stored: JSON, or '' for a field gone. */
  readonly changes = new Map<string, string>();
  readonly #base: Collections;
  /** The collections this key changed; for a list, each record's slot beside it. */
  readonly #own: Record<string, unknown> = {};
  readonly #slots: Record<string, readonly number[]> = {};
  readonly #next: Record<string, number> = {};
  /** Bytes of each field it holds. */
  readonly #sizes = new Map<string, number>();
  /** How to undo this request's writes. */
  #undo: Undo | undefined;

  /** A state over `base`, holding `fields` (as the shared store keeps them: name → JSON). */
  constructor(base: Collections, fields: Iterable<[string, string]> = []) {
    this.#base = base;
    const lists = new Map<string, [number, string][]>();
    for (const [field, json] of fields) {
      this.#sizes.set(field, sizeOf(field, json));
      this.bytes += sizeOf(field, json);
      const record = RECORD_FIELD.exec(field);
      if (record) {
        const [, list = '', slot = ''] = record;
        const stored = lists.get(list) ?? lists.set(list, []).get(list);
        stored?.push([Number(slot), json]);
      } else if (field.startsWith('c:')) this.#own[field.slice(2)] = Object.freeze(JSON.parse(json));
    }
    for (const [list, stored] of lists) this.#restore(list, stored);
  }

  /** A list as the fields `stored` ([slot, JSON]) change the fixture's. */
  #restore(list: string, stored: [number, string][]) {
    const base = this.#base[list] as readonly unknown[];
    const bySlot = new Map<number, unknown>(base.map((record, slot) => [slot, record]));
    for (const [slot, json] of stored) {
      const record = JSON.parse(json);
      if (record === null) bySlot.delete(slot);
      else bySlot.set(slot, Object.freeze(record));
    }
    const slots = [...bySlot.keys()].sort((a, b) => a - b);
    this.#own[list] = Object.freeze(slots.map((slot) => bySlot.get(slot)));
    this.#slots[list] = slots;
    this.#next[list] = Math.max(base.length, (slots.at(-1) ?? -1) + 1);
  }

  /** A collection (or the counters) as this key sees it. */
  read<T = readonly Record<string, any>[]>(name: string): T {
    const collection = Object.hasOwn(this.#own, name) ? this.#own[name] : this.#base[name];
    if (collection === undefined) throw new Error(`The sandbox has no collection "${name}"`);
    return collection as T;
  }

  /** Adds a record to a list; returns it. */
  add<T extends object>(name: string, record: T): T {
    const [list, slots] = this.#ownList(name);
    const slot = this.#next[name] ?? list.length;
    this.#next[name] = slot + 1;
    this.#replace(name, [...list, Object.freeze(record)], [...slots, slot]);
    this.#set(recordField(name, slot), JSON.stringify(record));
    return record;
  }

  /** Removes the record at `index` of a list; returns it. */
  remove(name: string, index: number) {
    const [list, slots] = this.#ownList(name);
    const slot = slots[index] as number;
    this.#replace(
      name,
      [...list.slice(0, index), ...list.slice(index + 1)],
      [...slots.slice(0, index), ...slots.slice(index + 1)],
    );
    // A record of the fixture stays removed (null); one the key added is gone.
    this.#set(recordField(name, slot), slot < (this.#base[name] as readonly unknown[]).length ? 'null' : '');
    return list[index];
  }

  /**
   * The record at `index` of a list with `changes` (fields, each replaced whole), as a new record
   * in its place; or the record itself, nothing written, when every change is the value it has.
   */
  update(name: string, index: number, changes: Record<string, unknown>) {
    const [list, slots] = this.#ownList(name);
    const record = list[index] as Record<string, unknown>;
    if (Object.keys(changes).every((field) => Object.is(record[field], changes[field]))) return record;
    const updated = Object.freeze({ ...record, ...changes });
    this.#replace(
      name,
      list.map((item, at) => (at === index ? updated : item)),
      slots,
    );
    this.#set(recordField(name, slots[index] as number), JSON.stringify(updated));
    return updated;
  }

  /** The next id of a counter (`job_id`, `ssh_key_id`), as a string. */
  next(counter: string): string {
    const counters = this.read<Record<string, number>>('counters');
    const id = counters[counter] ?? 1;
    const next = Object.freeze({ ...counters, [counter]: id + 1 });
    this.#keep('counters');
    this.#own.counters = next;
    this.#set('c:counters', JSON.stringify(next));
    return String(id);
  }

  /** A list as this key has it, with each record's slot. */
  #ownList(name: string): [readonly unknown[], readonly number[]] {
    const list = this.read<readonly unknown[]>(name);
    const slots = this.#slots[name] ?? list.map((_, slot) => slot);
    return [list, slots];
  }

  #replace(name: string, list: unknown[], slots: readonly number[]) {
    this.#keep(name);
    this.#own[name] = Object.freeze(list);
    this.#slots[name] = slots;
  }

  /** Remembers what a collection was before this request's first write to it. */
  #keep(name: string) {
    this.#undo ??= { own: new Map(), sizes: new Map(), bytes: this.bytes };
    if (!this.#undo.own.has(name)) this.#undo.own.set(name, [this.#own[name], this.#slots[name]]);
  }

  /** Sets a field (its JSON; '' to remove it), counting its bytes. */
  #set(field: string, json: string) {
    const undo = this.#undo as Undo;
    const before = this.#sizes.get(field) ?? 0;
    if (!undo.sizes.has(field)) undo.sizes.set(field, before);
    const after = json === '' ? 0 : sizeOf(field, json);
    if (after) this.#sizes.set(field, after);
    else this.#sizes.delete(field);
    this.bytes += after - before;
    this.changes.set(field, json);
  }

  /** What this request wrote beyond `limits`, if anything: a record too large, or the state. */
  overflow({ maxStateBytes, maxRecordBytes }: StateLimits): Overflow | undefined {
    if (!this.#undo) return undefined;
    for (const [field, json] of this.changes) {
      const bytes = field.startsWith('r:') ? utf8Bytes(json) : 0;
      if (bytes > maxRecordBytes) return { bound: 'maxRecordBytes', limit: maxRecordBytes, bytes };
    }
    return this.bytes > maxStateBytes && this.bytes > this.#undo.bytes
      ? { bound: 'maxStateBytes', limit: maxStateBytes, bytes: this.bytes }
      : undefined;
  }

  /** Undoes the writes since the state was read or last stored. */
  rollback() {
    const undo = this.#undo;
    if (!undo) return;
    for (const [name, [collection, slots]] of undo.own) {
      if (collection === undefined) delete this.#own[name];
      else this.#own[name] = collection;
      if (slots === undefined) delete this.#slots[name];
      else this.#slots[name] = slots;
    }
    for (const [field, size] of undo.sizes) {
      if (size) this.#sizes.set(field, size);
      else this.#sizes.delete(field);
    }
    this.bytes = undo.bytes;
    this.#undo = undefined;
    this.changes.clear();
  }

  /** The writes are stored: the next request starts from here. */
  stored() {
    this.#undo = undefined;
    this.changes.clear();
  }
}

/** Keys dropped whose next answer still has to say so, remembered at most (a fingerprint each). */
export const MAX_DROPPED = 1_000_000;

/**
 * The in-memory store over the fixture's state. At most `maxKeys` keys keep their writes (a suite
 * may use a fresh key per test): beyond, the least recently used key's state is dropped, and that
 * key starts again from the fixture; the store remembers the last MAX_DROPPED keys it dropped
 * (by a 53-bit fingerprint: 40 MB at most), so that the next answer to each can say so.
 * `onEvict(count)` is told each time a state is dropped, `onForget(count)` each time a dropped key
 * is forgotten, its warning with it.
 */
export function createMemoryStore(
  base: Collections,
  maxKeys: number,
  { onEvict, onForget }: { onEvict(count: number): void; onForget(count: number): void },
): Store {
  // The keys that wrote, least recently used first (a Map keeps insertion order).
  const keys = new Map<string, KeyState>();
  const dropped = new Set<number>();
  let evictions = 0;
  let forgotten = 0;
  let bytes = 0;
  const drop = (key: string) => {
    const state = keys.get(key) as KeyState;
    keys.delete(key);
    bytes -= state.keptBytes;
    dropped.add(fingerprint(key));
    onEvict(++evictions);
    if (dropped.size <= MAX_DROPPED) return;
    dropped.delete(dropped.values().next().value as number);
    onForget(++forgotten);
  };
  return {
    name: 'memory',
    async get(key) {
      const state = keys.get(key);
      if (!state) return new KeyState(base);
      // Used now: moved to the end of the order.
      keys.delete(key);
      keys.set(key, state);
      return state;
    },
    // Its writes were made on the state itself: it is kept (as the most recently used).
    async put(key, state) {
      keys.delete(key);
      keys.set(key, state);
      bytes += state.bytes - state.keptBytes;
      state.keptBytes = state.bytes;
      state.stored();
      while (keys.size > maxKeys) drop(keys.keys().next().value as string);
      return true;
    },
    evicted: (key) => dropped.size > 0 && !keys.has(key) && dropped.delete(fingerprint(key)),
    async reset(key) {
      if (key === undefined) {
        keys.clear();
        dropped.clear();
        bytes = 0;
        return;
      }
      bytes -= keys.get(key)?.keptBytes ?? 0;
      keys.delete(key);
      dropped.delete(fingerprint(key));
    },
    usage: () => ({ keys: keys.size, bytes }),
  };
}

/** The length of a text in UTF-8 (counted: faster than encoding it, and a state from Redis is counted each read). */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) bytes += c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

/** A 53-bit fingerprint of a key's name (cyrb53): one in 2⁵³ names share another's. */
function fingerprint(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
