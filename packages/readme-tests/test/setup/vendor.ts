// The packages packed once for every README test, by the command the root README prints
// (`pnpm vendor <your project>/vendor/hostapi`), run as written from the repository's root with
// the placeholder naming a folder of this run's; each test copies the folder into its project.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { sh, stepsOf } from '../../lib/pasted.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder `pnpm vendor` wrote. */
    vendor: string;
  }
}

export default async function setup(project: TestProject) {
  const command = stepsOf(readFileSync(join(ROOT, 'README.md'), 'utf8'))
    .map((step) => step.command)
    .find((c) => c?.startsWith('pnpm vendor '));
  if (!command) throw new Error('The root README prints no `pnpm vendor` command');
  const reader = mkdtempSync(join(tmpdir(), 'hostapi-vendor-'));
  const ran = await sh(command.replace('<your project>', reader), ROOT);
  if (ran.code !== 0) throw new Error(`\`${command}\` failed (${ran.code}):\n${ran.stdout}\n${ran.stderr}`);
  const vendor = join(reader, 'vendor/hostapi');
  const packed = readdirSync(vendor).sort();
  const expected = [
    'README.txt',
    'hostapi-cli.tgz',
    'hostapi-client.tgz',
    'hostapi-mcp.tgz',
    'hostapi-mock.tgz',
    'hostapi-spec.tgz',
    'hostapi-types.tgz',
  ];
  if (packed.join() !== expected.join())
    throw new Error(`pnpm vendor wrote ${packed.join(', ')}; expected ${expected.join(', ')}`);
  project.provide('vendor', vendor);
  return () => rmSync(reader, { recursive: true, force: true });
}
