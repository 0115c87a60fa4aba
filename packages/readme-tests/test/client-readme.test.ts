// The @hostapi/client README, pasted into a fresh project outside the repository (lib/describe-readme.ts),
// followed by the pages of its docs/ in the same project: they continue where the README ends
// (its Install section installs and starts what they use).
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeReadme } from '../lib/describe-readme.js';

const CLIENT = new URL('../../../packages/client/', import.meta.url);
const pages = ['README.md', ...readdirSync(new URL('docs/', CLIENT)).map((page) => `docs/${page}`)];
const combined = join(mkdtempSync(join(tmpdir(), 'hostapi-client-readme-')), 'README.md');
writeFileSync(combined, pages.map((page) => readFileSync(new URL(page, CLIENT), 'utf8')).join('\n'));

describeReadme('client', pathToFileURL(combined));
