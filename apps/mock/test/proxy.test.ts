// The validating proxy forwards to an upstream and reports every request and response that
// breaks the description, and still lets the exchange through as it was.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runCli, startCli, until, type RunningCli } from './helpers.js';

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
      res.end(
        JSON.stringify(
          req.url!.includes('list_ips')
            ? { return: { '203.0.113.10': { ip_addr: 10 } }, msg: 'Successful', status: true }
            : { return: [], msg: 'Successful', status: true },
        ),
      );
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
  const response = await fetch(`${proxy.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293`, {
    headers: { 'x-trace': 't1' },
  });
  expect(await response.json()).toEqual({ return: [], msg: 'Successful', status: true });
  expect(response.headers.get('x-upstream')).toBe('yes');
  expect(response.headers.get('sl-violations')).toBeNull();
  expect(received.at(-1)).toMatchObject({
    method: 'GET',
    url: '/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293',
    headers: { 'x-trace': 't1' },
  });
  await logged('list_templates.json?apikey=[redacted]&client_id=293 → 200');
  expect(proxy.output()).not.toMatch(/Violation/);
});

it('forwards a POST body byte for byte', async () => {
  const body = 'apikey=k&client_id=293&domain=oldbrand.co.nz';
  await fetch(`${proxy.url}/1.0/srs/cancel_domain.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
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
  await logged('Violation: request.query.client_id Request query parameter client_id must match pattern');
});

it('reports a path the description does not have, and forwards it', async () => {
  await fetch(`${proxy.url}/1.3/server/reboot.json?apikey=k`);
  expect(received.at(-1)!.url).toBe('/1.3/server/reboot.json?apikey=k');
  await logged("Violation: request The route /1.3/server/reboot.json hasn't been found");
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

describe('an upstream that misbehaves', () => {
  /** What the hostile upstream does, by path; `closed` tells when the proxy hung up on it. */
  const behaviours = new Map<string, (res: ServerResponse) => void>();
  let closed: string[] = [];
  let hostile: Server;
  let through: RunningCli;
  const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

  beforeAll(async () => {
    hostile = createServer((req, res) => {
      req.resume();
      const name = String(req.headers['x-behaviour']);
      res.on('close', () => res.writableFinished || closed.push(name));
      behaviours.get(name)!(res);
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    through = await startCli(['proxy', '--upstream', `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`]);
  }, 60_000);

  afterAll(async () => {
    await through?.stop();
    hostile?.close();
  });

  /** A request of list_ips that the upstream answers as `respond` does. */
  const path = (name: string, respond: (res: ServerResponse) => void) => {
    behaviours.set(name, respond);
    return [
      `${through.url}/1.5/dns/list_ips.json?apikey=k&client_id=293`,
      { headers: { 'x-behaviour': name } },
    ] as const;
  };

  it(
    'a record named outside Latin-1 is reported in an ' + 'ASCII sl-violations header, and the proxy lives on',
    async () => {
      const response = await fetch(
        ...path('euro', (res) =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ return: { '€\u007f': { ip_addr: 10 } }, msg: 'Successful', status: true })),
        ),
      );
      expect(response.status).toBe(200);
      const violations = response.headers.get('sl-violations')!;
      expect(violations).toMatch(/^[\x20-\x7e]+$/);
      expect(JSON.parse(violations).map((v: { location: string[] }) => v.location.join('.'))).toContain(
        'response.body.return.€\u007f.ip_addr',
      );
      expect(through.child.exitCode).toBeNull();
    },
  );

  it('streams an answer too large to check at the pace of its client, its memory flat (200 MB through)', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const [url, init] = path('huge', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 200 && res.write(chunk)) sent++;
        if (sent >= 200) res.end();
        else
          res.once('drain', () => {
            sent++;
            more();
          });
      };
      more();
    });
    const before = rssOf(through.child.pid!);
    const response = await fetch(url, init);
    expect(JSON.parse(response.headers.get('sl-violations')!)).toEqual([
      expect.objectContaining({ code: 'unchecked', message: expect.stringContaining('passed on unchecked') }),
    ]);
    let received = 0;
    let peak = 0;
    const reader = response.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      received += part.value.length;
      if (received % (16 * 1024 * 1024) < part.value.length) peak = Math.max(peak, rssOf(through.child.pid!));
    }
    expect(received).toBe(200 * chunk.length);
    expect(peak - before).toBeLessThan(100);
  });

  it('stops asking the upstream when its client leaves', async () => {
    const [url, init] = path('endless', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024, 'x')), 5);
      res.on('close', () => clearInterval(timer));
    });
    closed = [];
    const controller = new AbortController();
    const response = await fetch(url, { ...init, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await until(() => closed.includes('endless'), 'the proxy to close the upstream request', 5000);
  });

  it(
    'answers 504 when the whole answer has not come ' + 'within --upstream-timeout, however slowly it trickles',
    async () => {
      const [url, init] = path('trickle', (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 200);
        res.on('close', () => clearInterval(timer));
      });
      const impatient = await startCli([
        'proxy',
        '--upstream',
        `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`,
        '--upstream-timeout',
        '1500',
      ]);
      const started = performance.now();
      const response = await fetch(url.replace(through.url, impatient.url), init);
      await impatient.stop();
      expect(response.status).toBe(504);
      expect(await response.json()).toMatchObject({
        type: 'urn:hostapi:mock:upstream-timeout',
        detail:
          'GET to http://127.0.0.1:' + (hostile.address() as AddressInfo).port + ': no whole answer within 1500 ms',
      });
      expect(performance.now() - started).toBeLessThan(5000);
    },
  );

  it('answers 502 when the upstream closes in the middle of its answer', async () => {
    const [url, init] = path('cut', (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      // Closed once the start of the answer has left: the proxy has begun to read it.
      res.write('{"return":', () => res.destroy());
    });
    const response = await fetch(url, init);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      type: 'urn:hostapi:mock:upstream-failed',
      detail: expect.stringContaining('closed in the middle of the answer'),
    });
  });

  it('checks a gzip answer decoded, and passes it on as it came', async () => {
    const response = await fetch(
      ...path('gzip', (res) =>
        res
          .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
          .end(
            gzipSync(JSON.stringify({ return: { '203.0.113.10': { ip_addr: 10 } }, msg: 'Successful', status: true })),
          ),
      ),
    );
    expect((await response.json()).return['203.0.113.10'].ip_addr).toBe(10);
    const violations = JSON.parse(response.headers.get('sl-violations')!);
    expect(violations.map((v: { message: string }) => v.message).join('\n')).toContain('must be string');
    expect(violations.map((v: { message: string }) => v.message).join('\n')).not.toContain('not valid JSON');
  });

  it('does not inflate a gzip bomb past the size it checks: passed on unchecked, memory flat', async () => {
    // 64 MB of zeros in 64 kB: eight times what the proxy checks.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 1 });
    const [url, init] = path('bomb', (res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb),
    );
    const before = rssOf(through.child.pid!);
    const response = await fetch(url, { headers: { ...init.headers, 'accept-encoding': 'identity' } });
    expect(response.headers.get('sl-violations')).toContain('passed on unchecked: decoded, it is larger than');
    await response.arrayBuffer().catch(() => {});
    expect(rssOf(through.child.pid!) - before).toBeLessThan(48);
    expect(through.child.exitCode).toBeNull();
  });
});

describe('an upstream that closes connections it kept open (sent again once, when it cannot have been read)', () => {
  // Each connection's first request is answered, and the connection kept open without a word of
  // closing it; its second request is read, then the connection closed without a byte of answer:
  // what an upstream closing an idle connection does to a request already on its way.
  const seen: string[] = [];
  let upstream: Server;
  let through: RunningCli;
  beforeAll(async () => {
    const served = new WeakMap<object, number>();
    upstream = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push(`${req.method} ${req.url}`);
        const count = (served.get(req.socket) ?? 0) + 1;
        served.set(req.socket, count);
        if (count > 1) return void req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ return: [], msg: 'Successful', status: true }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    through = await startCli(['proxy', '--upstream', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
  });
  afterAll(async () => {
    await through?.stop();
    upstream?.close();
  });
  const templates = (n: number) =>
    fetch(`${through.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293&n=${n}`);

  it('a GET is sent again once, on a new connection, and answered', async () => {
    seen.length = 0;
    expect((await templates(1)).status).toBe(200);
    expect((await templates(2)).status).toBe(200);
    expect(seen.map((request) => request.slice(-3))).toEqual(['n=1', 'n=2', 'n=2']);
  });

  it('a POST the upstream has read is not sent again: 502, and the upstream saw it once', async () => {
    seen.length = 0;
    expect((await templates(3)).status).toBe(200);
    const response = await fetch(`${through.url}/1.0/srs/cancel_domain.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'apikey=k&client_id=293&domain=oldbrand.co.nz',
    });
    expect(response.status).toBe(502);
    expect(seen.filter((request) => request.startsWith('POST'))).toEqual(['POST /1.0/srs/cancel_domain.json']);
  });
});

describe('an upstream that closes each connection a moment after its answer, without saying so', () => {
  // As a load balancer closing idle connections does: the next request may already be on its way.
  const received = { GET: 0, POST: new Map<string, number>() };
  let upstream: Server;
  let through: RunningCli;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.method === 'GET') received.GET++;
        else received.POST.set(body, (received.POST.get(body) ?? 0) + 1);
        res.writeHead(200, { 'content-type': 'application/json' });
        const answer = JSON.stringify({ return: { job_id: '1' }, msg: 'Successful', status: true });
        res.end(answer, () => setTimeout(() => req.socket.end(), 1));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    through = await startCli(['proxy', '--upstream', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]);
  });
  afterAll(async () => {
    await through?.stop();
    upstream?.close();
  });

  it('300 GETs back to back are all answered', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const response = await fetch(
        `${through.url}/1.5/dns/domain_templates/list_templates.json?apikey=k&client_id=293`,
      );
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(received.GET).toBeGreaterThanOrEqual(300);
  });

  it('of 300 POSTs back to back, none reaches it twice, and each answered reached it once', async () => {
    const answered: string[] = [];
    for (let i = 0; i < 300; i++) {
      const body = `apikey=k&client_id=293&domain=oldbrand.co.nz&n=${i}`;
      const response = await fetch(`${through.url}/1.0/srs/cancel_domain.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      await response.arrayBuffer();
      // An upstream that read a POST and closed without answering may have done it: 502, never again.
      expect([200, 502]).toContain(response.status);
      if (response.status === 200) answered.push(body);
    }
    expect([...received.POST.values()].filter((times) => times > 1)).toEqual([]);
    for (const body of answered) expect(received.POST.get(body)).toBe(1);
  });
});

describe('a proxy that would forward to itself', () => {
  it.each(['127.0.0.1', 'localhost'])('is refused at start: --upstream http://%s:<its own port>', async (host) => {
    const port = await freePort();
    const { code, stderr } = await runCli(['proxy', '--port', String(port), '--upstream', `http://${host}:${port}`]);
    expect(code).toBe(1);
    expect(stderr).toContain(`--upstream http://${host}:${port} is this proxy's own address`);
  });

  it(
    'answers 508 at once to a request that has passed ' + 'through it already (two proxies pointed at each other)',
    async () => {
      const [a, b] = [await freePort(), await freePort()];
      const first = await startCli(['proxy', '--upstream', `http://127.0.0.1:${b}`], { port: a });
      const second = await startCli(['proxy', '--upstream', `http://127.0.0.1:${a}`], { port: b });
      try {
        const started = performance.now();
        const response = await fetch(`${first.url}/1.5/server/list_images.json?apikey=k`);
        expect(response.status).toBe(508);
        expect(await response.json()).toMatchObject({
          type: 'urn:hostapi:mock:loop-detected',
          detail: expect.stringContaining('has already passed through this proxy'),
        });
        expect(performance.now() - started).toBeLessThan(5000);
      } finally {
        await Promise.all([first.stop(), second.stop()]);
      }
    },
  );
});
