// `pnpm generate`: the README's options table, rendered from the one table in src/options.ts
// (built first). test/options.test.ts fails when the README's copy is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { readBundle } from '@hostapi/spec/document';
import { optionsTable } from '../dist/options.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const table = /(<!-- options:[^\n]*-->\n)[\s\S]*?(<!-- \/options -->)/;
if (!table.test(readme)) throw new Error('README.md has no <!-- options: --> … <!-- /options --> markers');
writeFileSync(
  path,
  readme.replace(table, (_, open, close) => `${open}${optionsTable(readBundle())}\n${close}`),
);
