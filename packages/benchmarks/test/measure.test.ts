// The arithmetic and the verdicts every benchmark relies on.
import { expect, it } from 'vitest';
import { format, judge } from '../lib/report.mjs';
import { alternate, median, quantile } from '../lib/stats.mjs';

it('median and quantiles interpolate between ranks, whatever the order', () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(quantile([10, 0], 0.99)).toBeCloseTo(9.9);
  expect(() => median([])).toThrow(/no values/);
});

it('alternate runs the sides in turn, reversing the order every round', async () => {
  const order: string[] = [];
  const results = await alternate(4, { a: async (round: number) => (order.push(`a${round}`), round), b: async (round: number) => (order.push(`b${round}`), -round) });
  expect(order).toEqual(['a0', 'b0', 'b1', 'a1', 'a2', 'b2', 'b3', 'a3']);
  expect(results).toEqual({ a: [0, 1, 2, 3], b: [-0, -1, -2, -3] });
});

it('a figure over its maximum, or under its minimum, misses its budget', () => {
  expect(judge('bundle.operationClientGzip', 4500).ok).toBe(true);
  expect(judge('bundle.operationClientGzip', 4501)).toMatchObject({ ok: false, enforced: true, text: '≤ 4,500 B' });
  expect(judge('mock.throughputRatio', 0.19)).toMatchObject({ ok: false, enforced: false, text: '≥ 0.20×' });
  expect(() => judge('bundle.nothing', 1)).toThrow(/no budget "bundle.nothing"/);
  expect(format(1.149, '×')).toBe('1.15×');
});
