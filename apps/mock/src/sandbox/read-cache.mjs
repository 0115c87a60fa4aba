// Answers of reads (GET operations), kept while the collections they were computed from are
// unchanged for their key, and frozen: the front then checks each against the description once,
// as it does the default mode's examples, and a repeated read costs what an example costs.
import { deepFreeze } from './store.mjs';

/** At most this many answers are kept, the oldest dropped first. */
const SIZE = 512;

export function createReadCache() {
  const entries = new Map();
  return {
    /** The answer of `request` (a text naming key, operation and fields) for `state`, from `compute()` unless kept. */
    answer(request, state, compute) {
      const kept = entries.get(request);
      if (kept && state.unchangedSince(kept.stamps)) return kept.answer;
      const { result, stamps } = state.tracking(compute);
      // A copy: the answer must not share the key's records, which later writes change.
      const answer = deepFreeze(structuredClone(result));
      entries.delete(request);
      entries.set(request, { answer, stamps });
      if (entries.size > SIZE) entries.delete(entries.keys().next().value);
      return answer;
    },
  };
}
