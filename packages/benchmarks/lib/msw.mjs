// @hostapi/mock/msw as a page's bundler ships it: esbuild, platform browser, minified, from the
// built package, the description included and msw left out (the page has it anyway).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Bytes of the bundle, minified and gzipped. */
export async function mswHandlersBundle() {
  const result = await build({
    stdin: { contents: "export { handlers } from '@hostapi/mock/msw';", resolveDir: import.meta.dirname },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    external: ['msw'],
  });
  const code = result.outputFiles[0].contents;
  return { bytes: code.length, gzipBytes: gzipSync(code).length };
}
