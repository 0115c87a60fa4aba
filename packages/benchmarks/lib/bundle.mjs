// Bundle sizes as size-limit measures them (esbuild, minified, gzipped) for each entry of
// .size-limit.mjs.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const HERE = fileURLToPath(new URL('..', import.meta.url));
const SIZE_LIMIT = fileURLToPath(new URL('../node_modules/size-limit/bin.js', import.meta.url));

/** { [entry name]: gzipped bytes } */
export async function bundleSizes() {
  let stdout;
  try {
    ({ stdout } = await promisify(execFile)(process.execPath, [SIZE_LIMIT, '--json'], { cwd: HERE }));
  } catch (error) {
    // size-limit exits 1 when a limit is exceeded, and still prints the sizes.
    if (!error.stdout?.trim().startsWith('[')) throw new Error(`size-limit failed: ${error.stderr || error.message}`);
    stdout = error.stdout;
  }
  return Object.fromEntries(JSON.parse(stdout).map(({ name, size }) => [name, size]));
}

/**
 * Where the operation client's bytes go: each module of packages/client/src (and what it bundles
 * of @hostapi/spec), with its minified bytes (esbuild's metafile) and its share of the gzipped
 * bundle: the whole less the whole without that module's code. The shares do not add up to the
 * whole, since gzip finds repeats across modules. `names`: what is imported (`{ a, b }`).
 */
export async function bundleShares(names) {
  const { build, transform } = await import('esbuild');
  const client = fileURLToPath(new URL('../../client/', import.meta.url));
  const { version } = JSON.parse(await readFile(`${client}package.json`, 'utf8'));
  const used = names.replace(/[{}]/g, '');
  const bundle = (minify) =>
    build({
      stdin: {
        contents: `import ${names} from './src/index.ts'; console.log(${used});`,
        resolveDir: client,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      metafile: true,
      ...minify,
      define: { __VERSION__: JSON.stringify(version) },
      logLevel: 'error',
    });
  const minified = Object.values((await bundle({ minify: true })).metafile.outputs)[0].inputs;
  // Whitespace kept at first: esbuild then marks each module's code with its path.
  const marked = (
    await bundle({ minifyIdentifiers: true, minifySyntax: true, format: 'esm' })
  ).outputFiles[0].text.split(/^\/\/ (.+)$/m);
  const modules = [];
  for (let i = 1; i < marked.length; i += 2) {
    modules.push({ path: marked[i], code: (await transform(marked[i + 1], { minifyWhitespace: true })).code });
  }
  const gzip = (code) => gzipSync(code, { level: 9 }).length;
  const whole = gzip(modules.map((m) => m.code).join(''));
  return modules
    .filter(({ path }) => path !== '<stdin>')
    .map(({ path }) => ({
      module: path.replace(/^(\.\.\/)+/, ''),
      minified: Object.entries(minified).find(([input]) => input.endsWith(path.replace(/^(\.\.\/)+/, '')))?.[1]
        .bytesInOutput,
      gzipShare:
        whole -
        gzip(
          modules
            .filter((m) => m.path !== path)
            .map((m) => m.code)
            .join(''),
        ),
    }))
    .sort((a, b) => b.gzipShare - a.gzipShare);
}
