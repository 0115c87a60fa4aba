// Hand-written source lines per package, now and at a base commit (`BASE=<commit> pnpm bench
// source-lines`; default: the commit before issue 35's work): the code a newcomer reads. Tests,
// generated files, build output, type declarations, configs and scripts (generators, build entry
// points) are counted apart, as "scripts", or not at all.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BASE = process.env.BASE ?? '2d22107';
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const NOT_SOURCE =
  /(^|\/)(test|tests|generated|dist|fixtures|node_modules)\/|\.test\.|\.d\.[mc]?ts$|(^|\/)[^/]*config\.[mc]?[jt]s$/;
const SCRIPTS = /(^|\/)(scripts|bench)\//;
const PACKAGES = [
  'spec',
  'packages/types',
  'packages/client',
  'packages/mcp',
  'packages/cli',
  'apps/mock',
  'apps/docs',
];

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });

/** { package: { source, scripts } } at a commit. */
function count(commit) {
  const files = git('ls-tree', '-r', '--name-only', commit)
    .split('\n')
    .filter((f) => CODE.test(f) && !NOT_SOURCE.test(f));
  const out = Object.fromEntries(PACKAGES.map((p) => [p, { source: 0, scripts: 0 }]));
  for (const file of files) {
    const pkg = PACKAGES.find((p) => file.startsWith(`${p}/`));
    if (!pkg) continue;
    const lines = git('show', `${commit}:${file}`).split('\n').length - 1;
    out[pkg][SCRIPTS.test(file.slice(pkg.length)) ? 'scripts' : 'source'] += lines;
  }
  return out;
}

const before = count(BASE);
const now = count('HEAD');
console.log(`\n## Hand-written source lines: ${BASE} → HEAD (tests, generated files and configs aside)\n`);
console.log(`${'package'.padEnd(18)}${'source'.padStart(18)}${'scripts'.padStart(18)}`);
let total = [0, 0, 0, 0];
for (const p of PACKAGES) {
  const [b, n] = [before[p], now[p]];
  total = [total[0] + b.source, total[1] + n.source, total[2] + b.scripts, total[3] + n.scripts];
  console.log(
    `${p.padEnd(18)}${`${b.source} → ${n.source}`.padStart(18)}${`${b.scripts} → ${n.scripts}`.padStart(18)}`,
  );
}
console.log(
  `${'all'.padEnd(18)}${`${total[0]} → ${total[1]}`.padStart(18)}${`${total[2]} → ${total[3]}`.padStart(18)}`,
);
