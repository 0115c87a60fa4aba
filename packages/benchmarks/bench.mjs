// `pnpm bench [name ...]`: runs each benchmark (bench/<name>.mjs) in its own process, one after
// another so that none disturbs another, and prints their tables. Exits non-zero when a
// benchmark fails or an enforced budget is missed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Quick ones first; pipeline (a fresh clone and a full CI run) last.
const ORDER = [
  'bundle-size',
  'typecheck',
  'client-overhead',
  'mock-throughput',
  'mock-instructions',
  'mock-binary',
  'cli-start',
  'sandbox',
  'msw',
  'hostile',
  'docs-render',
  'docs-console',
  'source-lines',
  'ci-cpu',
  'pipeline',
];
const BENCH = fileURLToPath(new URL('./bench/', import.meta.url));
const known = readdirSync(BENCH).map((file) => file.replace(/\.mjs$/, ''));
const missing = known.filter((name) => !ORDER.includes(name));
if (missing.length) throw new Error(`bench.mjs: add ${missing.join(', ')} to ORDER`);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Choose from: ${ORDER.join(', ')}`);
  process.exit(2);
}
const failed = [];
for (const name of asked.length ? ORDER.filter((n) => asked.includes(n)) : ORDER) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [`${BENCH}${name}.mjs`], { stdio: 'inherit' });
  console.log(`   (${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed or over an enforced budget: ${failed.join(', ')}`);
  process.exit(1);
}
