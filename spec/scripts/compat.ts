// Prints what changed since the last release (released/openapi.json) and exits 1 on a change
// that breaks callers. `pnpm --filter @hostapi/spec compat`.
import { compare, readReleased } from '../lib/compat.ts';
import { readBundle } from '../lib/document.ts';

const released = readReleased();
if (!released) {
  console.log(
    'Nothing released yet: no caller to break. ' +
      '`pnpm release:version` records the released description in spec/released/openapi.json.',
  );
} else {
  const { breaking, compatible } = compare(released, readBundle());
  console.log(`Changes since ${released.info.version}:`);
  for (const line of breaking) console.log(`  BREAKING    ${line}`);
  for (const line of compatible) console.log(`  compatible  ${line}`);
  if (!breaking.length && !compatible.length) console.log('  none');
  process.exitCode = breaking.length ? 1 : 0;
}
