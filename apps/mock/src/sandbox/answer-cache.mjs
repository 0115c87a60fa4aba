// Answers kept per request: an answer is computed once for a key, operation and request, and
// given again while nothing it was computed from has changed: the collections it read (their
// stamps, store.mjs) and, if it read the clock, the second. A request that wrote something is
// never kept: sent again, it writes again (a new job id, a second registration refused). Kept
// answers are frozen copies, which the front checks against the description and serializes
// once, as it does the default mode's examples: a repeated request (what load tests send) costs
// what an example costs.
//
// Requests are told apart by their bytes (see identity() in index.mjs), compared among the few
// kept for the same key and operation rather than written out and hashed whole into one map:
// about 0.1 µs a request instead of 1 µs.
import { deepFreeze } from './store.mjs';

/** Answers kept per key and operation, the most recently used first. */
const PER_OPERATION = 16;
/** Keys whose answers are kept, the first seen dropped first. */
const KEYS = 256;
const NO_BYTES = Buffer.alloc(0);

export function createAnswerCache() {
  // API key → operationId → [{ text, type, bytes, answer, stamps, second }]
  const keys = new Map();
  return {
    /**
     * The answer to a request (`{ text, type, bytes }`: what tells it apart from other requests
     * of that key to that operation) for `state`: kept, or computed by `compute(clock)`, which
     * returns `{ result, keep }` (keep: false, when no two such answers are alike), where
     * `clock()` is the current second as a Date (the service's timestamps have no finer part).
     */
    answer(apiKey, operationId, { text, type, bytes = NO_BYTES }, state, compute) {
      let operations = keys.get(apiKey);
      let entries = operations?.get(operationId);
      let second;
      for (let at = 0; entries && at < entries.length; at++) {
        const kept = entries[at];
        if (kept.text !== text || kept.type !== type || !kept.bytes.equals(bytes)) continue;
        if (kept.second !== undefined) second = Math.floor(Date.now() / 1000);
        if (kept.second === second && state.unchangedSince(kept.stamps)) {
          if (at > 0) entries.unshift(...entries.splice(at, 1));
          return kept.answer;
        }
        entries.splice(at, 1);
        break;
      }
      second ??= Math.floor(Date.now() / 1000);
      let timed = false;
      const clock = () => {
        timed = true;
        return new Date(second * 1000);
      };
      const { result: { result, keep }, stamps, wrote } = state.tracking(() => compute(clock));
      if (wrote || !keep) return result;
      // A copy: the answer must not share the key's own lists, which later writes change.
      const answer = deepFreeze(structuredClone(result));
      if (!operations) {
        keys.set(apiKey, (operations = new Map()));
        if (keys.size > KEYS) keys.delete(keys.keys().next().value);
      }
      if (!entries) operations.set(operationId, (entries = []));
      entries.unshift({ text, type, bytes: Buffer.from(bytes), answer, stamps, second: timed ? second : undefined });
      if (entries.length > PER_OPERATION) entries.pop();
      return answer;
    },
    /** Forgets one key's answers, or every key's. */
    forget(apiKey) {
      if (apiKey === undefined) keys.clear();
      else keys.delete(apiKey);
    },
  };
}
