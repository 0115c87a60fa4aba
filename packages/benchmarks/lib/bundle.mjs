// Bundle sizes as size-limit measures them (esbuild, minified, gzipped) for each entry of
// .size-limit.mjs.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

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
