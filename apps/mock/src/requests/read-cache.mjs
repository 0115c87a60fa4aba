// Requests read before. Reading a request (routing it, parsing its fields, validating them, and
// its Prefer) depends only on its bytes, so a request sent again byte for byte, as load tests and
// polling clients send them, is given the frozen reading of its first time instead of being read
// again: the same operation, departures, fields and preferences, the same refusals never (a
// refused request is not kept). Only requests with no body or a short URL-encoded one are kept: a
// multipart body's boundary differs every time.
import { mediaTypeOf } from './fields.mjs';

/** Readings kept; the first kept is dropped first. */
const LIMIT = 256;
/** Longest URL-encoded body whose reading is kept. */
const SHORT_BODY = 4096;

export function createReadCache({ limit = LIMIT } = {}) {
  const kept = new Map();
  return {
    /**
     * `{ key, reading }`: the reading kept for the request's bytes (undefined if none), and the
     * key to keep one under (undefined for a request that is not kept).
     */
    lookup({ method, path, search, headers, body }) {
      const type = headers['content-type'] ?? '';
      if (body?.length && !(body.length <= SHORT_BODY && mediaTypeOf(type) === 'application/x-www-form-urlencoded')) return {};
      // Everything reading looks at; a body's bytes as latin1, one character each.
      const key = `${method} ${path}?${search}\n${type}\n${headers.prefer ?? ''}\n${body?.length ? body.toString('latin1') : ''}`;
      return { key, reading: kept.get(key) };
    },
    /** Keeps a reading (frozen by the caller) under a key from lookup(). */
    keep(key, reading) {
      kept.set(key, reading);
      if (kept.size > limit) kept.delete(kept.keys().next().value);
    },
  };
}
