// The mode slot: a mode only writes answers. What it is given (the request read with the mock's
// leniency), and what happens to what it gives (checked against the description) are the same
// for every mode; the sandbox plugs in here.
import { startMock, Problem, type AnswerRequest, type Answerer, type RunningMock } from '@hostapi/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spec, startCli } from './helpers.js';

const asked: AnswerRequest[] = [];
const resets: (string | undefined)[] = [];
let reply: (request: AnswerRequest) => ReturnType<Answerer['answer']>;

const answerer: Answerer = {
  answer: (request) => {
    asked.push(request);
    return reply(request);
  },
  reset: (apiKey) => void resets.push(apiKey),
};

let mock: RunningMock;
const lines: string[] = [];

beforeAll(async () => {
  mock = await startMock({ answerer, log: (line) => lines.push(line) });
});
afterAll(() => mock?.close());

const success = { return: { job_id: '8812202' }, msg: 'Successful', status: true };

describe('what a mode is given', () => {
  it('the operation, the key, the fields as one nested object of text, and Prefer', async () => {
    reply = () => ({ status: 200, body: { msg: 'Contact not found.', status: false } });
    // The Go SDK's shape: another version segment, key and client in the query of a POST.
    const response = await fetch(`${mock.url}/1.5/srs/update_contact.json?apikey=the-key&client_id=293&`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        prefer: 'code=200, example="success", latency=20',
      },
      body: 'client_id=293&contact_id=3310&params%5BPhone%5D%5BCountry%5D=64&params%5BCity%5D=Auckland',
    });
    expect(response.status).toBe(200);
    expect(asked.at(-1)).toMatchObject({
      operationId: 'updateDomainContact',
      operation: { id: 'updateDomainContact', path: '/1.2/srs/update_contact.json', method: 'POST' },
      apiKey: 'the-key',
      prefer: { code: '200', example: 'success', latency: '20' },
      request: { method: 'POST', path: '/1.5/srs/update_contact.json', search: 'apikey=the-key&client_id=293&' },
    });
    expect(asked.at(-1)!.fields).toEqual({
      client_id: '293',
      contact_id: '3310',
      params: { Phone: { Country: '64' }, City: 'Auckland' },
    });
  });

  it('indexed lists as arrays, empty-bracket lists too; unknown names left out', async () => {
    reply = () => ({
      status: 200,
      body: { return: { domain: 'a.nz', available: true, reason: '', other: [] }, msg: 'Successful', status: true },
    });
    await fetch(
      `${mock.url}/1.3/srs/domain_tlds_available.json?apikey=k&client_id=293&` +
        `domain=a.nz&additional_tlds[0]=com&additional_tlds[1]=net&filters[x]=1`,
    );
    expect(asked.at(-1)!.fields).toEqual({ client_id: '293', domain: 'a.nz', additional_tlds: ['com', 'net'] });
    reply = () => ({
      status: 200,
      body: { return: { job_id: '1', destination_stack: 's' }, msg: 'Successful', status: true },
    });
    await fetch(`${mock.url}/1.1/cloud/stack/copy.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body:
        'apikey=k&client_id=293&source_server=c&name=n&destination_server=c&' +
        'label=L&params[the service][]=web&params[the service][]=worker',
    });
    expect(asked.at(-1)!.fields).toEqual({
      client_id: '293',
      source_server: 'c',
      name: 'n',
      destination_server: 'c',
      label: 'L',
      params: { 'the service': ['web', 'worker'] },
    });
  });

  it("reads an object keyed by index as a list by the core's rule alone (@hostapi/spec/fields)", async () => {
    // additional_tlds with named properties besides its indexed ones: an object, not a list.
    const document = structuredClone(spec);
    const schema = document.paths['/1.3/srs/domain_tlds_available.json'].get.parameters[2].schema;
    schema.properties = { note: { type: 'string' } };
    const asked: AnswerRequest[] = [];
    const answer = (request: AnswerRequest) => {
      asked.push(request);
      return { status: 200, body: { msg: 'Client not found.', status: false } };
    };
    const own = await startMock({ document, answerer: { answer }, log: () => {} });
    try {
      await fetch(
        `${own.url}/1.3/srs/domain_tlds_available.json?apikey=k&client_id=293&domain=a.nz&additional_tlds[0]=com`,
      );
      expect(asked.at(-1)?.fields.additional_tlds).toEqual({ '0': 'com' });
    } finally {
      await own.close();
    }
  });

  it(
    'a request sent again byte for byte is read the same ' + 'every time; other bytes with their own departures',
    async () => {
      reply = () => ({ status: 200, body: { msg: 'Contact not found.', status: false } });
      const send = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${mock.url}/1.5/srs/update_contact.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body,
        });
      const body = 'apikey=k&client_id=293&contact_id=3310&params[City]=Auckland';
      const first = await send(body);
      const read = asked.at(-1)!;
      for (let i = 0; i < 2; i++) {
        const again = await send(body);
        expect(asked.at(-1)!.fields).toEqual(read.fields);
        expect(again.headers.get('sl-violations')).toBe(first.headers.get('sl-violations'));
      }
      expect(first.headers.get('sl-violations')).toContain('versionSegment');
      // the same fields in other bytes: their own departures
      const reordered = await send('client_id=293&apikey=k&contact_id=3310&params[City]=Auckland');
      expect(asked.at(-1)!.fields).toEqual(read.fields);
      expect(reordered.headers.get('sl-violations')).toContain('fieldOrder');
      expect(first.headers.get('sl-violations')).not.toContain('fieldOrder');
      // the content type and Prefer are part of the request
      await send(body, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
      expect(asked.at(-1)!.fields).toEqual(read.fields);
      await send(body, { prefer: 'code=200' });
      expect(asked.at(-1)!.prefer).toEqual({ code: '200' });
      await send(body);
      expect(asked.at(-1)!.prefer).toEqual({});
      // a refused request is refused every time
      const before = asked.length;
      for (let i = 0; i < 2; i++) expect((await send('apikey=k&client_id=abc&contact_id=3310')).status).toBe(422);
      expect(asked.length).toBe(before);
    },
  );

  it('nothing for a request the mock refuses', async () => {
    const before = asked.length;
    const response = await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=k&client_id=abc`);
    expect(response.status).toBe(422);
    expect(asked.length).toBe(before);
  });
});

describe('what becomes of its answers', () => {
  const call = () =>
    fetch(`${mock.url}/1.0/srs/cancel_domain.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'apikey=k&client_id=293&domain=a.nz',
    });

  it('a valid answer is served as given, with its headers', async () => {
    reply = () => ({ status: 200, body: { msg: 'Domain not found.', status: false }, headers: { 'x-mode': 'mine' } });
    const response = await call();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-mode')).toBe('mine');
    expect(await response.json()).toEqual({ msg: 'Domain not found.', status: false });
  });

  it('an answer that breaks the description becomes a 500 naming each field', async () => {
    reply = () => ({
      status: 200,
      body: { return: { job_id: 8812202 }, msg: 'Successful', status: true, time: 0.231 },
    });
    const response = await call();
    expect(response.status).toBe(500);
    const problem = await response.json();
    expect(problem.title).toBe('Request/Response not valid');
    expect(problem.validation).toEqual([
      expect.objectContaining({
        location: ['body', 'return', 'job_id'],
        message: 'Response body property return.job_id must be string',
      }),
    ]);
  });

  it('a status the operation does not describe becomes a 500 too', async () => {
    reply = () => ({ status: 201, body: success });
    const response = await call();
    expect(response.status).toBe(500);
    expect((await response.json()).validation[0].message).toBe(
      'Unable to match the returned status code with those defined in the document: 200,400,500',
    );
  });

  it('a thrown Problem is answered as it is; any other error as a 500 that says what failed', async () => {
    reply = () => {
      throw new Problem({ status: 409, type: 'urn:example:busy', title: 'Busy', detail: 'The sandbox is busy' });
    };
    let response = await call();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      type: 'urn:example:busy',
      title: 'Busy',
      status: 409,
      detail: 'The sandbox is busy',
    });
    reply = () => {
      throw new Error('fixture broken');
    };
    response = await call();
    expect(response.status).toBe(500);
    expect((await response.json()).detail).toBe('fixture broken');
    expect(lines.join('\n')).toContain('POST /1.0/srs/cancel_domain.json: Error: fixture broken');
  });
});

describe('state', () => {
  it(
    'reset() and POST /__sandbox/reset?apikey=<key> ' + 'reach the mode; over HTTP, only a named key is reset',
    async () => {
      await mock.reset!('one');
      const response = await fetch(`${mock.url}/__sandbox/reset?apikey=two`, { method: 'POST' });
      expect(response.status).toBe(204);
      // Every key at once, by any page that does not know a key: refused, naming what it needs.
      for (const path of ['/__sandbox/reset', '/__sandbox/reset?apikey=', '/__sandbox/reset?apikey']) {
        const refused = await fetch(`${mock.url}${path}`, { method: 'POST' });
        expect(refused.status).toBe(422);
        expect(await refused.json()).toMatchObject({
          type: 'urn:hostapi:mock:reset-needs-key',
          detail: expect.stringContaining('give it as ?apikey=<key>'),
        });
      }
      // The key as the reader decodes it, however its name is spelled.
      await fetch(`${mock.url}/__sandbox/reset?a%70ikey=three`, { method: 'POST' });
      expect(resets).toEqual(['one', 'two', 'three']);
      await mock.reset!();
      expect(resets).toEqual(['one', 'two', 'three', undefined]);
    },
  );

  it('a mode without state has no reset, and no reset route', async () => {
    const plain = await startMock();
    expect(plain.reset).toBeUndefined();
    expect((await fetch(`${plain.url}/__sandbox/reset?apikey=k`, { method: 'POST' })).status).toBe(404);
    await plain.close();
  });
});

describe('the sandbox, through the slot, as the CLI starts it', () => {
  const form = (body: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const content = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop';

  it('--sandbox remembers a write per key, as the Go SDK sends it, until POST /__sandbox/reset', async () => {
    const mock = await startCli(['--sandbox']);
    try {
      const added = await (
        await fetch(
          `${mock.url}/1.5/ssh/key/add.json?apikey=one&client_id=293&`,
          form(`label=laptop&content=${encodeURIComponent(content)}`),
        )
      ).json();
      expect(added.status).toBe(true);
      const read = (key: string) =>
        fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=${added.return.key_id}`).then((r) =>
          r.json(),
        );
      expect((await read('one')).return).toMatchObject({ label: 'laptop', content });
      expect((await read('two')).status).toBe(false);
      expect((await fetch(`${mock.url}/__sandbox/reset?apikey=one`, { method: 'POST' })).status).toBe(204);
      expect((await read('one')).status).toBe(false);
    } finally {
      await mock.stop();
    }
  });

  it('--rate-limit and --latency reach it; the built-in fixture or --fixture <file> feed it', async () => {
    // A limit of 0 refuses every request: the service's own rate-limit answer, after the delay.
    const mock = await startCli(['--sandbox', '--rate-limit', '0', '--latency', '200']);
    try {
      const started = performance.now();
      const response = await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=k&client_id=293`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(200);
      expect(response.status).toBe(500);
      expect((await response.json()).msg).toMatch(/exceeded the number of requests per second/);
    } finally {
      await mock.stop();
    }
    const { code, stderr } = await runCli(['--sandbox', '--fixture', 'no-such-fixture.yaml', '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toContain('no-such-fixture.yaml');
  });
});
