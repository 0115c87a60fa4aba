// Prints a benchmark's table: each figure, the limit it is measured against, and its budget from
// budgets.json. Timing budgets are reported; `enforced` ones (sizes, counts) are also checked by
// the test suite, so CI fails when they are exceeded.
import { readFileSync } from 'node:fs';

export const BUDGETS = JSON.parse(readFileSync(new URL('../budgets.json', import.meta.url), 'utf8'));

/**
 * The budget of `key` ("bench.figure") and whether `value` meets it; with `interval` (`{ low,
 * high }`, see medianInterval()), whether it is not measurably missed: whether the interval
 * reaches the budget.
 */
export function judge(key, value, interval) {
  const [bench, figure] = key.split('.');
  const budget = BUDGETS[bench]?.[figure];
  if (!budget) throw new Error(`budgets.json has no budget "${key}"`);
  const ok = 'max' in budget ? (interval?.low ?? value) <= budget.max : (interval?.high ?? value) >= budget.min;
  const text =
    ('max' in budget ? `≤ ${format(budget.max, budget.unit)}` : `≥ ${format(budget.min, budget.unit)}`) +
    (interval ? ' (in the interval)' : '');
  return { ok, text, enforced: Boolean(budget.enforced), unit: budget.unit };
}

export function format(value, unit) {
  const digits =
    unit === '×' ? 2 : Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit === '×' ? `${number}×` : unit ? `${number} ${unit}` : number;
}

/**
 * rows: { figure, value (a number in the budget's unit), interval? ({ low, high }, around the
 * value), limit (text: what it is measured against), budget (a budgets.json key) }. Returns false
 * when an enforced budget is missed; a missed timing budget is printed as such, not failed on
 * (shared machines are noisy).
 */
export function report(title, notes, rows) {
  const lines = rows.map(({ figure, value, interval, limit = '', budget }) => {
    const verdict = judge(budget, value, interval);
    const mark = verdict.ok ? 'ok' : verdict.enforced ? 'OVER BUDGET (enforced)' : 'over budget';
    const measured =
      format(value, verdict.unit) +
      (interval ? ` (${format(interval.low, verdict.unit)}–${format(interval.high, verdict.unit)})` : '');
    return { cells: [figure, measured, limit, verdict.text, mark], verdict };
  });
  console.log(`\n## ${title}\n${notes.map((note) => `   ${note}`).join('\n')}\n`);
  printTable(
    ['figure', 'measured', 'measured against', 'budget', ''],
    lines.map(({ cells }) => cells),
  );
  return lines.every(({ verdict }) => verdict.ok || !verdict.enforced);
}

/** Prints rows of text cells under `header`, in aligned columns. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((cells) => cells[i].length)));
  const row = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(row(header));
  console.log(row(widths.map((w) => '-'.repeat(w))));
  for (const cells of rows) console.log(row(cells));
}
