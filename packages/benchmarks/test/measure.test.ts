// The arithmetic and the verdicts every benchmark relies on.
import { expect, it } from 'vitest';
import budgets from '../budgets.json' with { type: 'json' };
import { format, judge } from '../lib/report.mjs';
import { alternate, median, medianInterval, quantile } from '../lib/stats.mjs';

it('median and quantiles interpolate between ranks, whatever the order', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(quantile([10, 0], 0.99)).toBeCloseTo(9.9);
  expect(() => median([])).toThrow(/no values/);
});

it('the interval of a median holds it with the confidence asked, from order statistics', () => {
  const values = Array.from({ length: 15 }, (_, i) => 15 - i);
  // P(X ≤ 3) = 0.018 ≤ 0.05 < P(X ≤ 4) = 0.059 for X ~ Binomial(15, 1/2): the 4th from each end.
  expect(medianInterval(values)).toEqual({ median: 8, low: 4, high: 12 });
  // P(X ≤ 2) = 0.004 ≤ 0.005 < P(X ≤ 3): the 3rd from each end for 99%.
  expect(medianInterval(values, 0.99)).toEqual({ median: 8, low: 3, high: 13 });
  expect(() => medianInterval([1, 2, 3])).toThrow(/3 values are too few for a 90% interval/);
});

it('a figure with an interval misses its budget only when the whole interval does', () => {
  // Intervals around the budgets in budgets.json: straddling one passes, wholly past it fails.
  const { min } = budgets.sandbox.throughputRatio;
  const { max } = budgets.sandbox.cpuRatio;
  expect(judge('sandbox.throughputRatio', min - 0.02, { low: min - 0.05, high: min + 0.01 })).toMatchObject({
    ok: true,
    text: `≥ ${min.toFixed(2)}× (in the interval)`,
  });
  expect(judge('sandbox.throughputRatio', min - 0.04, { low: min - 0.07, high: min - 0.01 }).ok).toBe(false);
  expect(judge('sandbox.cpuRatio', max + 0.02, { low: max - 0.01, high: max + 0.05 }).ok).toBe(true);
  expect(judge('sandbox.cpuRatio', max + 0.04, { low: max + 0.01, high: max + 0.08 }).ok).toBe(false);
});

it('alternate runs the sides in turn, reversing the order every round', async () => {
  const order: string[] = [];
  const results = await alternate(4, {
    a: async (round: number) => {
      order.push(`a${round}`);
      return round;
    },
    b: async (round: number) => {
      order.push(`b${round}`);
      return -round;
    },
  });
  expect(order).toEqual(['a0', 'b0', 'b1', 'a1', 'a2', 'b2', 'b3', 'a3']);
  expect(results).toEqual({ a: [0, 1, 2, 3], b: [-0, -1, -2, -3] });
});

it('a figure over its maximum, or under its minimum, misses its budget', () => {
  expect(judge('bundle.operationClientGzip', 6400).ok).toBe(true);
  expect(judge('bundle.operationClientGzip', 6401)).toMatchObject({ ok: false, enforced: true, text: '≤ 6,400 B' });
  expect(judge('mock.throughputRatio', 0.39)).toMatchObject({ ok: false, enforced: false, text: '≥ 0.40×' });
  expect(() => judge('bundle.nothing', 1)).toThrow(/no budget "bundle.nothing"/);
  expect(format(1.149, '×')).toBe('1.15×');
});
