// A reader's project as npm makes it today (`npm init -y`, which writes `"type": "commonjs"`), with
// the folder `pnpm vendor` wrote committed at vendor/hostapi, and the root README's lines that
// install the packages from it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NPM_ENV, sh, stepsOf } from './pasted.js';

const ROOT = new URL('../../../', import.meta.url);

/** The root README's commands that install the vendored packages (`npm install ./vendor/hostapi/…`), as printed. */
export const VENDORED_INSTALL = stepsOf(readFileSync(new URL('README.md', ROOT), 'utf8')).flatMap(({ command }) =>
  command && /^npm install .*\.\/vendor\/hostapi\//.test(command) ? [command] : [],
);

export interface ReaderProject {
  dir: string;
  /** Runs each command through the shell in the project, with NPM_ENV; throws on the first that fails. */
  run(...commands: string[]): Promise<string>;
  remove(): void;
}

/** A new project made by `npm init -y`, with a copy of `vendor` (the folder `pnpm vendor` wrote) at vendor/hostapi. */
export async function readerProject(vendor: string, name = 'my-app'): Promise<ReaderProject> {
  const parent = mkdtempSync(join(tmpdir(), 'hostapi-reader-'));
  const dir = join(parent, name);
  mkdirSync(dir);
  const project: ReaderProject = {
    dir,
    async run(...commands) {
      let stdout = '';
      for (const command of commands) {
        const ran = await sh(command, dir, NPM_ENV);
        if (ran.code !== 0)
          throw new Error(`\`${command}\` in ${dir} failed (${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
        stdout += ran.stdout;
      }
      return stdout;
    },
    remove: () => rmSync(parent, { recursive: true, force: true }),
  };
  try {
    await project.run('npm init -y');
    cpSync(vendor, join(dir, 'vendor/hostapi'), { recursive: true });
  } catch (error) {
    project.remove();
    throw error;
  }
  return project;
}
