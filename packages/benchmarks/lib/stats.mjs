// Medians, percentiles and side-by-side rounds: every figure is measured next to its limit in the
// same run, so that a busy machine slows both alike and the ratio holds.

export function median(values) {
  return quantile(values, 0.5);
}

/** Linear interpolation between the closest ranks. */
export function quantile(values, q) {
  if (!values.length) throw new RangeError('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.ceil(at)] - sorted[low]) * (at - low);
}

/**
 * `{ median, low, high }`: the median of `values` and an interval that holds the true median with
 * at least `confidence`, whatever the distribution: the k-th smallest and k-th largest value,
 * with k from the binomial distribution (p = 1/2) of how many values fall below the median.
 * For figures close to their budget, where one median is as likely over it as under.
 */
export function medianInterval(values, confidence = 0.9) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  // The largest k with P(X ≤ k - 1) ≤ (1 - confidence) / 2, X ~ Binomial(n, 1/2).
  let k = 0;
  let below = 0;
  let exactly = 0.5 ** n;
  while (below + exactly <= (1 - confidence) / 2) {
    below += exactly;
    exactly = (exactly * (n - k)) / (k + 1);
    k++;
  }
  if (k === 0) throw new RangeError(`${n} values are too few for a ${confidence * 100}% interval of their median`);
  return { median: median(sorted), low: sorted[k - 1], high: sorted[n - k] };
}

/**
 * Runs `rounds` rounds of every side, alternating the order (A B, B A, ...) so that neither side
 * always runs first, and returns each side's results, one per round.
 */
export async function alternate(rounds, sides) {
  const names = Object.keys(sides);
  const results = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) results[name].push(await sides[name](round));
  }
  return results;
}

/** Per-round ratios of `ours` to `limit`, and their median. */
export function medianRatio(ours, limit) {
  return median(ours.map((value, i) => value / limit[i]));
}
