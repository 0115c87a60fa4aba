// A fresh clone of the committed HEAD (uncommitted changes are not measured), and what a command
// run in it costs: its wall time and its CPU. The CPU is that of the command and every process it
// starts (Chromium, Redis, orphans included, which a process's own rusage misses), counted in a
// control group of its own where the machine lets us make one (root, with cgroup v1's cpuacct or
// cgroup v2), so that other work on a shared machine is not counted; elsewhere, the CPU the whole
// machine spent meanwhile.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
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

const v2Seconds = (dir) => Number(/^usage_usec (\d+)/m.exec(readFileSync(join(dir, 'cpu.stat'), 'utf8'))[1]) / 1e6;
const HIERARCHIES = [
  { root: '/sys/fs/cgroup/cpuacct', seconds: (dir) => Number(readFileSync(join(dir, 'cpuacct.usage'), 'utf8')) / 1e9 },
  { root: '/sys/fs/cgroup/unified', seconds: v2Seconds },
  { root: '/sys/fs/cgroup', seconds: v2Seconds },
];
let groups = 0;

/**
 * A new control group that counts CPU: `{ dir, seconds(), remove() }`, or null where none can be
 * made. A process that writes its PID to `dir/cgroup.procs` is counted, with all it starts.
 */
function cpuGroup() {
  for (const { root, seconds } of HIERARCHIES) {
    const dir = join(root, `hostapi-bench-${process.pid}-${++groups}`);
    try {
      mkdirSync(dir);
      seconds(dir);
      return {
        dir,
        seconds: () => seconds(dir),
        // Whatever the command left running goes back to the root group, so that this one can go.
        remove() {
          for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean))
            writeFileSync(join(root, 'cgroup.procs'), pid);
          rmdirSync(dir);
        },
      };
    } catch {
      if (existsSync(dir)) rmdirSync(dir);
    }
  }
  return null;
}

/**
 * Clones the repository's HEAD into a temporary folder: `{ dir, commit, counts, run(command,
 * args), remove() }`. run() runs the command in the clone and returns `{ seconds, cpu, output }`;
 * it throws, with the end of the output, when the command fails. `counts` says what `cpu` counts.
 */
export function freshClone() {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-clone-'));
  execFileSync('git', ['clone', '--quiet', root, dir]);
  const probe = cpuGroup();
  probe?.remove();
  return {
    dir,
    commit,
    counts: probe
      ? 'the CPU of each command and all it started (a control group of its own)'
      : 'the CPU the whole machine spent during each command (no control group could be made)',
    run(command, args) {
      const group = cpuGroup();
      const cpuBefore = group ? 0 : machineCpuSeconds();
      const started = performance.now();
      // The shell joins the group, then becomes the command: it and all it starts are counted.
      const run = group
        ? spawnSync('sh', ['-c', `echo $$ > '${group.dir}/cgroup.procs' && exec "$@"`, 'sh', command, ...args], {
            cwd: dir,
            encoding: 'utf8',
            maxBuffer: 256 * 1024 * 1024,
          })
        : spawnSync(command, args, { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
      const seconds = (performance.now() - started) / 1000;
      const cpu = group ? group.seconds() : machineCpuSeconds() - cpuBefore;
      group?.remove();
      if (run.status !== 0)
        throw new Error(
          `${command} ${args.join(' ')} failed (${run.status}):\n${(run.stdout + run.stderr).slice(-4000)}`,
        );
      return { seconds, cpu, output: run.stdout };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
