// A consumer project for tsc: a strict file that calls all 22 operations with the spec's example
// inputs, and an empty file with the same settings. Inside this package, so that @hostapi/client
// resolves to its built package as an installed one would.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OPERATIONS } from '@hostapi/client';
import { operationsOf, readBundle } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';

const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const COMPILER_OPTIONS = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  module: 'nodenext',
  moduleResolution: 'nodenext',
  target: 'es2022',
  lib: ['es2022', 'dom'],
  types: ['node'],
  skipLibCheck: true,
  noEmit: true,
};

/** Resolves to { calls, check(name: 'consumer' | 'empty'), remove() }. */
export function createTypecheckProject() {
  const dir = mkdtempSync(fileURLToPath(new URL('../.bench-typecheck-', import.meta.url)));
  const doc = readBundle();
  const calls = operationsOf(doc).map(
    ({ method, op }) =>
      `  results.push(await api.${OPERATIONS[op.operationId].call}(${JSON.stringify(exampleInput(doc, op, method))}));`,
  );
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({ apiKey: 'k' });
export async function callEveryOperation(): Promise<unknown[]> {
  const results: unknown[] = [];
${calls.join('\n')}
  return results;
}
`,
  );
  writeFileSync(join(dir, 'empty.ts'), 'export {};\n');
  for (const name of ['consumer', 'empty'])
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: [`${name}.ts`] }),
    );

  return {
    calls: calls.length,
    /** Runs tsc once: wall seconds, and its own check time and counts. */
    async check(name) {
      const started = performance.now();
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [TSC, '-p', `${name}.json`, '--extendedDiagnostics'],
        { cwd: dir },
      );
      const wall = (performance.now() - started) / 1000;
      const figure = (label) => Number(stdout.match(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm'))?.[1]);
      return { wall, check: figure('Check time'), instantiations: figure('Instantiations'), types: figure('Types') };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
