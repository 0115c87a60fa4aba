// Pipeline: CI (`bash .ci/run`) on a fresh clone of the committed HEAD, then the README's test
// command re-run with nothing changed (turbo's cache), three times. Uncommitted changes are not
// measured. The package store and Chromium of this machine are reused, as on a warm CI runner.
// It also prints the CPU time the whole machine spent during the CI run (Chromium and Redis
// included): with the cores kept busy, that over the number of cores is the least time CI can
// take here, however its tasks are ordered.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGETS, report } from '../lib/report.mjs';
import { median } from '../lib/stats.mjs';

const RERUNS = 3;
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const clone = mkdtempSync(join(tmpdir(), 'hostapi-pipeline-'));

/** Seconds a command takes; its output is kept only to show it when it fails. */
function timed(command, args) {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: clone, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${run.status}):\n${(run.stdout + run.stderr).slice(-4000)}`);
  return { seconds: (performance.now() - started) / 1000, output: run.stdout };
}

/** CPU-seconds the machine has spent, all cores (user, nice, system, irq, softirq, steal of /proc/stat). */
function machineCpuSeconds() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ is 100 on Linux
}

try {
  execFileSync('git', ['clone', '--quiet', root, clone]);
  const cpuBefore = machineCpuSeconds();
  const ci = timed('bash', ['.ci/run']);
  const cpu = machineCpuSeconds() - cpuBefore;
  const cores = availableParallelism();
  const summary = ci.output.match(/^Tests: .*$/m)?.[0] ?? '(no summary line)';
  const reruns = Array.from({ length: RERUNS }, () => timed('pnpm', ['test']).seconds);
  const ok = report(
    'Pipeline',
    [
      `Fresh clone of ${commit}; CI printed "${summary}".`,
      `The machine spent ${cpu.toFixed(0)} CPU-seconds during it: ${(100 * cpu / (cores * ci.seconds)).toFixed(0)}% of its ${cores} cores; at least ${(cpu / cores).toFixed(0)} s on ${cores} cores, ${(cpu / BUDGETS.pipeline.ciSeconds.max).toFixed(1)} cores to end within the budget.`,
      `Re-runs of \`pnpm test\`: ${reruns.map((s) => s.toFixed(2)).join(', ')} s.`,
    ],
    [
      { figure: 'bash .ci/run on a fresh clone', value: ci.seconds, budget: 'pipeline.ciSeconds' },
      { figure: `pnpm test again, nothing changed (median of ${RERUNS})`, value: median(reruns), budget: 'pipeline.rerunSeconds' },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  rmSync(clone, { recursive: true, force: true });
}
