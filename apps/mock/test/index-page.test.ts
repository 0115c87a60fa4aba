// `GET /`, the mock's address opened in a browser or with curl: the mock, its version and mode,
// the docs and every operation, in the service's envelope, in every mode; never in place of an
// operation the description has at `/`, and the proxy passes `/` on to its upstream.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MockOptions } from '../src/index.ts';
import { LISTED } from '../src/engine/journal/openapi.ts';
import { mockStarter, operations, spec } from './helpers.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const start = mockStarter();

/** What `/` says of a mock of this mode, whatever else it says. */
const index = (mode: string, strict = false) => ({
  status: true,
  msg: `@hostapi/mock ${PACKAGE.version}, a mock of the hosting account-management API: 22 operations`,
  return: {
    name: '@hostapi/mock',
    version: PACKAGE.version,
    mode,
    strict,
    docs: PACKAGE.homepage,
    operations: operations.map(({ id, method, path }) => ({ operationId: id, method, path })),
    routes: LISTED.filter(({ path }) => mode === 'sandbox' || !path.startsWith('/__sandbox/')),
  },
});

describe('GET /', () => {
  it.each([
    [{}, 'examples'],
    [{ dynamic: true, seed: 7 }, 'dynamic'],
    [{ sandbox: true }, 'sandbox'],
    [{ strict: true }, 'examples'],
    [{ answerer: { answer: () => ({ status: 200, body: {} }) } }, 'answerer'],
  ] as [MockOptions, string][])(
    '%o: the mock, its mode, the docs and every operation, as JSON',
    async (options, mode) => {
      const mock = await start(options);
      const answer = await fetch(`${mock.url}/`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(await answer.json()).toEqual(index(mode, options.strict));
    },
  );

  it('answers a browser (Accept: text/html) the same, and a query changes nothing', async () => {
    const mock = await start({});
    const expected = await (await fetch(`${mock.url}/`)).text();
    const browser = await fetch(`${mock.url}/?from=bookmark`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.status).toBe(200);
    expect(browser.headers.get('content-type')).toBe('application/json');
    expect(await browser.text()).toBe(expected);
  });

  it('lists operations that answer: each as listed', async () => {
    const mock = await start({});
    const { return: about } = await (await fetch(`${mock.url}/`)).json();
    for (const { method, path } of about.operations) {
      const answer = await fetch(`${mock.url}${path}`, { method });
      // Without a key or fields: refused by that operation (401 or 422), not an unknown path (404).
      expect({ path, status: answer.status }).toEqual({ path, status: method === 'GET' ? 401 : 422 });
    }
  });

  it('gives way to an operation the description has at `/`', async () => {
    const document = structuredClone(spec);
    const images = operations.find((o) => o.id === 'listImages')!;
    document.paths['/'] = { get: { ...images.op, operationId: 'root' } };
    const mock = await start({ document });
    const answer = await fetch(`${mock.url}/?apikey=k`);
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.return).toEqual((await (await fetch(`${mock.url}${images.path}?apikey=k`)).json()).return);
    expect(body.return.name).toBeUndefined();
  });

  it('is the upstream’s through the proxy', async () => {
    const upstream = await start({ sandbox: true });
    const proxy = await start({ upstream: upstream.url });
    const answer = await fetch(`${proxy.url}/`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(index('sandbox'));
  });
});
