// Requests read before. Reading a request (routing it, parsing its fields, validating them, and
// its Prefer) depends only on its bytes, so a request sent again byte for byte, as load tests and
// polling clients send them, is given the frozen reading of an earlier time instead of being read
// again: the same operation, departures, fields and preferences, the same refusals never (a
// refused request is not kept). A reading is kept the second time its bytes come, so that
// requests sent once (most of a varied suite's) cost no copy. Only requests with no body or a
// short URL-encoded one are kept: a multipart body's boundary differs every time.
import { mediaTypeOf } from './fields.mjs';

/** Readings kept; the first kept is dropped first. */
const LIMIT = 256;
/** Longest URL-encoded body whose reading is kept. */
const SHORT_BODY = 4096;

export function createReadCache({ limit = LIMIT } = {}) {
  // key → the frozen reading, or null: seen once, not kept yet; and the keys in the order they
  // came, in a ring, the oldest overwritten (and dropped) first.
  const kept = new Map();
  const order = new Array(limit);
  let next = 0;
  return {
    /**
     * `{ key, reading }`: the reading kept for the request's bytes (undefined if none), and the
     * key to keep one under (undefined for a request that is not kept, or seen for the first
     * time: most requests of a varied suite are never sent again, and keeping costs a copy).
     */
    lookup({ method, path, search, headers, body }) {
      const type = headers['content-type'] ?? '';
      if (body?.length && !(body.length <= SHORT_BODY && mediaTypeOf(type) === 'application/x-www-form-urlencoded'))
        return {};
      // Everything reading looks at; a body's bytes as latin1, one character each.
      const key = `${method} ${path}?${search}\n${type}\n${headers.prefer ?? ''}\n${body?.length ? body.toString('latin1') : ''}`;
      const reading = kept.get(key);
      if (reading !== undefined) return { key: reading ? undefined : key, reading: reading ?? undefined };
      remember(key, null);
      return {};
    },
    /** Keeps a reading (frozen by the caller) under a key from lookup(). */
    keep(key, reading) {
      remember(key, reading);
    },
  };

  function remember(key, value) {
    if (kept.has(key)) {
      kept.set(key, value);
      return;
    }
    if (order[next] !== undefined) kept.delete(order[next]);
    order[next] = key;
    next = (next + 1) % limit;
    kept.set(key, value);
  }
}
