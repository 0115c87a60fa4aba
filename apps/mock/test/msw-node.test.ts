// `@hostapi/mock/msw` on a Node that msw 3 cannot run on: importing it fails at once, naming the
// Node it needs (instead of each intercepted fetch failing later with msw's "Promise.withResolvers
// is not a function"); on a Node it runs on, it imports. The built package, imported by its name,
// on the older Nodes of @hostapi/testing/node-versions.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nodeBinary, SUPPORTED_NODES } from '@hostapi/testing/node-versions';
import { describe, expect, it } from 'vitest';
import { MSW_NODE } from '../src/msw-node.ts';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const IMPORT = "import('@hostapi/mock/msw').then((m) => console.log(typeof m.handlers))";

/** Imports the handlers on `node`, from the package's folder; resolves to the exit code and output. */
const load = (node: string) =>
  promisify(execFile)(node, ['--input-type=module', '-e', IMPORT], { cwd: PACKAGE }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const older = (version: string) => Number(version.split('.')[0]) * 1000 + Number(version.split('.')[1]) < 22_012;

it("names the Node msw's own engines name", () => {
  const msw = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('msw/package.json'), 'utf8'));
  expect(msw.engines.node).toBe(`>=${MSW_NODE}`);
});

describe.each([...SUPPORTED_NODES, process.versions.node])('on Node %s', (version) => {
  it(older(version) ? 'fails at import, naming the Node it needs' : 'imports', async () => {
    const node = version === process.versions.node ? process.execPath : await nodeBinary(version);
    const { code, stdout, stderr } = await load(node);
    if (older(version)) {
      expect(code).not.toBe(0);
      expect(stderr).toContain(
        `@hostapi/mock/msw needs Node ${MSW_NODE} or later (msw 3 runs on no older Node); this is Node ${version}.`,
      );
      expect(stdout).toBe('');
    } else {
      expect({ code, stdout }).toEqual({ code: 0, stdout: 'function\n' });
    }
  }, 120_000);
});
