// One README, pasted section by section into a project of its own (lib/pasted.ts): each
// section's files written, its commands run as written in the order printed (which is how its
// programs run: `npx tsx list.mts`), then its TypeScript type-checked by `npx tsc`, the
// TypeScript and tsconfig.json the README installs and writes; a test per section, in order, in
// the one project (what one section installs or starts, the next may use, as for a reader going
// down the page).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Project, sh, stepsOf } from './pasted.js';

/**
 * Commands a reader's project cannot run here, each run where it can be: the release's
 * executable, built and run from an empty folder by apps/mock/test/binary.test.ts, and container
 * engines (none in CI), whose images' commands apps/mock/test/container.test.ts runs outside one.
 */
const RUN_ELSEWHERE = /^(docker|sha256sum|chmod|\.\/hostapi-mock-linux-x64|apps\/mock\/dist\/hostapi-mock)\b/;

/** Files that other commands read or run (vitest's config, setup and test files; tsconfig.json), not programs. */
const NOT_A_PROGRAM = /(^|\/)(vitest\.config\.[cm]?[jt]s|.*\.test\.[cm]?[jt]s|.*setup\.[cm]?[jt]s|.*\.json)$/;

/** How a reader type-checks their project (with the tsconfig.json the README has them write). */
const TSC = 'npx tsc';

export interface ReadmeOptions {
  /**
   * What stands for the reader's own values in commands (`<url>`), and what is put there (a
   * function: worked out when the command runs, e.g. the address of a server the test started).
   */
  placeholders?: Record<string, string | (() => string)>;
  /**
   * How to run the README's blocks of other languages (an agent host's JSON configuration), by
   * language: each block in its turn among the section's commands, in the project, with
   * the project's environment (the mock's `HOSTAPI_URL` once one runs). Blocks of languages not
   * named here are not code to run.
   */
  run?: Record<string, (text: string, where: { cwd: string; env: Record<string, string> }) => Promise<void>>;
  /**
   * Variables the project's commands run with, worked out when it is made (`dir`, its folder): a
   * config folder inside the project, say, so that a README's `login` writes nothing of the
   * machine's own.
   */
  env?: (dir: string) => Record<string, string>;
  /**
   * Tests of what the README says beyond its blocks, defined inside its describe after its
   * sections: they run in its project (`project()`) once the reader has gone down the page.
   */
  after?: (project: () => Project) => void;
}

/**
 * What a reader has read by the end of a section: the README's text outside code blocks, from its
 * start to the end of the (last) section under `heading`.
 */
export function proseUpTo(markdown: string, heading: string): string {
  let fenced = false;
  let current = '';
  const prose: { line: string; section: string }[] = [];
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) fenced = !fenced;
    else if (!fenced) {
      if (/^#{1,6}\s/.test(line)) current = line.replace(/^#+\s+/, '').trim();
      prose.push({ line, section: current });
    }
  }
  const end = prose.map(({ section }) => section).lastIndexOf(heading);
  return prose
    .slice(0, end + 1)
    .map(({ line }) => line)
    .join('\n');
}

/**
 * The warnings npm printed (its stderr) that `prose` does not explain. npm 11 lists the
 * dependencies whose install scripts it skipped, "not yet covered by allowScripts": each is
 * explained when the prose names the package and `allowScripts`. Any other warning is not.
 */
export function unexplained(stderr: string, prose: string): string[] {
  const lines = stderr.split('\n').filter((line) => line.startsWith('npm warn '));
  const skipped = lines.flatMap((line) => /^npm warn install-scripts {2,}(@?[^@\s]+)@\S+ \(/.exec(line)?.[1] ?? []);
  return [
    ...skipped.filter((pkg) => !(prose.includes('allowScripts') && prose.includes(`\`${pkg}\``))),
    ...lines.filter((line) => !line.startsWith('npm warn install-scripts')),
  ];
}

export function describeReadme(
  name: string,
  path: URL,
  { placeholders = {}, run = {}, env = () => ({}), after }: ReadmeOptions = {},
) {
  const markdown = readFileSync(path, 'utf8');
  const steps = stepsOf(markdown, Object.keys(run));
  const sections = [...new Set(steps.map((step) => step.heading))];

  describe(`the ${name} README, pasted into a fresh project`, () => {
    let project: Project;
    beforeAll(() => {
      project = new Project(inject('vendor'), name);
      Object.assign(project.env, env(project.dir));
    });
    afterAll(() => project?.close());

    it('prints code to paste', () => {
      expect(steps.some((step) => step.file || step.block || step.command)).toBe(true);
    });

    if (steps.some((step) => step.file && /\.[cm]?tsx?$/.test(step.file.path))) {
      it(`prints how its TypeScript is type-checked (\`${TSC}\`, a tsconfig.json)`, () => {
        expect(steps.some((step) => step.command === TSC)).toBe(true);
        expect(steps.some((step) => step.file?.path === 'tsconfig.json')).toBe(true);
      });
    }

    for (const heading of sections) {
      const own = steps.filter((step) => step.heading === heading);
      it(heading || '(before the first heading)', async () => {
        const folder = project.dir; // one project, as the reader's: no folder of its own for a section
        const files = own.flatMap((step) => (step.file ? [step.file] : []));
        for (const file of files) project.write(file);

        // Every program the section prints is run by a command it prints (`npx tsx list.mts`).
        const commands = own.flatMap((step) => (step.command ? [step.command] : []));
        for (const file of files.filter((f) => !f.fragment && !NOT_A_PROGRAM.test(f.path))) {
          expect(
            commands.some((command) => command.includes(file.path)),
            `${file.path} is run by no command of "${heading}"`,
          ).toBe(true);
        }
        const outputs = new Map<string, string>();

        for (const step of own) {
          if (step.block) await run[step.block.lang]!(step.block.text, { cwd: folder, env: project.env });
          if (!step.command) continue;
          const command = Object.entries(placeholders).reduce(
            (text, [placeholder, value]) => text.replaceAll(placeholder, typeof value === 'function' ? value() : value),
            step.command,
          );
          // The repository's own commands (servers, builds) are run by its tests
          // (packages/contract-tests/test/readme-commands.test.ts), not in a reader's project.
          if (command.startsWith('pnpm ') || RUN_ELSEWHERE.test(command)) continue;
          if (/^npx hostapi-mock\b/.test(command)) {
            await project.serve(command, folder);
            continue;
          }
          const ran = await sh(command, folder, project.env);
          expect(ran.code, `\`${command}\` in ${folder}:\n${ran.stdout}\n${ran.stderr}`).toBe(0);
          // What npm warns of, the README has said by then.
          expect(unexplained(ran.stderr, proseUpTo(markdown, heading)), `\`${command}\` warns`).toEqual([]);
          outputs.set(command, ran.stdout);
        }
        // What each program says it prints, printed by the command that ran it.
        for (const file of files) {
          const output = [...outputs]
            .filter(([command]) => command.includes(file.path))
            .map(([, stdout]) => stdout)
            .join('\n');
          for (const line of file.prints) expect(output, `${file.path} prints "${line}"`).toContain(line);
        }

        // Its TypeScript, as the reader checks it: `npx tsc` (which the README prints), with the
        // TypeScript and tsconfig.json the README had them install and write.
        if (files.some((file) => /\.[cm]?tsx?$/.test(file.path)) && !outputs.has(TSC)) {
          expect(existsSync(join(folder, 'tsconfig.json')), `${name}: TypeScript, but no tsconfig.json to write`).toBe(
            true,
          );
          // Incremental, its record outside the project: each section's check re-checks only
          // what changed since the last (tsc re-checks every file when options, a dependency or
          // a global declaration change), with the same diagnostics as a full run.
          const checked = await sh(`${TSC} --incremental --tsBuildInfoFile ${project.buildInfo}`, folder, project.env);
          expect(checked.stdout + checked.stderr).toBe('');
          expect(checked.code).toBe(0);
        }
      });
    }

    after?.(() => project);
  });
}
