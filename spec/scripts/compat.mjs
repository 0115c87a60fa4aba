// Prints what changed since the last release (released/openapi.json) and exits 1 on a change
// that breaks callers. `pnpm --filter @hostapi/spec compat`.
import { readFileSync } from 'node:fs';
import { compare } from '../lib/compat.mjs';
import { readBundle } from '../lib/document.mjs';

const released = JSON.parse(readFileSync(new URL('../released/openapi.json', import.meta.url), 'utf8'));
const { breaking, compatible } = compare(released, readBundle());
console.log(`Changes since ${released.info.version}:`);
for (const line of breaking) console.log(`  BREAKING  ${line}`);
for (const line of compatible) console.log(`  added     ${line}`);
if (!breaking.length && !compatible.length) console.log('  none');
process.exitCode = breaking.length ? 1 : 0;
