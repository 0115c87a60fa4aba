// The curl samples paste: each one, exactly as the built page shows it, run by bash with a real
// curl against the mock (BASE_URL pointing at it, as the page says), gets the operation's
// success example. Without BASE_URL the same text calls production. (The bytes they send are
// checked against the client's in packages/contract-tests.)
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { startMock, type RunningMock } from '@hostapi/mock';
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { toPairs } from '@hostapi/spec/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand } from '../shared/curl.ts';
import { clientOperation } from '../build/samples.ts';
import { readSiteDescription } from '../build/site.ts';
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
  // A bash and a curl each, waiting on the mock: a few at a time.
  it.concurrent.each(operations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const { stdout } = await run('bash', ['-c', curlOf(op.path, op.method)], {
      env: { PATH: process.env.PATH, BASE_URL: mock.url },
    });
    expect(JSON.parse(stdout)).toEqual(responseExamples(spec, op.op, '200').success);
  });
});

it('without BASE_URL a sample calls production', async () => {
  const op = operations[0]!;
  // `curl --version` would not show the URL: print what the shell hands to curl instead.
  const { stdout } = await run('bash', ['-c', curlOf(op.path, op.method).replace(/^curl/m, 'printf "%s\\n"')], {
    env: { PATH: process.env.PATH },
  });
  expect(stdout.split('\n')).toContain(`${spec.servers[0].url}${op.path}`);
});

describe('curlCommand, beyond the samples (the console builds its curl with it)', () => {
  const byId = (id: string) => operations.find((op) => op.id === id)!;
  const pairsOf = (op: (typeof operations)[number]) =>
    toPairs({ apikey: 'k', ...exampleInput(spec, op.op, op.method) }, clientOperation(op.id).form);

  it("sends each header as given: Prefer picks the mock's named answer", async () => {
    const op = byId('listServers');
    const text = curlCommand({
      method: 'get',
      url: `${mock.url}${op.path}`,
      pairs: pairsOf(op),
      headers: [['Prefer', 'example=clientNotFound']],
    });
    expect(text.split(' \\\n')[1]).toBe("  -H 'Prefer: example=clientNotFound'");
    const { stdout } = await run('bash', ['-c', text], { env: { PATH: process.env.PATH } });
    expect(JSON.parse(stdout)).toEqual(responseExamples(spec, op.op, '200').clientNotFound);
  });

  it('sends a POST as multipart/form-data on request: the same fields, in order, every value literal', async () => {
    // What curl puts on the wire, caught by a server of our own.
    let received: { type: string; body: string } | undefined;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = { type: request.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('utf8') };
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // Values curl -F would read as a file (@, <) or a part type (;type=), and ones URL-encoding would change.
      const pairs: [string, string][] = [
        ['apikey', 'k'],
        ['params[City]', '@/etc/hostname'],
        ['params[Note]', '<x;type=text/plain'],
        ['params[Phone][Local]', "a b&c=d'e"],
      ];
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.1/srs/update_contact.json`;
      await run('bash', ['-c', curlCommand({ method: 'post', url, pairs, multipart: true })], {
        env: { PATH: process.env.PATH },
      });
      expect(received?.type).toMatch(/^multipart\/form-data; boundary=/);
      const parts = [...received!.body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map(([, name, value]) => [
        name,
        value,
      ]);
      expect(parts).toEqual(pairs);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('and the mock answers such a multipart POST as the form', async () => {
    const op = byId('updateDomainContact');
    const text = curlCommand({ method: 'post', url: `${mock.url}${op.path}`, pairs: pairsOf(op), multipart: true });
    const { stdout } = await run('bash', ['-c', text], { env: { PATH: process.env.PATH } });
    expect(JSON.parse(stdout)).toEqual(responseExamples(spec, op.op, '200').success);
  });

  it('refuses a GET as multipart, naming why', () => {
    expect(() => curlCommand({ method: 'get', url: 'http://x/', pairs: [], multipart: true })).toThrow(
      'a GET sends no form',
    );
  });
});
