// Builds the static site in dist/, with no browser: index.html (Redoc's styles and the
// description it renders), each route's page as Redoc renders it (pages/, render.ts), Redoc with
// React as one classic script (redoc-<hash>.js, from page/main.ts: a module script would not run
// from disk), the "Try it" console (console-<hash>.js), and the bundled description beside it for
// download. The site works from any static host, under any path, and from disk.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { operationRoute, operationsOf, readBundle } from '@hostapi/spec/document';
import { bundleConsole } from '../build/console.ts';
import { DESCRIPTION_ID, pageFile, REDOC_ID } from '../page/ids.ts';
import { docsDescription } from '../build/description.ts';
import { changelogMarkdown } from '../build/changelog.ts';
import { readHistory, repositoryPlaces } from '../build/history.ts';
import { CHANGELOG_ROUTE, LLMS, LLMS_FULL, markdownFiles } from '../build/markdown/site.ts';
import { renderSite } from '../build/render.ts';
import { CLASSIC_SCRIPT } from '../build/bundle.ts';
import { DIST } from '../build/site.ts';

const require = createRequire(import.meta.url);
/** Redoc's JSX runtime in the browser: React's, without the remote logo of its badge (page/redoc-jsx.ts). */
const REDOC_JSX: Plugin = {
  name: 'hostapi-redoc-jsx',
  setup(b) {
    const runtime = fileURLToPath(new URL('../page/redoc-jsx.ts', import.meta.url));
    b.onResolve({ filter: /^react\/jsx-runtime$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]redoc[\\/]/.test(importer) ? { path: runtime } : undefined,
    );
  },
};
// Fixes to Redoc's layout, and its colours (page.css, theme.css).
const CSS = ['page.css', 'theme.css']
  .map((file) => readFileSync(new URL(`../page/${file}`, import.meta.url), 'utf8'))
  .join('\n');
/** The site's icon: braces, white on the console's blue. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#0b5cad"/>
<path d="M12 8c-3 0-3 2-3 4s0 4-3 4c3 0 3 2 3 4s0 4 3 4M20 8c3 0 3 2 3 4s0 4 3 4c-3 0-3 2-3 4s0 4-3 4"
 fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;

const doc = readBundle();
const history = readHistory(doc, repositoryPlaces());
const description = docsDescription(doc, history);
const markdown = markdownFiles(doc, description, (link) => changelogMarkdown(history, link));
// The introduction, every operation's page and the changelog: what a shared link opens.
const routes = [
  '/',
  ...operationsOf(doc).map(({ op }) => operationRoute(op.tags[0], op.operationId).slice(1)),
  CHANGELOG_ROUTE.slice(1),
];
const { pages, styles } = await renderSite(description, routes);
const redoc = named('redoc', await bundle('page/main.ts', {}, [REDOC_JSX]));
const show = await bundle('page/show.ts', {
  HOSTAPI_ROUTES: JSON.stringify(routes),
  HOSTAPI_REDOC_SCRIPT: JSON.stringify(`./${redoc.name}`),
});
const tryIt = named('console', (await bundleConsole(doc)).code);
if (show.includes('</script')) throw new Error('page/show.ts cannot be inlined: it holds </script');

// Written beside dist/ and then put in its place, so that a server of dist/ (`pnpm start`, a test)
// never finds it half-written or gone while the site is rebuilt. Each build its own (two builds
// may run at once, as turbo runs of two suites do).
const NEXT = DIST.replace(/\/$/, `.next-${process.pid}/`);
const OLD = DIST.replace(/\/$/, `.old-${process.pid}/`);
rmSync(NEXT, { recursive: true, force: true });
mkdirSync(`${NEXT}pages`, { recursive: true });
for (const [route, html] of pages) writeFileSync(`${NEXT}${pageFile(route)}`, html);
for (const script of [redoc, tryIt]) writeFileSync(`${NEXT}${script.name}`, script.text);
writeFileSync(`${NEXT}favicon.svg`, FAVICON);
for (const [file, text] of markdown) {
  mkdirSync(dirname(`${NEXT}${file}`), { recursive: true });
  writeFileSync(`${NEXT}${file}`, text);
}
for (const file of ['openapi.yaml', 'openapi.json'])
  copyFileSync(require.resolve(`@hostapi/spec/${file}`), `${NEXT}${file}`);
writeFileSync(
  `${NEXT}index.html`,
  `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="img-src 'self' data:">
<title>${escapeHtml(`${description.info.title} (${description.info.version})`)}</title>
<link rel="icon" href="./favicon.svg" type="image/svg+xml">
<link rel="alternate" type="text/markdown" href="./${LLMS}" title="These docs in Markdown, for AI tools: an index">
<link rel="alternate" type="text/markdown" href="./${LLMS_FULL}" title="These docs in Markdown, all in one file">
<style>
body { margin: 0; padding: 0; }
${CSS}</style>
${styles}
</head>
<body>
<div id="${REDOC_ID}"></div>
<script>${show}</script>
<script type="application/json" id="${DESCRIPTION_ID}">${JSON.stringify(description).replace(/</g, '\\u003c')}</script>
<script defer src="./${tryIt.name}"></script>
</body>
</html>
`,
);

rmSync(OLD, { recursive: true, force: true });
// Another build may put its dist/ in place between the two renames: then move that one away too.
for (;;) {
  try {
    if (existsSync(DIST)) renameSync(DIST, OLD);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    renameSync(NEXT, DIST);
    break;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    rmSync(OLD, { recursive: true, force: true });
  }
}
rmSync(OLD, { recursive: true, force: true });
console.log(`docs written to ${DIST}`);

/** `entry` (under apps/docs) and what it imports, as one minified classic script. */
async function bundle(entry: string, define: BuildOptions['define'] = {}, plugins: Plugin[] = []): Promise<string> {
  const { outputFiles } = await build({
    ...CLASSIC_SCRIPT,
    entryPoints: [entry],
    plugins,
    define: { 'process.env.NODE_ENV': '"production"', ...define },
    // Redoc's search sets up a worker with `import.meta.url` on a path the page never takes.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return outputFiles[0]!.text;
}

/** A script named after its content, so that hosts may cache it for good. */
function named(stem: string, text: string) {
  return { name: `${stem}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`, text };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
