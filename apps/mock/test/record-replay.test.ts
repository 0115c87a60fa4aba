// Recorded traffic, as a tester runs it: `hostapi-mock proxy --upstream <url> --record <file>`
// in front of a fake upstream writes what it relays (the key masked, fields scrubbed, answers that
// break the description marked), and `hostapi-mock --replay <file>` answers from it; a recording
// it cannot take stops it at start, naming the entry and its line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '@hostapi/spec/wire';
import { startMock } from '../src/index.ts';
import { runCli, startCli, type RunningCli } from './helpers.js';

const KEY = 'live-key-9e4c1d';
const dir = mkdtempSync(join(tmpdir(), 'hostapi-recording-'));
const file = join(dir, 'traffic.yaml');
const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG7k me@laptop';
const COPY =
  'client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&label=Shop%20staging&' +
  'params[copy_env_file]=1&params[shutdown]=0&params[database_users][0][clone_grants_from]=shop_app&' +
  'params[database_users][0][mysql_host]=mysql8&params[database_users][0][username]=app&' +
  'params[database_users][0][password]=correct-horse-battery&params[database_users][0][database]=shop_staging';

let upstream: Server;
let added = 0;
beforeAll(async () => {
  // The account's service, as far as these calls go: each add a new id, the key echoed in a
  // message, an answer that breaks the description, and a front proxy's HTML page.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = req.url ?? '';
      const json = (body: unknown, status = 200) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'r1', date: 'now' });
        res.end(JSON.stringify(body));
      };
      if (url.includes('ssh/key/add'))
        return json({ return: { key_id: String(41 + ++added) }, msg: 'Successful', status: true });
      if (url.includes('list_ips'))
        return json({ return: { '203.0.113.10': { ip_addr: 10 } }, msg: 'Successful', status: true });
      if (url.includes('list_templates'))
        return json({ msg: `Invalid API key ${KEY}.`, status: false, error: { code: 4 } });
      if (url.includes('copy')) return json({ return: { job_id: '77' }, msg: 'Successful', status: true });
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
const add = (base: string, apikey: string, label: string) =>
  post(
    `${base}/1.2/ssh/key/add.json`,
    `apikey=${apikey}&client_id=293&label=${label}&content=${encodeURIComponent(CONTENT)}`,
  );

describe('hostapi-mock proxy --record', () => {
  let proxy: RunningCli;
  beforeAll(async () => {
    const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    proxy = await startCli(['proxy', '--upstream', origin, '--record', file, '--scrub', 'content']);
    await add(proxy.url, KEY, 'laptop');
    await add(proxy.url, KEY, 'laptop');
    await fetch(`${proxy.url}/1.5/dns/list_ips.json?apikey=${KEY}&client_id=293`);
    await fetch(`${proxy.url}/1.5/dns/domain_templates/list_templates.json?apikey=${KEY}&client_id=293`);
    await fetch(`${proxy.url}/1.3/srs/get_domain.json?apikey=${KEY}&client_id=293&domain=example.nz`);
    await post(`${proxy.url}/1.1/cloud/stack/copy.json`, `apikey=${KEY}&${COPY}`);
    await proxy.stop();
  });

  it('writes each exchange it relayed, as YAML a person can read, in order', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^# Recorded by hostapi-mock proxy from http:\/\/127\.0\.0\.1:\d+, /);
    const recorded = load(text) as Record<string, unknown>[];
    expect(recorded.map((entry) => [entry.operation, entry.status])).toEqual([
      ['addSshKey', 200],
      ['addSshKey', 200],
      ['listIps', 200],
      ['listDnsTemplates', 200],
      ['getDomain', 502],
      ['copyStack', 200],
    ]);
    expect(recorded[0]).toEqual({
      operation: 'addSshKey',
      fields: { client_id: '293', label: 'laptop', content: '[scrubbed]' },
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: { return: { key_id: '42' }, msg: 'Successful', status: true },
    });
    expect(recorded[4]).toMatchObject({ text: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
  });

  it('never the key, nor a password; an answer that breaks the description marked', () => {
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('correct-horse-battery');
    const recorded = load(text) as Record<string, any>[];
    expect(recorded[3]!.body.msg).toBe('Invalid API key [redacted].');
    expect(recorded[5]!.fields.params.database_users[0].password).toBe('[scrubbed]');
    expect(recorded[2]!.invalid).toContain(
      'response.body.return.203.0.113.10.ip_addr: Response body property return.203.0.113.10.ip_addr must be string',
    );
  });

  describe('hostapi-mock --replay', () => {
    let replay: RunningCli;
    beforeAll(async () => {
      replay = await startCli(['--replay', file]);
    });
    afterAll(() => replay?.stop());

    it('answers a recorded request with its answer; identical ones in the order recorded, then the last', async () => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await (await add(replay.url, 'any-key', 'laptop')).json()).return.key_id);
      expect(ids).toEqual(['42', '43', '43']);
      // Counted per key, and from the start again once the key is reset.
      expect((await (await add(replay.url, 'another-key', 'laptop')).json()).return.key_id).toBe('42');
      await fetch(`${replay.url}/__mock/reset?apikey=any-key`, { method: 'POST' });
      expect((await (await add(replay.url, 'any-key', 'laptop')).json()).return.key_id).toBe('42');
    });

    it('replays what broke the description, named in sl-violations, and a page not JSON as it came', async () => {
      const ips = await fetch(`${replay.url}/1.5/dns/list_ips.json?apikey=k&client_id=293`);
      expect((await ips.json()).return['203.0.113.10'].ip_addr).toBe(10);
      expect(ips.headers.get('sl-violations')).toContain('response');
      const page = await fetch(`${replay.url}/1.3/srs/get_domain.json?apikey=k&client_id=293&domain=example.nz`);
      expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([
        502,
        'text/html',
        '<html><body><h1>502 Bad Gateway</h1></body></html>',
      ]);
    });

    it('anything else: a 404 saying nothing was recorded for it; the journal says what answered', async () => {
      const other = await add(replay.url, 'k', 'desktop');
      expect(other.status).toBe(404);
      expect(await other.json()).toMatchObject({
        type: 'urn:hostapi:mock:not-recorded',
        detail: expect.stringContaining('Nothing was recorded for this addSshKey request in'),
      });
      const none = await fetch(`${replay.url}/1.3/ssh/key/get.json?apikey=k&client_id=293&key_id=1`);
      expect((await none.json()).detail).toContain('it has no getSshKey');
      const { entries } = await (await fetch(`${replay.url}/__mock/journal?apikey=any-key&operation=addSshKey`)).json();
      expect(entries.at(-1).example).toBe('recorded entry 1 (line 3)');
      // A request it refuses is refused as by any mock.
      expect((await fetch(`${replay.url}/1.3/ssh/key/get.json?apikey=k`)).status).toBe(422);
    });
  });

  it('--fallback examples: anything not recorded answered from the description’s examples', async () => {
    const replay = await startMock({ replay: file, fallback: 'examples', log: () => {} });
    const answer = await (await add(replay.url, 'k', 'desktop')).json();
    expect(answer).toMatchObject({ status: true, return: { key_id: expect.any(String) } });
    await replay.close();
  });
});

describe('a recording it cannot take', () => {
  const write = (text: string, name = 'bad.yaml') => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const entry = (body: string) => `- operation: listDnsTemplates\n  fields: {client_id: '293'}\n${body}`;
  it.each([
    [
      'an operation it does not have',
      `- operation: listDnsTemplate\n  status: 200\n`,
      'entry 1 (line 1): operation "listDnsTemplate" is not one of the description\'s',
    ],
    [
      'a field the operation has not',
      '- operation: listDnsTemplates\n  fields: {label: x}\n  status: 200\n',
      'entry 1 (line 1): listDnsTemplates has no field "label"',
    ],
    [
      'an answer that breaks the description, unmarked',
      `- operation: getPricingTiers\n  status: 200\n- ${entry('  status: 200\n  body: {status: 1}\n').slice(2)}`,
      'entry 2 (line 3): the answer breaks the description',
    ],
    [
      'a member it does not know',
      entry('  status: 200\n  answer: {}\n'),
      'entry 1 (line 1): "answer" is not part of an exchange',
    ],
    ['no status', entry(''), 'entry 1 (line 1): status must be a whole number'],
    ['YAML it cannot read', '- operation: [\n', 'Invalid recording'],
    ['not a list', 'operation: listDnsTemplates\n', 'it must be a list of exchanges'],
  ])('%s: hostapi-mock exits 1, naming the entry and its line', async (_what, text, message) => {
    const path = write(text);
    const { code, stderr } = await runCli(['--replay', path, '--port', '0']);
    expect(code).toBe(1);
    expect(stderr).toContain(`Invalid recording ${path}`);
    expect(stderr).toContain(message);
  });

  it('a file it cannot read, and a recording with another mode', async () => {
    const missing = await runCli(['--replay', join(dir, 'none.yaml'), '--port', '0']);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('cannot be read')]);
    const both = await runCli(['--replay', file, '--sandbox']);
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('--replay and --sandbox are two modes')]);
    const scrub = await runCli(['proxy', '--upstream', 'http://127.0.0.1:9', '--scrub', 'label']);
    expect([scrub.code, scrub.stderr]).toEqual([2, expect.stringContaining('--scrub goes with --record')]);
  });

  it('from code, the recording as data', async () => {
    const replay = await startMock({
      replay: [
        {
          operation: 'listDnsTemplates',
          fields: { client_id: '293' },
          status: 200,
          body: { return: [], msg: 'Successful', status: true },
        },
      ],
      log: () => {},
    });
    const answer = await fetch(`${replay.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293`);
    expect(await answer.json()).toEqual({ return: [], msg: 'Successful', status: true });
    await replay.close();
  });
});

describe('hostapi-mock proxy --record, an answer nested 100,000 levels deep', () => {
  // JSON.parse takes it; a walk over it (the key mask, the YAML writer) would run out of stack.
  const deep = `{"return":{"note":"key ${KEY}","servers":${'['.repeat(100_000)}${']'.repeat(100_000)}},"status":true}`;
  const deepFile = join(dir, 'deep.yaml');
  let server: Server;
  let proxy: RunningCli;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(deep);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    proxy = await startCli(['proxy', '--upstream', origin, '--record', deepFile]);
  });
  afterAll(() => server?.close());

  it('is relayed as it came, and recorded down to MAX_JSON_DEPTH levels, the key masked', async () => {
    const answer = await fetch(`${proxy.url}/1.3/server/list_servers.json?apikey=${KEY}&client_id=293`);
    expect([answer.status, await answer.text()]).toEqual([200, deep]);
    await proxy.stop();
    const text = readFileSync(deepFile, 'utf8');
    expect(text).not.toContain(KEY);
    const [entry] = load(text) as Record<string, any>[];
    expect(entry!.body.return.note).toBe('key [redacted]');
    expect(text).toContain(TOO_DEEP);
  });

  it('is a recording --replay takes', async () => {
    const replay = await startCli(['--replay', deepFile]);
    const answer = await fetch(`${replay.url}/1.3/server/list_servers.json?apikey=k&client_id=293`);
    expect(JSON.stringify((await answer.json()).return.servers)).toContain(TOO_DEEP);
    await replay.stop();
  });
});
