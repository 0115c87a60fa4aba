// Hand-written code stays readable side by side: no line longer than 120 characters, comments
// and strings included (Biome's formatter wraps code, but not a long string or comment).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url);
const LIMIT = 120;
const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js|sh)$|^\.ci\//;
const GENERATED = /(^|\/)(generated|dist)\//;

it(`no hand-written source line is longer than ${LIMIT} characters`, () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => CODE.test(file) && !GENERATED.test(file));
  expect(files.length).toBeGreaterThan(100);
  const long = files.flatMap((file) =>
    readFileSync(new URL(file, ROOT), 'utf8')
      .split('\n')
      .flatMap((line, i) => ([...line].length > LIMIT ? [`${file}:${i + 1} (${[...line].length})`] : [])),
  );
  expect(long).toEqual([]);
});
