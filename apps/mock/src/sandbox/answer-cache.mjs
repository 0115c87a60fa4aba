// Answers kept per request: an answer is computed once for a key, operation and request, and
// given again while nothing it was computed from has changed: the collections it read (their
// stamps, store.mjs) and, if it read the clock, the second. A request that wrote something is
// never kept: sent again, it writes again (a new job id, a second registration refused). Kept
// answers are frozen copies, which the front checks against the description and serializes
// once, as it does the default mode's examples: a repeated request (what load tests send) costs
// what an example costs.
//
// A request is its fields. Frozen fields are the front's kept reading of a request
// (requests/read-cache.mjs: the same bytes, the same object), told apart by identity, a pointer
// compared among the few kept for the same key and operation; other fields (a multipart body, a
// call from code) by their content, as JSON.
import { deepFreeze } from '../frozen.mjs';

/** Answers kept per key and operation, the most recently used first. */
const PER_OPERATION = 8;
/** Keys whose answers are kept, the first seen dropped first. */
const KEYS = 256;

export function createAnswerCache() {
  // API key → operation → [{ request, answer, stamps, second }]
  const keys = new Map();
  return {
    /**
     * The answer to a request (its `fields`) to an operation for `state`: kept, or computed by
     * `compute(operation, fields, state, clock)`, which returns `{ result, keep }` (keep: false,
     * when no two such answers are alike), where `clock()` is the current second as a Date (the
     * service's timestamps have no finer part).
     */
    answer(apiKey, operation, fields, state, compute) {
      let operations = keys.get(apiKey);
      let entries = operations?.get(operation);
      // Frozen fields are found by identity first; only others are written out.
      let request = fields;
      let at = indexOf(entries, request);
      if (at < 0 && !Object.isFrozen(fields)) at = indexOf(entries, (request = JSON.stringify(fields)));
      let second;
      if (at >= 0) {
        const kept = entries[at];
        if (kept.second !== undefined) second = Math.floor(Date.now() / 1000);
        if (kept.second === second && state.unchangedSince(kept.stamps)) {
          if (at > 0) entries.unshift(...entries.splice(at, 1));
          return kept.answer;
        }
        entries.splice(at, 1);
      }
      second ??= Math.floor(Date.now() / 1000);
      let timed = false;
      const clock = () => {
        timed = true;
        return new Date(second * 1000);
      };
      const {
        result: { result, keep },
        stamps,
        wrote,
      } = state.tracking(() => compute(operation, fields, state, clock));
      if (wrote || !keep) return result;
      // A copy: the answer must not share the key's own lists, which later writes change.
      const answer = deepFreeze(structuredClone(result));
      if (!operations) {
        keys.set(apiKey, (operations = new Map()));
        if (keys.size > KEYS) keys.delete(keys.keys().next().value);
      }
      if (!entries) operations.set(operation, (entries = []));
      entries.unshift({ request, answer, stamps, second: timed ? second : undefined });
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

/** Where the answer to `request` is among a key's kept answers to an operation (-1: nowhere). */
function indexOf(entries = [], request) {
  for (let at = 0; at < entries.length; at++) if (entries[at].request === request) return at;
  return -1;
}
