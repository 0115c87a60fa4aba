// CI's CPU, task by task: on a fresh clone of the committed HEAD, `pnpm install`, then every task
// that the README's test command (`pnpm test`) has turbo run, its dependencies first, one at a
// time (`turbo run <task> --filter=<package>`, its dependencies replayed from turbo's cache),
// each timed with the CPU it spent (Chromium and Redis included; lib/fresh-clone.mjs). The sum
// over the cores is the least time CI can take on this machine, whatever turbo runs side by side:
// printed for all of it, and without its largest task. Then `pnpm test` again, nothing changed:
// every task must be a cache hit of turbo's (a task that is not is named, and the benchmark
// fails), and its wall time is reported.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freshClone } from '../lib/fresh-clone.mjs';
import { printTable, report } from '../lib/report.mjs';

process.env.TURBO_TELEMETRY_DISABLED = '1'; // as the root scripts run turbo
const clone = freshClone();
const cores = availableParallelism();

/** turbo's tasks for `pnpm test` (its dry run), each after those it depends on; tasks without a script left out. */
function testTasks() {
  const script = JSON.parse(readFileSync(join(clone.dir, 'package.json'), 'utf8')).scripts.test;
  // The words after `turbo run` up to its first option: the task names.
  const words = script.split(/\bturbo run\s+/)[1]?.split(/\s+/) ?? [];
  const firstOption = words.findIndex((word) => word.startsWith('-'));
  const names = firstOption === -1 ? words : words.slice(0, firstOption);
  if (!names.length) throw new Error(`ci-cpu: the root test script runs no turbo tasks: ${script}`);
  const { tasks } = JSON.parse(clone.run('pnpm', ['exec', 'turbo', 'run', ...names, '--dry=json']).output);
  const byId = new Map(tasks.map((task) => [task.taskId, task]));
  const ordered = [];
  const visit = (task) => {
    if (ordered.includes(task)) return;
    for (const id of task.dependencies) visit(byId.get(id));
    ordered.push(task);
  };
  tasks.forEach(visit);
  return ordered.filter((task) => task.command !== '<NONEXISTENT>');
}

try {
  const install = clone.run('pnpm', ['install', '--frozen-lockfile']);
  const runs = [{ name: 'pnpm install', kind: 'install', ...install }];
  for (const task of testTasks()) {
    // Through turbo, as CI runs it, so that its cache holds what the builds made: a test that
    // runs `pnpm start` (turbo's bundle and build first) finds them built, as in CI. Not with
    // --only: a task without its dependencies has another hash, which `pnpm test` would not find.
    runs.push({
      name: task.taskId,
      kind: task.task,
      ...clone.run('pnpm', [
        'exec',
        'turbo',
        'run',
        task.task,
        `--filter=${task.package}`,
        '--output-logs=errors-only',
      ]),
    });
  }
  // What `pnpm test` will not find in turbo's cache (a task whose inputs its own run, or a later
  // task's, changed), then its run.
  const missed = testTasks().filter((task) => task.cache.status !== 'HIT');
  const rerun = clone.run('pnpm', ['test']);
  const total = runs.reduce((sum, run) => sum + run.cpu, 0);
  const largest = runs.reduce((a, b) => (b.cpu > a.cpu ? b : a));
  const share = (cpu) => `${((100 * cpu) / total).toFixed(0)}%`;
  console.log(`\n## CI's CPU, task by task (fresh clone of ${clone.commit}, one task at a time)\n`);
  printTable(
    ['task', 'wall', 'CPU', 'share'],
    [...runs]
      .sort((a, b) => b.cpu - a.cpu)
      .map((run) => [run.name, `${run.seconds.toFixed(1)} s`, `${run.cpu.toFixed(1)} s`, share(run.cpu)]),
  );
  const kinds = new Map();
  for (const run of runs) kinds.set(run.kind, (kinds.get(run.kind) ?? 0) + run.cpu);
  const byKind = [...kinds].map(([kind, cpu]) => `${kind} ${cpu.toFixed(0)}`).join(', ');
  const ok = report(
    'CI: the least time its CPU takes, and a re-run',
    [
      `CPU: ${clone.counts}.`,
      `${runs.length} steps, ${runs.reduce((sum, run) => sum + run.seconds, 0).toFixed(0)} s one after ` +
        `another; they spent ${total.toFixed(0)} CPU-seconds (${byKind}).`,
      `On ${cores} cores with none idle, that is the least time CI takes, however turbo orders it; without its ` +
        `largest task (${largest.name}, ${largest.cpu.toFixed(0)} CPU-seconds), the least time of the rest.`,
      missed.length
        ? `Not cached when \`pnpm test\` ran again with nothing changed: ${missed.map((t) => t.taskId).join(', ')}.`
        : `\`pnpm test\` again with nothing changed: every task a cache hit.`,
    ],
    [
      { figure: `all of CI's work over ${cores} cores`, value: total / cores, budget: 'pipeline.ciSeconds' },
      {
        figure: `the same without ${largest.name}`,
        value: (total - largest.cpu) / cores,
        budget: 'pipeline.ciSeconds',
      },
      { figure: '`pnpm test` again, nothing changed', value: rerun.seconds, budget: 'pipeline.rerunSeconds' },
    ],
  );
  process.exitCode = ok && !missed.length ? 0 : 3;
} finally {
  clone.remove();
}
