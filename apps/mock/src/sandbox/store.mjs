// State per API key. Every key starts from the fixture's frozen state and sees only its own
// writes: a key's collection is copied from the fixture the first time that key writes to it,
// so reads cost nothing, a key costs memory only for what it changed, and a reset forgets it.
//
// Each write stamps its collection with a number never used before, so that an answer computed
// from some collections can tell later whether they have changed since (see read-cache.mjs).

let clock = 0;

/** `{ of(apiKey) → KeyState, reset(apiKey?) , size }` over the fixture's frozen state. */
export function createStore(base) {
  const keys = new Map();
  return {
    of(apiKey) {
      return keys.get(apiKey) ?? new KeyState(base, (state) => keys.set(apiKey, state));
    },
    /** Forgets one key's writes, or every key's. */
    reset(apiKey) {
      if (apiKey === undefined) keys.clear();
      else keys.delete(apiKey);
    },
    /** How many keys have written something. */
    get size() {
      return keys.size;
    },
  };
}

class KeyState {
  #base;
  #own = {};
  #stamps = new Map();
  #adopt;
  #reading;

  constructor(base, adopt) {
    this.#base = base;
    this.#adopt = adopt;
  }

  /** A collection (or the counters) as this key sees it: read only. */
  read(name) {
    this.#reading?.add(name);
    return this.#own[name] ?? this.#base[name];
  }

  /** The key's own copy of a collection, to change. */
  write(name) {
    if (!(name in this.#own)) {
      if (!(name in this.#base)) throw new Error(`The sandbox has no collection "${name}"`);
      this.#own[name] = structuredClone(this.#base[name]);
      this.#adopt?.(this);
      this.#adopt = undefined;
    }
    this.#stamps.set(name, ++clock);
    return this.#own[name];
  }

  /** The next id of a counter (`job_id`, `ssh_key_id`), as a string. */
  next(counter) {
    const counters = this.write('counters');
    return String(counters[counter]++);
  }

  /** `{ result, stamps }`: what `compute()` returns, and the stamps of the collections it read. */
  tracking(compute) {
    this.#reading = new Set();
    try {
      const result = compute();
      return { result, stamps: [...this.#reading].map((name) => [name, this.#stamps.get(name) ?? 0]) };
    } finally {
      this.#reading = undefined;
    }
  }

  /** Whether none of these collections was written since it had these stamps. */
  unchangedSince(stamps) {
    return stamps.every(([name, stamp]) => (this.#stamps.get(name) ?? 0) === stamp);
  }
}
