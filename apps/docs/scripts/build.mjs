// Builds the static site in dist/: index.html and Redoc's script (renders offline) with code
// samples for every operation, and the bundled description beside it for download.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readBundle, samples } from './samples.mjs';
import { buildConsole } from '../console/build.mjs';

const require = createRequire(import.meta.url);
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../samples/generated/', import.meta.url));
const REDOCLY = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));

// A plain wordmark in place of Redocly's logo (see localiseLogos).
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#555">Redocly</text></svg>`;

const MOCK_SECTION = `

## Try it against the mock
\`pnpm --filter @hostapi/mock start\` serves every operation of this description on
\`http://127.0.0.1:4010\` (Prism, request validation on). Point any client at it:
\`createHostApiClient({ apiKey: 'any', baseUrl: 'http://127.0.0.1:4010' })\`. It answers the
\`success\` example of each operation; \`Prefer: example=<name>\` selects the other examples
(\`Prefer: code=500, example=rateLimited\` the rate limit). Requests without the key are refused,
invalid ones get a 422 that names each field. See the mock's README for every example name.
`;

const doc = readBundle();
const all = samples(doc);
doc.info.description += MOCK_SECTION;
for (const item of Object.values(doc.paths)) {
  for (const op of Object.values(item)) {
    const { curl } = all[op.operationId];
    // The TypeScript sample is the committed file (checked and run by the tests), without its header line.
    const typescript = readFileSync(`${SAMPLES}${op.operationId}.ts`, 'utf8').split('\n').slice(1).join('\n');
    op['x-codeSamples'] = [
      { lang: 'curl', label: 'curl', source: curl },
      { lang: 'typescript', label: '@hostapi/client', source: typescript },
    ];
  }
}

rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });
const source = `${DIST}docs-source.json`;
writeFileSync(source, JSON.stringify(doc));
execFileSync(REDOCLY, ['build-docs', source, '--output', `${DIST}index.html`, '--inlineBundle', '--title', doc.info.title], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(source);
localiseLogos(`${DIST}index.html`);
externaliseScript(`${DIST}index.html`);
await buildConsole(DIST); // the "Try it" console (console/)
for (const file of ['openapi.yaml', 'openapi.json']) copyFileSync(require.resolve(`@hostapi/spec/${file}`), `${DIST}${file}`);
console.log(`docs written to ${DIST}`);

/**
 * Redoc's "API docs by Redocly" badge loads its logo from Redocly's CDN, the one request the
 * page would make outside its own site. Serve a local copy of that mark instead, so that the
 * site works offline and browsers log no failed request.
 */
function localiseLogos(file) {
  let html = readFileSync(file, 'utf8');
  const logos = [...new Set(html.match(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w-]+\.svg/g) ?? [])];
  if (logos.length === 0) throw new Error('Redoc no longer loads its logo from cdn.redoc.ly: review localiseLogos()');
  for (const url of logos) {
    const name = url.split('/').pop();
    html = html.split(url).join(`./${name}`);
    writeFileSync(`${DIST}${name}`, LOGO);
  }
  writeFileSync(file, html);
}

/**
 * Redoc inlines its 2.4 MB script (with the description) in index.html. As a file of its own,
 * Chromium parses it off the main thread while it downloads, and browsers cache it between
 * pages: a fresh load shows an operation about 20% sooner (see packages/benchmarks). The name
 * carries a hash of the content, so that hosts may cache it for good.
 */
function externaliseScript(file) {
  const html = readFileSync(file, 'utf8');
  const open = '<script type="module">';
  const start = html.indexOf(open);
  const end = html.indexOf('</script>', start);
  if (start < 0 || html.indexOf(open, end) >= 0) throw new Error('Redoc no longer writes exactly one inline module script: review externaliseScript()');
  const script = html.slice(start + open.length, end);
  const name = `redoc-${createHash('sha256').update(script).digest('hex').slice(0, 12)}.js`;
  writeFileSync(`${DIST}${name}`, script);
  writeFileSync(file, `${html.slice(0, start)}<script type="module" src="./${name}"></script>${html.slice(end + '</script>'.length)}`);
}
