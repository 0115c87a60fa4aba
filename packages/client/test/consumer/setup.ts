// Packs @hostapi/types and @hostapi/client as `npm publish` would, installs the tarballs with npm
// into a fresh project outside the workspace (what a consumer has), and starts the mock. Once for
// every test file of the consumer project; the files find both through inject('consumer').
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startMock } from '@hostapi/mock';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const PACKAGES = fileURLToPath(new URL('../../..', import.meta.url));

export interface Consumer {
  /** The project the tarballs are installed in. */
  dir: string;
  /** File names of the packed tarballs, in `dir`. */
  tarballs: string[];
  /** The mock (Prism on the description, request validation on), in the test process. */
  mockUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumer: Consumer;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-consumer-'));
  const mock = await startMock();
  try {
    for (const name of ['types', 'client'])
      await run('pnpm', ['pack', '--pack-destination', dir], { cwd: join(PACKAGES, name) });
    const tarballs = readdirSync(dir)
      .filter((file) => file.endsWith('.tgz'))
      .sort();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // @types/node for the README's `process.env`; everything else comes with the tarballs.
    await run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        ...tarballs.map((t) => `./${t}`),
        '@types/node@20.19.43',
      ],
      { cwd: dir },
    );
    project.provide('consumer', { dir, tarballs, mockUrl: mock.url });
  } catch (error) {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
