// The curl samples paste: each one, exactly as the built page shows it, run by bash with a real
// curl against the mock (BASE_URL pointing at it, as the page says), gets the operation's
// success example. Without BASE_URL the same text calls production. (The bytes they send are
// checked against the client's in packages/contract-tests.)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startMock, type RunningMock } from '@hostapi/mock';
import { responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteDescription } from '../scripts/site.mjs';
import { operations, spec } from './support/site.js';

const run = promisify(execFile);
const shown = readSiteDescription();
const curlOf = (path: string, method: string): string =>
  shown.paths[path][method]['x-codeSamples'].find((sample: { lang: string }) => sample.lang === 'curl').source;

let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 60_000);

afterAll(() => mock?.close());

describe('every curl sample, pasted into bash with BASE_URL set to the mock', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const { stdout } = await run('bash', ['-c', curlOf(op.path, op.method)], {
      env: { PATH: process.env.PATH, BASE_URL: mock.url },
    });
    expect(JSON.parse(stdout)).toEqual(responseExamples(spec, op.op, '200').success);
  });
});

it('without BASE_URL a sample calls production', async () => {
  const op = operations[0]!;
  // `curl --version` would not show the URL: print what the shell hands to curl instead.
  const { stdout } = await run('bash', ['-c', curlOf(op.path, op.method).replace(/^curl/, 'printf "%s\\n"')], { env: { PATH: process.env.PATH } });
  expect(stdout.split('\n')).toContain(`${spec.servers[0].url}${op.path}`);
});
