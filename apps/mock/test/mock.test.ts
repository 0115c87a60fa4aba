// Starts the mock as testers do, calls every operation of the description over HTTP and
// compares the answers with the description's examples; then the refusals.
import { readFileSync } from 'node:fs';
import { responseExamples, type Node } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, spec, startCli, type Operation, type RunningCli, pairsOf } from './helpers.js';

const encode = (list: [string, string][]) =>
  list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** A valid call of the operation (its example input), encoded here independently of the client. */
function validRequest({ method, op }: Operation, apikey = 'k'): { query: string; body?: string } {
  const encoded = encode(pairsOf({ apikey, ...exampleInput(spec, op, method.toLowerCase()) }));
  return method === 'POST' ? { query: '', body: encoded } : { query: encoded };
}

let mock: RunningCli;
let base: string;

beforeAll(async () => {
  mock = await startCli([]);
  base = mock.url;
}, 60_000);

afterAll(() => mock?.stop());

async function send(operation: Operation, request = validRequest(operation), headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${operation.path}${request.query ? `?${request.query}` : ''}`, {
    method: operation.method,
    headers: request.body === undefined ? headers : { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  return { status: response.status, body: await response.json() };
}

const examplesOf = (operation: Operation, code: string) => Object.entries(responseExamples(spec, operation.op, code));

describe.each(operations.map((o) => [o.id, o] as const))('%s', (_id, operation) => {
  it('answers a valid call with the success example', async () => {
    const { status, body } = await send(operation);
    expect(status).toBe(200);
    expect(body).toEqual(examplesOf(operation, '200').find(([name]) => name === 'success')![1]);
  });

  it('answers every example of every response the docs show on `Prefer: code=<status>, example=<name>`', async () => {
    const codes = Object.keys(operation.op.responses);
    expect(codes).toEqual(expect.arrayContaining(['200', '400', '500']));
    for (const code of codes) {
      for (const [name, value] of examplesOf(operation, code)) {
        const { status, body } = await send(operation, validRequest(operation), {
          prefer: `code=${code}, example=${name}`,
        });
        expect({ name, status, body }).toEqual({ name, status: Number(code), body: value });
      }
    }
  });

  it('finds a named example in any response on `Prefer: example=<name>` alone', async () => {
    for (const [name, value] of [
      ...examplesOf(operation, '200'),
      ...examplesOf(operation, '400'),
      ...examplesOf(operation, '500'),
    ]) {
      const { body } = await send(operation, validRequest(operation), { prefer: `example=${name}` });
      expect({ name, body }).toEqual({ name, body: value });
    }
  });

  it('answers the first example of a response on `Prefer: code=<status>`', async () => {
    const { status, body } = await send(operation, validRequest(operation), { prefer: 'code=400' });
    expect({ status, body }).toEqual({ status: 400, body: examplesOf(operation, '400')[0]![1] });
  });

  it('answers the rate limit on `Prefer: code=500, example=rateLimited`', async () => {
    const { status, body } = await send(operation, validRequest(operation), {
      prefer: 'code=500, example=rateLimited',
    });
    expect(status).toBe(500);
    expect(body.msg).toMatch(/exceeded the number of requests per second/);
  });

  it('refuses a call without the API key', async () => {
    const request = validRequest(operation);
    const without =
      operation.method === 'GET'
        ? { query: request.query.replace(/^apikey=k&?/, '') }
        : { query: '', body: request.body!.replace(/(^|&)apikey=k/, '').replace(/^&/, '') };
    const { status, body } = await send(operation, without);
    if (operation.method === 'GET') {
      expect(status).toBe(401);
      expect(body.title).toBe('Invalid security scheme used');
    } else {
      expect(status).toBe(422);
      expect(body.validation).toContainEqual(
        expect.objectContaining({ message: "Request body must have required property 'apikey'" }),
      );
    }
  });
});

describe('refusals', () => {
  const find = (id: string) => operations.find((o) => o.id === id)!;

  it('every missing required parameter is named in a 422', async () => {
    const { status, body } = await send(find('getDatabase'), { query: 'apikey=k&client_id=293&mysql_host=mysql8' });
    expect(status).toBe(422);
    expect(body.validation.map((v: Node) => v.message)).toEqual([
      "Request query must have required property 'server_name'",
      "Request query must have required property 'database'",
    ]);
  });

  it('an ill-typed parameter gets a 422 naming it', async () => {
    const { status, body } = await send(find('listServers'), { query: 'apikey=k&client_id=abc' });
    expect(status).toBe(422);
    expect(body.validation).toEqual([
      expect.objectContaining({
        location: ['query', 'client_id'],
        // An identifier is a number or its digits (issue 37): text that is neither breaks its pattern.
        message: 'Request query parameter client_id must match pattern "^[1-9][0-9]*$"',
      }),
    ]);
  });

  it('takes an identifier as the digits an answer gives; anything else is a 422 naming it', async () => {
    const getKey = find('getSshKey');
    expect((await send(getKey, { query: 'apikey=k&client_id=293&key_id=42' })).status).toBe(200);
    const form = (contact: string) => ({ query: '', body: `apikey=k&client_id=293&contact_id=${contact}` });
    expect((await send(find('updateDomainContact'), form('3310'))).status).toBe(200);
    for (const bad of ['0', '042', '4.2', '-1', 'abc', '4e1']) {
      const { status, body } = await send(getKey, { query: `apikey=k&client_id=293&key_id=${bad}` });
      expect(status, bad).toBe(422);
      expect(
        body.validation.map((v: Node) => v.location.join('.')),
        bad,
      ).toEqual(['query.key_id']);
      const refused = await send(find('updateDomainContact'), form(bad));
      expect(
        refused.body.validation.map((v: Node) => v.location.join('.')),
        bad,
      ).toEqual(['body.contact_id']);
    }
  });

  it('a value outside an enumeration gets a 422 naming the field and the allowed values', async () => {
    const { status, body } = await send(find('listServers'), {
      query: 'apikey=k&client_id=293&filters[state]=Running',
    });
    expect(status).toBe(422);
    expect(body.validation[0].message).toBe(
      'Request query parameter filters.state must be equal to one of the allowed values: On, Off, Other',
    );
  });

  it('a missing or ill-typed form field gets a 422 naming it', async () => {
    const { status, body } = await send(find('updateSoa'), {
      query: '',
      body: 'apikey=k&client_id=293&domain=example.co.nz&ns=ns1&email=e&refresh=soon&retry=1&expire=1',
    });
    expect(status).toBe(422);
    const messages = body.validation.map((v: Node) => v.message);
    expect(messages).toContain("Request body must have required property 'minimum'");
    expect(messages).toContain('Request body property refresh must be integer');
  });

  it('an invalid request gets its 422 naming the field even when Prefer asks for the 400 example', async () => {
    const { status, body } = await send(
      find('listServers'),
      { query: 'apikey=k&client_id=abc' },
      { prefer: 'code=400' },
    );
    expect(status).toBe(422);
    expect(body.validation).toEqual([expect.objectContaining({ location: ['query', 'client_id'] })]);
  });

  it('a Prefer the description cannot satisfy gets a 422 listing what it has', async () => {
    const unknownExample = await send(find('listServers'), validRequest(find('listServers')), {
      prefer: 'example=nope',
    });
    expect(unknownExample.status).toBe(422);
    expect(unknownExample.body.detail).toContain(
      'has no such example; it has success (200), secondPage (200), clientNotFound (200)',
    );
    const unknownCode = await send(find('listServers'), validRequest(find('listServers')), { prefer: 'code=418' });
    expect(unknownCode.status).toBe(422);
    expect(unknownCode.body.detail).toBe('Prefer: code=418: listServers has no 418 response; it has 200, 400, 500.');
  });

  it('unknown paths and version segments outside 1.0-1.5 are 404, a wrong method 405', async () => {
    expect((await fetch(`${base}/1.3/server/delete_servers.json?apikey=k`)).status).toBe(404);
    expect((await fetch(`${base}/1.9/server/list_servers.json?apikey=k&client_id=293`)).status).toBe(404);
    expect((await fetch(`${base}/server/list_servers.json?apikey=k&client_id=293`)).status).toBe(404);
    const wrongMethod = await fetch(`${base}/1.3/server/list_servers.json?apikey=k&client_id=293`, {
      method: 'DELETE',
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });
});

describe('README', () => {
  it('lists the options and the example names of every operation as they are (`pnpm generate` when not)', async () => {
    const { README, withTables, readBundle } = await import('../scripts/readme.ts');
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withTables(readme, readBundle()));
  });
});
