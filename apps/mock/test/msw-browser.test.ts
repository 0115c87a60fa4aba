// @hostapi/mock/msw as a page's bundler takes it (esbuild, platform browser, from the built
// package): no node: module and no file read, every module resolved; its size, minified and
// gzipped, with the description (`pnpm bench msw` keeps the figure and its budget).
import { isBuiltin } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Bundles `@hostapi/mock/msw` for a browser; imports of Node's built-ins (`node:fs`, `fs`) are listed. */
async function bundle(external: string[], entry = '@hostapi/mock/msw') {
  const nodeImports: string[] = [];
  const refuseNode: Plugin = {
    name: 'refuse-node',
    setup(b) {
      b.onResolve({ filter: /.*/ }, ({ path, importer }) => {
        if (!isBuiltin(path)) return undefined;
        nodeImports.push(`${path} (from ${importer})`);
        return { path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents: `export * from '${entry}';`, resolveDir: import.meta.dirname },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    external,
    plugins: [refuseNode],
  });
  const code = result.outputFiles[0]!.contents;
  return { nodeImports, bytes: code.length, gzipped: gzipSync(code).length };
}

describe('@hostapi/mock/msw in a browser bundle', () => {
  it('imports no node: module, with msw or without it', async () => {
    for (const external of [['msw'], []]) {
      const { nodeImports, gzipped } = await bundle(external);
      expect(nodeImports).toEqual([]);
      console.log(`@hostapi/mock/msw${external.length ? ' (msw external)' : ' with msw'}: ${gzipped} bytes gzipped`);
    }
  });

  it('would list them: the server (`@hostapi/mock`) imports node:http', async () => {
    const { nodeImports } = await bundle([], '@hostapi/mock');
    expect(nodeImports).toEqual(expect.arrayContaining([expect.stringMatching(/^node:http /)]));
  });
});
