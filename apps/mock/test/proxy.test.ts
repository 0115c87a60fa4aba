// The validating proxy forwards to an upstream and reports every request and response that
// breaks the description.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/mock.mjs', import.meta.url));
let upstream: Server;
let proxy: ChildProcess;
let base: string;
let log = '';

beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // list_ips answers a record with a wrong type and missing fields; the rest answer well.
    res.end(JSON.stringify(req.url!.includes('list_ips')
      ? { return: { '203.0.113.10': { ip_addr: 10 } }, msg: 'Successful', status: true }
      : { return: [], msg: 'Successful', status: true }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const port = 40000 + Math.floor(Math.random() * 20000);
  proxy = spawn(process.execPath, [BIN, 'proxy', '--upstream', upstreamUrl, '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout!.on('data', (c) => (log += c));
  proxy.stderr!.on('data', (c) => (log += c));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => log.includes(`on http://127.0.0.1:${port}`) && (clearInterval(timer), resolve()), 50);
    proxy.on('exit', (code) => reject(new Error(`proxy exited (${code}): ${log}`)));
  });
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(() => {
  proxy?.kill('SIGINT');
  upstream?.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

it('forwards a valid exchange without reporting anything', async () => {
  const before = log.length;
  const response = await fetch(`${base}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293`);
  expect(await response.json()).toEqual({ return: [], msg: 'Successful', status: true });
  await settle();
  expect(log.slice(before)).not.toMatch(/Violation/);
});

it('reports a response that breaks the description, field by field, and still forwards it', async () => {
  const response = await fetch(`${base}/1.5/dns/list_ips.json?apikey=k&client_id=293`);
  expect((await response.json()).return['203.0.113.10'].ip_addr).toBe(10);
  await settle();
  expect(log).toMatch(/Violation: response\.body\.return\.203\.0\.113\.10\.ip_addr .*must be string/);
  expect(log).toMatch(/must have required property 'netmask'/);
});

it('reports a request that breaks the description', async () => {
  await fetch(`${base}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=abc`);
  await settle();
  expect(log).toMatch(/Violation: request\.query\.client_id Request query parameter client_id must be integer/);
});

it('refuses to start without an upstream, saying why', async () => {
  const child = spawn(process.execPath, [BIN, 'proxy'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code).toBe(2);
  expect(err).toContain('proxy needs --upstream <url>');
});
