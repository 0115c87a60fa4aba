// The installed tarballs, used as a consumer uses them: each factory (the operation client, and the
// path client of @hostapi/client/paths), from require() and from import, makes real requests (a
// GET and a POST) against the mock; and an error of either is the one HostApiError.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { expect, inject, it } from 'vitest';

const run = promisify(execFile);
const { dir, tarballs, mockUrl } = inject('consumer');
const doc = readBundle();
/** The `return` of an operation's success example: what the mock answers. */
const success = (id: string) =>
  responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id)!.op, '200').success.return;

/**
 * A script that creates each factory of the package's entry points with default options only,
 * and calls a GET and a POST through it; it prints what came back. `load(name)` is how it gets an
 * entry point.
 */
const script = (load: (name: string) => string) => `const client = await ${load('@hostapi/client')};
const paths = await ${load('@hostapi/client/paths')};
const exported = { ...client, ...paths };
const factories = Object.keys(exported)
  .filter((name) => /^create/.test(name) && typeof exported[name] === 'function')
  .sort();
const baseUrl = process.argv[2];
const results = {};
for (const factory of factories) {
  const created = exported[factory]({ apiKey: 'consumer-key', baseUrl });
  if (factory === 'createHostApiClient') {
    const ips = await created.dns.listIps({ client_id: 293 });
    const job = await created.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
    let failure = null;
    try {
      await created.domains.get({ client_id: 293, domain: 'x.nz' }, { headers: { Prefer: 'example=domainNotFound' } });
    } catch (error) {
      failure = [error.name, error instanceof client.ApiError, error.message];
    }
    results[factory] = { ips: Object.keys(ips), job, failure };
  } else if (factory === 'createPathClient') {
    const got = await created.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } });
    const posted = await created.POST('/1.0/srs/cancel_domain.json', {
      body: { client_id: 293, domain: 'oldbrand.co.nz' },
    });
    const refused = await created
      .GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } }, signal: AbortSignal.abort() })
      .catch((error) => [error.name, error instanceof client.HostApiError]);
    results[factory] = {
      get: [got.response.status, Object.keys(got.data.return)],
      post: [posted.response.status, posted.data.return],
      url: got.response.url,
      refused,
    };
  } else {
    results[factory] = 'not exercised by this test';
  }
}
console.log(JSON.stringify(results));
`;

const expected = (baseUrl: string) => ({
  createHostApiClient: {
    ips: Object.keys(success('listIps')),
    job: success('cancelDomain'),
    failure: ['ApiError', true, 'getDomain: Domain not found.'],
  },
  createPathClient: {
    get: [200, Object.keys(success('listIps'))],
    post: [200, success('cancelDomain')],
    url: `${baseUrl}/1.5/dns/list_ips.json?apikey=[redacted]&client_id=293`,
    refused: ['AbortedError', true],
  },
});

it('the tarballs are the two public packages', () => {
  // At the version in their manifests (0.0.0 until the first release).
  const version = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../../${name}/package.json`, import.meta.url), 'utf8')).version;
  expect(tarballs).toEqual([`hostapi-client-${version('client')}.tgz`, `hostapi-types-${version('types')}.tgz`]);
});

it.each([
  ['require()', 'consumer.cjs', (name: string) => `require('${name}')`],
  ['import', 'consumer.mjs', (name: string) => `import('${name}')`],
])('from %s, every factory makes a GET and a POST against the mock', async (_how, file, load) => {
  writeFileSync(join(dir, file), file.endsWith('.cjs') ? `(async () => {\n${script(load)}\n})();\n` : script(load));
  const { stdout } = await run('node', [file, mockUrl], { cwd: dir });
  expect(JSON.parse(stdout)).toEqual(expected(mockUrl));
});

it('only openapi-fetch is installed as a runtime dependency', async () => {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable', '@hostapi/client'], { cwd: dir });
  expect(stdout).toContain('@hostapi/client');
  const { stdout: deps } = await run(
    'node',
    ['-p', "JSON.stringify(require('@hostapi/client/package.json').dependencies)"],
    { cwd: dir },
  );
  expect(JSON.parse(deps)).toEqual({ 'openapi-fetch': '0.17.0' });
});
