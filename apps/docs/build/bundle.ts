// How every script of the site is bundled (esbuild): one minified classic script each, which runs
// where a module script would not (a page opened from disk).
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

export const CLASSIC_SCRIPT = {
  // apps/docs: entries and the paths in a metafile are relative to it, wherever the build runs from.
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  bundle: true,
  write: false,
  minify: true,
  format: 'iife',
  target: 'es2022',
  legalComments: 'none',
  // Non-ASCII text as it is, not escaped (30 kB less of Redoc); the page is UTF-8.
  charset: 'utf8',
  logLevel: 'error',
} as const satisfies BuildOptions;
