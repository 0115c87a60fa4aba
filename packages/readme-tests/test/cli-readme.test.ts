// The @hostapi/cli README, then the pages of its docs/, pasted into a fresh project outside the
// repository (lib/describe-readme.ts): its `npx hostapi …` commands run as written, against the
// sandbox its Install section starts, with the project's own config folder (XDG_CONFIG_HOME), so
// that its `hostapi login` saves nothing in the machine's.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeReadme } from '../lib/describe-readme.js';

const CLI = new URL('../../../packages/cli/', import.meta.url);
const pages = ['README.md', ...readdirSync(new URL('docs/', CLI)).map((page) => `docs/${page}`)];
const combined = join(mkdtempSync(join(tmpdir(), 'hostapi-cli-readme-')), 'README.md');
writeFileSync(combined, pages.map((page) => readFileSync(new URL(page, CLI), 'utf8')).join('\n'));

describeReadme('cli', pathToFileURL(combined), { env: (dir) => ({ XDG_CONFIG_HOME: join(dir, '.config') }) });
