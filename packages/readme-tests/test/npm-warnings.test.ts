// What npm warns of while a README's commands run must be explained by the README by then
// (lib/describe-readme.ts): here, that the check finds what it must on npm 11's own words.
import { expect, it } from 'vitest';
import { proseUpTo, unexplained } from '../lib/describe-readme.js';

const SKIPPED = `npm warn install-scripts 1 package has install scripts not yet covered by allowScripts:
npm warn install-scripts   esbuild@0.28.2 (postinstall: node install.js)
npm warn install-scripts
npm warn install-scripts Run \`npm install-scripts ls\` to review, or \`npm install-scripts approve <pkg>\` to allow.
`;

const README = `# a package

## Install

\`\`\`sh
npm install --save-dev tsx
\`\`\`

npm 11 lists \`esbuild\` as not yet covered by allowScripts: its script only checks its binary.

## Use

Text.
`;

it('a skipped install script is explained by prose, up to the section, naming it and allowScripts', () => {
  expect(unexplained(SKIPPED, proseUpTo(README, 'Install'))).toEqual([]);
  expect(unexplained(SKIPPED, proseUpTo(README, 'Use'))).toEqual([]);
  expect(unexplained(SKIPPED, proseUpTo(README, 'a package'))).toEqual(['esbuild']);
  // Inside a code block, it is not explained.
  expect(unexplained(SKIPPED, proseUpTo('## Install\n```sh\n# esbuild allowScripts\n```\n', 'Install'))).toEqual([
    'esbuild',
  ]);
});

it('any other warning is unexplained', () => {
  const deprecated = 'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n';
  expect(unexplained(deprecated + SKIPPED, proseUpTo(README, 'Use'))).toEqual([deprecated.trim()]);
  expect(unexplained('', '')).toEqual([]);
});
