// Pipeline: CI (`bash .ci/run`) on a fresh clone of the committed HEAD, then the README's test
// command re-run with nothing changed (turbo's cache), three times. Uncommitted changes are not
// measured. The package store and Chromium of this machine are reused, as on a warm CI runner.
// It also prints the CPU time the CI run spent (Chromium and Redis included; lib/fresh-clone.mjs):
// with the cores kept busy, that over the number of cores is the least time CI can take here,
// however its tasks are ordered. (Where that CPU goes, task by task: ci-cpu.)
import { availableParallelism } from 'node:os';
import { freshClone } from '../lib/fresh-clone.mjs';
import { BUDGETS, report } from '../lib/report.mjs';
import { median } from '../lib/stats.mjs';

const RERUNS = 3;
const clone = freshClone();

try {
  const ci = clone.run('bash', ['.ci/run']);
  const cores = availableParallelism();
  const summary = ci.output.match(/^Tests: .*$/m)?.[0] ?? '(no summary line)';
  const reruns = Array.from({ length: RERUNS }, () => clone.run('pnpm', ['test']).seconds);
  const ok = report(
    'Pipeline',
    [
      `Fresh clone of ${clone.commit}; CI printed "${summary}".`,
      `It spent ${ci.cpu.toFixed(0)} CPU-seconds (${clone.counts}): ` +
        `${((100 * ci.cpu) / (cores * ci.seconds)).toFixed(0)}% of its ${cores} cores; at least ` +
        `${(ci.cpu / cores).toFixed(0)} s on ${cores} cores, ` +
        `${(ci.cpu / BUDGETS.pipeline.ciSeconds.max).toFixed(1)} cores to end within the budget.`,
      `Re-runs of \`pnpm test\`: ${reruns.map((s) => s.toFixed(2)).join(', ')} s.`,
    ],
    [
      { figure: 'bash .ci/run on a fresh clone', value: ci.seconds, budget: 'pipeline.ciSeconds' },
      {
        figure: `pnpm test again, nothing changed (median of ${RERUNS})`,
        value: median(reruns),
        budget: 'pipeline.rerunSeconds',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  clone.remove();
}
