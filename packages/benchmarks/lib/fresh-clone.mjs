// A fresh clone of the committed HEAD (uncommitted changes are not measured), and what a command
// run in it costs: its wall time and the CPU the whole machine spent meanwhile (Chromium, Redis
// and every other child included, which a process's own rusage misses).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** CPU-seconds the machine has spent, all cores (user, nice, system, irq, softirq, steal of /proc/stat). */
function machineCpuSeconds() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ is 100 on Linux
}

/**
 * Clones the repository's HEAD into a temporary folder: `{ dir, commit, run(command, args),
 * remove() }`. run() runs the command in the clone and returns `{ seconds, cpu, output }`; it
 * throws, with the end of the output, when the command fails.
 */
export function freshClone() {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-clone-'));
  execFileSync('git', ['clone', '--quiet', root, dir]);
  return {
    dir,
    commit,
    run(command, args) {
      const cpuBefore = machineCpuSeconds();
      const started = performance.now();
      const run = spawnSync(command, args, { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const seconds = (performance.now() - started) / 1000;
      const cpu = machineCpuSeconds() - cpuBefore;
      if (run.status !== 0)
        throw new Error(
          `${command} ${args.join(' ')} failed (${run.status}):\n${(run.stdout + run.stderr).slice(-4000)}`,
        );
      return { seconds, cpu, output: run.stdout };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
