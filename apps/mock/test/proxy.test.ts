// The validating proxy forwards to an upstream and reports every request and response that
// breaks the description, and still lets the exchange through as it was.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, startCli, until, type RunningCli } from './helpers.js';

let upstream: Server;
let proxy: RunningCli;
/** What the upstream received. */
const received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      // list_ips answers a record with a wrong type and missing fields; the rest answer well.
      res.end(JSON.stringify(req.url!.includes('list_ips')
        ? { return: { '203.0.113.10': { ip_addr: 10 } }, msg: 'Successful', status: true }
        : { return: [], msg: 'Successful', status: true }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startCli(['proxy', '--upstream', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  upstream?.close();
});

const logged = (line: string) => until(() => proxy.output().includes(line), `the proxy to log ${line}`);

it('forwards a valid exchange unchanged, without reporting anything', async () => {
  const response = await fetch(`${proxy.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293`, { headers: { 'x-trace': 't1' } });
  expect(await response.json()).toEqual({ return: [], msg: 'Successful', status: true });
  expect(response.headers.get('x-upstream')).toBe('yes');
  expect(response.headers.get('sl-violations')).toBeNull();
  expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293', headers: { 'x-trace': 't1' } });
  await logged('list_templates.json?apikey=***&client_id=293 → 200');
  expect(proxy.output()).not.toMatch(/Violation/);
});

it('forwards a POST body byte for byte', async () => {
  const body = 'apikey=k&client_id=293&domain=oldbrand.co.nz';
  await fetch(`${proxy.url}/1.0/srs/cancel_domain.json`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/1.0/srs/cancel_domain.json', body });
});

it('reports a response that breaks the description, field by field, and still forwards it', async () => {
  const response = await fetch(`${proxy.url}/1.5/dns/list_ips.json?apikey=k&client_id=293`);
  expect((await response.json()).return['203.0.113.10'].ip_addr).toBe(10);
  expect(response.headers.get('sl-violations')).toContain('must be string');
  await logged("must have required property 'netmask'");
  expect(proxy.output()).toMatch(/Violation: response\.body\.return\.203\.0\.113\.10\.ip_addr .*must be string/);
});

it('reports a request that breaks the description, and forwards it', async () => {
  const before = received.length;
  await fetch(`${proxy.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=abc`);
  expect(received.length).toBe(before + 1);
  await logged('Violation: request.query.client_id Request query parameter client_id must be integer');
});

it('reports a path the description does not have, and forwards it', async () => {
  await fetch(`${proxy.url}/1.3/server/reboot.json?apikey=k`);
  expect(received.at(-1)!.url).toBe('/1.3/server/reboot.json?apikey=k');
  await logged('Violation: request The route /1.3/server/reboot.json hasn\'t been found');
});

it('answers 502 naming the upstream when it cannot be reached', async () => {
  const gone = await startCli(['proxy', '--upstream', 'http://127.0.0.1:9']);
  const response = await fetch(`${gone.url}/1.5/server/list_images.json?apikey=k`);
  expect(response.status).toBe(502);
  expect((await response.json()).detail).toBe('GET to http://127.0.0.1:9 failed: ECONNREFUSED');
  await gone.stop();
});

it('refuses to start without an upstream, saying why', async () => {
  const { code, stderr } = await runCli(['proxy']);
  expect(code).toBe(2);
  expect(stderr).toContain('proxy needs --upstream <url>');
});
