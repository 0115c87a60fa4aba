// The client's paged example (`every-server.mts` of packages/client/docs/calls.md), run as written
// against the mock `pnpm start` runs (the examples mode, not strict): it walks every page and ends,
// printing what the description's page examples hold. The block is written where it can import
// the workspace's @hostapi/client, and run by this Node, which strips its types as tsx would.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startMock } from '@hostapi/mock';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { codeBlocks } from '@hostapi/testing/commands';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CALLS = new URL('../../client/docs/calls.md', import.meta.url);
const FILE = 'every-server.mts';
const spec = readBundle();
const success = (id: string) => {
  const found = operationsOf(spec).find(({ op }) => op.operationId === id)!;
  return responseExamples(spec, found.op, '200').success;
};

let mock: Awaited<ReturnType<typeof startMock>>;
let dir: string;
beforeAll(async () => {
  mock = await startMock({});
  // In the package (so that @hostapi/client resolves), outside node_modules (where Node strips no types).
  const results = fileURLToPath(new URL('../test-results/', import.meta.url));
  mkdirSync(results, { recursive: true });
  dir = mkdtempSync(join(results, 'docs-paging-'));
});
afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(`docs/calls.md's ${FILE} walks every page of the examples mock and ends`, async () => {
  const block = codeBlocks(readFileSync(CALLS, 'utf8')).find(({ text }) => text.startsWith(`// ${FILE}\n`));
  expect(block, `a block starting // ${FILE} in calls.md`).toBeDefined();
  writeFileSync(join(dir, FILE), block!.text);
  const { HOSTAPI_KEY: _key, ...env } = process.env;
  const { stdout } = await promisify(execFile)(process.execPath, [FILE], {
    cwd: dir,
    env: { ...env, HOSTAPI_URL: mock.url },
    timeout: 30_000,
  });
  const servers = success('listServers').return;
  const accounts = success('listSubAccounts').return.data.map((account: { name: string }) => account.name);
  // Every server of the description's pages, each once, then every sub-account.
  expect(stdout.split('\n').filter(Boolean)).toEqual([`${servers.total_items} ${servers.data[0].name}`, ...accounts]);
});
