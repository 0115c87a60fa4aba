// Consumer type-check cost: `tsc --noEmit` on a strict file that calls all 22 operations against
// the same project with an empty file, alternately.
import { report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';
import { createTypecheckProject } from '../lib/typecheck.mjs';

const ROUNDS = 5;
const project = createTypecheckProject();
try {
  if (project.calls !== 22) throw new Error(`expected 22 operations, found ${project.calls}`);
  await project.check('consumer'); // warm the file cache
  const runs = await alternate(ROUNDS, {
    consumer: () => project.check('consumer'),
    empty: () => project.check('empty'),
  });
  const of = (side, key) => median(runs[side].map((run) => run[key]));
  const ok = report(
    'Consumer type-check: a strict file calling all 22 operations vs an empty file',
    [
      `tsc 5.9 --noEmit, strict + exactOptionalPropertyTypes + noUncheckedIndexedAccess, skipLibCheck; ` +
        `${ROUNDS} alternating runs each, medians.`,
      `Wall: consumer ${of('consumer', 'wall').toFixed(2)} s, empty ${of('empty', 'wall').toFixed(2)} s. ` +
        `Types: ${of('consumer', 'types')} vs ${of('empty', 'types')}.`,
    ],
    [
      {
        figure: 'wall time, consumer / empty',
        value: of('consumer', 'wall') / of('empty', 'wall'),
        limit: `empty file, ${of('empty', 'wall').toFixed(2)} s`,
        budget: 'typecheck.wallRatio',
      },
      {
        figure: "tsc's check time of the consumer",
        value: of('consumer', 'check'),
        limit: `empty file, ${of('empty', 'check').toFixed(2)} s`,
        budget: 'typecheck.checkSeconds',
      },
      {
        figure: 'type instantiations of the consumer',
        value: of('consumer', 'instantiations'),
        limit: `empty file, ${of('empty', 'instantiations')}`,
        budget: 'typecheck.instantiations',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  project.remove();
}
