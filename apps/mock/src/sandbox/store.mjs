// State per API key. Every key starts from the fixture's frozen state and sees only its own
// writes: the first time a key writes to a collection it gets its own copy of the list (the
// records themselves are shared), so reads cost nothing and a key costs memory only for what it
// changed; a reset forgets it.
//
// Records are frozen and never changed: a write adds, removes or replaces them. So a record an
// answer was built from stays as it was.
// Each write stamps its collection with a number never used before, so that an answer computed
// from some collections can tell later whether they have changed since (see answer-cache.mjs).
//
// At most `maxKeys` keys keep their writes (a suite may use a fresh key per test): beyond, the
// least recently used key's state is dropped, and that key starts again from the fixture; the
// store remembers the last `maxKeys` keys it dropped, so that the next answer to one can say so.
//
// A store, this one or the shared one in Redis (redis-store.mjs), is
//   get(apiKey)        → the key's KeyState, or a promise of it
//   put(apiKey, state) → true once the state's writes are kept, or a promise of true, or of the
//                        key's newer state to run the request on again (Redis: another instance wrote)
//   reset(apiKey?)     → forgets one key's writes, or every key's (a promise, or nothing)
//   evicted(apiKey)    → whether the key's state was dropped to make room (told once)
// Here a state is the key's own and writes to it are kept as they are made: get() and put() answer
// at once, and the sandbox, seeing no promise, does not call put() at all.

import { deepFreeze } from '../frozen.mjs';

let lastStamp = 0;

/** Keys whose writes are kept by default (about 1.5 kB each for a few writes). */
export const MAX_KEYS = 10_000;

/**
 * `{ get(apiKey) → KeyState, put(), reset(apiKey?), evicted(apiKey), size }` over the fixture's
 * frozen state. `onEvict(count)` is told each time a key's state is dropped.
 */
export function createStore(base, { maxKeys = MAX_KEYS, onEvict = () => {} } = {}) {
  // The keys that wrote, least recently used first (a Map keeps insertion order).
  const keys = new Map();
  const dropped = new Set();
  let evictions = 0;
  const keep = (apiKey, state) => {
    keys.set(apiKey, state);
    dropped.delete(apiKey);
    if (keys.size <= maxKeys) return;
    const oldest = keys.keys().next().value;
    keys.delete(oldest);
    dropped.add(oldest);
    if (dropped.size > maxKeys) dropped.delete(dropped.values().next().value);
    onEvict(++evictions);
  };
  return {
    get(apiKey) {
      const state = keys.get(apiKey);
      if (!state) return new KeyState(base, keep, apiKey);
      // Used now: moved to the end of the order.
      keys.delete(apiKey);
      keys.set(apiKey, state);
      return state;
    },
    /** The state's writes were kept as they were made. */
    put: () => true,
    /** Whether this key's state was dropped since its last request (told once). */
    evicted(apiKey) {
      return dropped.size > 0 && dropped.delete(apiKey);
    },
    /** Forgets one key's writes, or every key's. */
    reset(apiKey) {
      if (apiKey === undefined) {
        keys.clear();
        dropped.clear();
      } else {
        keys.delete(apiKey);
        dropped.delete(apiKey);
      }
    },
    /** How many keys have written something. */
    get size() {
      return keys.size;
    },
  };
}

export class KeyState {
  #base;
  #keep;
  #apiKey;
  // The key's own collections and their stamps, from its first write: until then, a key that
  // only reads is one small object per request.
  #own = null;
  #stamps = null;
  #reading;
  // A fork's (see fork()): the collections it has written, each copied before its first write.
  #written = null;
  /** The shared store's: the stamp of the key's last write as Redis holds it ('0': none). */
  version = '0';

  constructor(base, keep, apiKey) {
    this.#base = base;
    this.#keep = keep;
    this.#apiKey = apiKey;
  }

  /** A key's state as the shared store read it: its own collections, their stamps, its version. */
  static of(base, own, stamps, version) {
    const state = new KeyState(base);
    state.#own = own;
    state.#stamps = stamps;
    state.version = version;
    return state;
  }

  /**
   * A state that starts as this one and writes to copies of its collections, never to them: one
   * request's view in the shared store, whose writes are then stored whole (put) or dropped, while
   * other requests read this one.
   */
  fork() {
    const fork = new KeyState(this.#base);
    fork.#own = this.#own;
    fork.#stamps = this.#stamps;
    fork.#written = new Set();
    fork.version = this.version;
    return fork;
  }

  /** A fork's: whether it wrote. */
  get changed() {
    return this.#written !== null && this.#written.size > 0;
  }

  /** A fork's writes, to store: [name, JSON of the collection, ...]. */
  changes() {
    return [...this.#written].flatMap((name) => [name, JSON.stringify(this.#own[name])]);
  }

  /** A fork's writes were stored with `stamp`: it is now the key's state at that version. */
  settle(stamp) {
    for (const name of this.#written) this.#stamps.set(name, stamp);
    this.#written.clear();
    this.version = String(stamp);
  }

  /** A collection (or the counters) as this key sees it: read only. */
  read(name) {
    this.#reading?.add(name);
    return this.#own?.[name] ?? this.#base[name];
  }

  /**
   * The key's own copy of a collection, to add records to or remove them from (splice); its
   * records are frozen: replace one with update().
   */
  write(name) {
    if (this.#written !== null && !this.#written.has(name)) this.#copy(name);
    if (!this.#own) {
      this.#own = {};
      this.#stamps = new Map();
      this.#keep(this.#apiKey, this);
    }
    if (!(name in this.#own)) {
      const base = this.#base[name];
      if (base === undefined) throw new Error(`The sandbox has no collection "${name}"`);
      this.#own[name] = Array.isArray(base) ? [...base] : { ...base };
    }
    this.#stamps.set(name, ++lastStamp);
    return this.#own[name];
  }

  /** A fork's first write to a collection: its own copy of the collections' list, and of that one. */
  #copy(name) {
    if (this.#written.size === 0) {
      this.#own = { ...this.#own };
      this.#stamps = new Map(this.#stamps);
    }
    this.#written.add(name);
    const shared = this.#own[name];
    if (shared !== undefined) this.#own[name] = Array.isArray(shared) ? [...shared] : { ...shared };
  }

  /** Adds a record (frozen) to a collection; returns it. */
  add(name, record) {
    this.write(name).push(deepFreeze(record));
    return record;
  }

  /**
   * The record at `index` of a collection with `changes` (fields, each replaced whole), as a new
   * frozen record in its place; or the record itself, nothing written, when every change is the
   * value it already has.
   */
  update(name, index, changes) {
    const record = this.read(name)[index];
    let changed = false;
    for (const field in changes) {
      if (Object.is(record[field], changes[field])) continue;
      changed = true;
      deepFreeze(changes[field]);
    }
    if (!changed) return record;
    return (this.write(name)[index] = Object.freeze({ ...record, ...changes }));
  }

  /** The next id of a counter (`job_id`, `ssh_key_id`), as a string. */
  next(counter) {
    const counters = this.write('counters');
    return String(counters[counter]++);
  }

  /**
   * `{ result, stamps, wrote }`: what `compute()` returns, the stamps of the collections it read,
   * and whether it wrote to any.
   */
  tracking(compute) {
    this.#reading = new Set();
    const before = lastStamp;
    try {
      const result = compute();
      // [name, stamp, name, stamp, ...]: checked on every request an answer is given again.
      return {
        result,
        stamps: [...this.#reading].flatMap((name) => [name, this.#stamps?.get(name) ?? 0]),
        wrote: lastStamp !== before,
      };
    } finally {
      this.#reading = undefined;
    }
  }

  /** Whether none of these collections was written since it had these stamps. */
  unchangedSince(stamps) {
    for (let at = 0; at < stamps.length; at += 2)
      if ((this.#stamps?.get(stamps[at]) ?? 0) !== stamps[at + 1]) return false;
    return true;
  }
}
