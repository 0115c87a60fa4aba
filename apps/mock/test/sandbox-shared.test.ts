// A team's shared sandbox: mock instances started as testers start them (`--sandbox --store
// redis://...`), on a real redis-server. What one instance takes, the others answer; nothing
// acknowledged is lost when an instance dies; ids stay unique under concurrent writes; a key's
// state expires when unused; and while Redis is away the mock answers a 503 problem and comes
// back with it. The sandbox suites (sandbox.test.ts, sandbox-property.test.ts) run on this store too.
import { createClient } from '@redis/client';
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, type RunningCli } from './helpers.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const CONTENT = 'ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20team';

/** ssh/key/add through a mock: the answer's status and body (null when the connection failed). */
async function addKey(url: string, apiKey: string, label: string) {
  const response = await fetch(`${url}/1.2/ssh/key/add.json`, {
    method: 'POST',
    headers: form,
    body: `apikey=${apiKey}&client_id=293&label=${label}&content=${CONTENT}`,
  });
  return { status: response.status, body: await response.json() };
}
/** The label of SSH key `id` as a mock answers it, or its failure message. */
async function labelOf(url: string, apiKey: string, id: string) {
  const { return: key, msg } = await (
    await fetch(`${url}/1.3/ssh/key/get.json?apikey=${apiKey}&client_id=293&key_id=${id}`)
  ).json();
  return key?.label ?? msg;
}
async function backup(url: string, apiKey: string) {
  const response = await fetch(`${url}/1.2/cloud/stack/backup.json`, {
    method: 'POST',
    headers: form,
    body: `apikey=${apiKey}&client_id=293&server=cloud01&name=shop`,
  });
  return (await response.json()).return.job_id as string;
}
/** Resolves once `check()` resolves to true, asking again every 50 ms (rejects after timeoutMs). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));

/** The hashes holding keys' states in a database (one per key that wrote). */
async function stateHashes(url: string) {
  const client = createClient({ url });
  await client.connect();
  try {
    const found: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: 'hostapi:sandbox:*:key:*' })) found.push(...keys);
    const ttls = await Promise.all(found.map((key) => client.pTTL(key)));
    return found.map((key, i) => ({ key, ttlMs: ttls[i]! }));
  } finally {
    client.destroy();
  }
}

describe('two instances sharing one Redis', () => {
  let redis: RunningRedis;
  let a: RunningCli;
  let b: RunningCli;
  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = await Promise.all([
      startCli(['--sandbox', '--store', redis.url(1)]),
      startCli(['--sandbox', '--store', redis.url(1)]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.kill();
  });

  it('says where the state is kept, and for how long', () => {
    expect(a.output()).toContain(
      `hostapi mock (sandbox, state in redis://127.0.0.1:${redis.port}/1, kept 24h unused) on http://127.0.0.1:`,
    );
  });

  it('a write through A is read back through B, and survives a restart of both', async () => {
    const { body } = await addKey(a.url, 'team-1', 'laptop');
    expect(body.return.key_id).toBe('42');
    expect(await labelOf(b.url, 'team-1', '42')).toBe('laptop');
    // B had already answered this read before A's second write: it must not answer it again as it was.
    expect(await labelOf(b.url, 'team-1', '43')).toBe('SSH key not found.');
    expect((await addKey(a.url, 'team-1', 'desktop')).body.return.key_id).toBe('43');
    expect(await labelOf(b.url, 'team-1', '43')).toBe('desktop');
    // Another key sees none of it.
    expect(await labelOf(b.url, 'team-2', '42')).toBe('SSH key not found.');

    await Promise.all([a.stop(), b.stop()]);
    [a, b] = await Promise.all([
      startCli(['--sandbox', '--store', redis.url(1)]),
      startCli(['--sandbox', '--store', redis.url(1)]),
    ]);
    expect([await labelOf(a.url, 'team-1', '42'), await labelOf(b.url, 'team-1', '43')]).toEqual(['laptop', 'desktop']);
    // Stored for a day unused.
    const hashes = await stateHashes(redis.url(1));
    expect(hashes).toHaveLength(1);
    expect(hashes[0]!.ttlMs).toBeGreaterThan(86_400_000 - 60_000);
    expect(hashes[0]!.ttlMs).toBeLessThanOrEqual(86_400_000);
  });

  it('a key reset on B is reset on A, and only that key', async () => {
    await addKey(a.url, 'reset-me', 'gone');
    await addKey(a.url, 'keep-me', 'kept');
    expect(await labelOf(a.url, 'reset-me', '42')).toBe('gone');
    expect((await fetch(`${b.url}/__sandbox/reset?apikey=reset-me`, { method: 'POST' })).status).toBe(204);
    expect(await labelOf(a.url, 'reset-me', '42')).toBe('SSH key not found.');
    expect(await labelOf(a.url, 'keep-me', '42')).toBe('kept');
    // The key starts again from the fixture: its next key is 42 again.
    expect((await addKey(a.url, 'reset-me', 'again')).body.return.key_id).toBe('42');
  });

  it('50 concurrent creates spread over both instances lose or duplicate nothing', async () => {
    const answers = await Promise.all(
      range(0, 50).map((n) => addKey(Number(n) % 2 ? a.url : b.url, 'busy', `key-${n}`)),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(50).fill(200));
    const ids = answers.map(({ body }) => body.return.key_id as string);
    expect([...ids].sort((x, y) => Number(x) - Number(y))).toEqual(range(42, 50));
    // Every one is there, with its own label, through either instance.
    for (const [n, id] of ids.entries()) expect(await labelOf(n % 2 ? b.url : a.url, 'busy', id)).toBe(`key-${n}`);
    // Job ids too: 50 backups, 50 distinct ids in a row from the fixture's first.
    const jobs = await Promise.all(range(0, 50).map((n) => backup(Number(n) % 2 ? a.url : b.url, 'busy')));
    expect([...jobs].sort()).toEqual(range(8813001, 50));
  });

  it('an instance held up past its 3 s limit on Redis answers, in the middle of 200 writes, answers each', async () => {
    // As a loaded machine holds a process up: its timers come due before it reads what Redis sent
    // meanwhile, and its requests arrive in bursts that used to overtake the ones it was retrying.
    let answered = 0;
    let heldUp!: () => void;
    const stopped = new Promise<void>((resolve) => (heldUp = resolve));
    const writes = Promise.all(
      range(0, 200).map((n) =>
        addKey(a.url, 'held-up', `key-${n}`).finally(() => {
          if (++answered !== 20) return;
          a.child.kill('SIGSTOP');
          heldUp();
        }),
      ),
    );
    await stopped;
    // The hold-up is what is tested: it has to outlast the store's answer limit.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    a.child.kill('SIGCONT');
    const answers = await writes;
    expect(answers.filter(({ status }) => status !== 200).map(({ body }) => body)).toEqual([]);
    expect(answers.map(({ body }) => Number(body.return.key_id)).sort((x, y) => x - y)).toEqual(
      range(42, 200).map(Number),
    );
    expect(a.output()).not.toContain('cannot be reached');
  });

  it('an instance killed (SIGKILL) in the middle of a run loses no write it acknowledged', async () => {
    const doomed = await startCli(['--sandbox', '--store', redis.url(1)]);
    const acknowledged = new Map<string, string>();
    let sent = 0;
    // Ten clients writing until the instance dies under them; it is killed once 40 writes are acknowledged.
    const clients = Array.from({ length: 10 }, async () => {
      while (sent < 500) {
        const label = `w${sent++}`;
        try {
          const { status, body } = await addKey(doomed.url, 'crash', label);
          if (status === 200) acknowledged.set(body.return.key_id, label);
        } catch {
          return; // the connection died with the instance: not acknowledged
        }
        if (acknowledged.size === 40 && doomed.child.exitCode === null) doomed.child.kill('SIGKILL');
      }
    });
    await Promise.all(clients);
    await doomed.stop();
    expect(doomed.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);
    for (const [id, label] of acknowledged) expect(await labelOf(a.url, 'crash', id)).toBe(label);
    // Writes after the last acknowledged one may have been stored (their answer lost): ids still never repeat.
    const next = (await addKey(b.url, 'crash', 'after')).body.return.key_id;
    expect(acknowledged.has(next)).toBe(false);
  });
});

describe("a key's state in Redis expires when unused (--store-ttl)", () => {
  let redis: RunningRedis;
  let mock: RunningCli;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await mock?.stop();
    await redis?.kill();
  });

  it('every read or write gives the key its whole time to live ' +
    'again; unused, it expires and the key starts from the fixture', async () => {
    mock = await startCli(['--sandbox', '--store', redis.url(3), '--store-ttl', '5s']);
    expect(mock.output()).toContain(`state in redis://127.0.0.1:${redis.port}/3, kept 5s unused`);
    await addKey(mock.url, 'short-lived', 'brief');
    const [{ key, ttlMs }] = (await stateHashes(redis.url(3))) as [{ key: string; ttlMs: number }];
    expect(ttlMs).toBeGreaterThan(0);
    expect(ttlMs).toBeLessThanOrEqual(5000);
    // As though most of its time had passed: a read gives it the whole time again.
    const client = createClient({ url: redis.url(3) });
    await client.connect();
    try {
      // (2.5 s left: room for the read on a loaded machine, which 0.3 s once was not.)
      await client.pExpire(key, 2500);
      expect(await labelOf(mock.url, 'short-lived', '42')).toBe('brief');
      expect(await client.pTTL(key)).toBeGreaterThan(2500);
      // Unused, it is gone once its time is up (watched in Redis: a read through the mock would keep it).
      await eventually(async () => (await client.exists(key)) === 0, 'the state to expire');
    } finally {
      client.destroy();
    }
    expect(await labelOf(mock.url, 'short-lived', '42')).toBe('SSH key not found.');
    expect((await addKey(mock.url, 'short-lived', 'anew')).body.return.key_id).toBe('42');
  }, 90_000);
});

describe('while Redis cannot be reached', () => {
  const PASSWORD = 's3cret-team-pass';
  let redis: RunningRedis;
  const mocks: RunningCli[] = [];
  beforeAll(async () => {
    redis = await startRedisServer({ args: ['--requirepass', PASSWORD] });
  });
  afterAll(async () => {
    await Promise.all(mocks.map((mock) => mock.stop()));
    await redis?.kill();
  });

  it(
    'refuses to start when Redis refuses it (a wrong password, ' +
      'none, no such database): exit 1, the reason, no password',
    async () => {
      for (const [url, reason] of [
        [`redis://:wrong-${PASSWORD}@127.0.0.1:${redis.port}/0`, 'WRONGPASS'],
        [`redis://127.0.0.1:${redis.port}/0`, 'NOAUTH'],
        [`redis://:${PASSWORD}@127.0.0.1:${redis.port}/99`, 'DB index is out of range'],
      ] as const) {
        const { code, stdout, stderr } = await runCli(['--sandbox', '--store', url, '--port', '0']);
        expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
        expect(stderr).toMatch(/^Cannot start the mock on 127\.0\.0\.1:0: the store redis:\/\/.* refuses this mock: /);
        expect(stderr).toContain(reason);
        expect(stderr).not.toContain(PASSWORD);
      }
    },
  );

  it('answers a 503 problem naming the store (never its password), ' +
    'keeps running, and answers again once Redis is back', async () => {
    const url = `redis://:${PASSWORD}@127.0.0.1:${redis.port}/0`;
    const named = `redis://:***@127.0.0.1:${redis.port}/0`;
    const mock = await startCli(['--sandbox', '--store', url]);
    mocks.push(mock);
    expect(mock.output()).toContain(`state in ${named}, kept 24h unused`);
    expect((await addKey(mock.url, 'outage', 'before')).status).toBe(200);

    await redis.stop();
    for (const request of [
      () => fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=outage&client_id=293&key_id=42`),
      () =>
        fetch(`${mock.url}/1.2/ssh/key/add.json`, {
          method: 'POST',
          headers: form,
          body: `apikey=outage&client_id=293&label=during&content=${CONTENT}`,
        }),
      () => fetch(`${mock.url}/__sandbox/reset?apikey=outage`, { method: 'POST' }),
    ]) {
      const refused = await request();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.headers.get('retry-after')).toBe('1');
      const problem = await refused.json();
      expect(problem).toMatchObject({
        type: 'urn:hostapi:mock:store-unavailable',
        title: 'Sandbox store unavailable',
        status: 503,
      });
      expect(problem.detail).toContain(`The sandbox's store ${named} cannot be reached`);
      expect(JSON.stringify(problem)).not.toContain(PASSWORD);
    }
    // Said once in the log, without the password; the process lives on.
    expect(mock.output()).toContain(`sandbox: the store ${named} cannot be reached`);
    expect(mock.output()).not.toContain(PASSWORD);
    expect(mock.child.exitCode).toBeNull();

    // An instance started while Redis is away starts all the same, says so, and answers 503.
    const late = await startCli(['--sandbox', '--store', url]);
    mocks.push(late);
    expect(late.output()).toContain(`sandbox: the store ${named} cannot be reached`);
    expect((await addKey(late.url, 'outage', 'late')).status).toBe(503);

    // Redis back (empty: this one keeps nothing on disk): both answer again, and share the key.
    await redis.start();
    for (const each of [mock, late])
      await eventually(
        async () => (await addKey(each.url, 'outage', 'probe')).status === 200,
        'the mock to answer again',
      );
    expect(mock.output()).toContain(`sandbox: the store ${named} is reachable again`);
    const { body } = await addKey(mock.url, 'outage', 'after');
    expect(await labelOf(late.url, 'outage', body.return.key_id)).toBe('after');

    // A Redis that stops answering without closing the connection (SIGSTOP): 503 after 3 s at
    // most, not a request left waiting; answers again once it goes on (SIGCONT).
    process.kill(redis.pid, 'SIGSTOP');
    try {
      const started = performance.now();
      const silent = await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=outage&client_id=293&key_id=42`);
      expect(silent.status).toBe(503);
      expect((await silent.json()).detail).toContain(
        `The sandbox's store ${named} cannot be reached (no answer within 3 s)`,
      );
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    await eventually(
      async () => (await addKey(mock.url, 'outage', 'resumed')).status === 200,
      'the mock to answer again',
    );
    expect(mock.output() + late.output()).not.toContain(PASSWORD);
  }, 90_000);
});

describe('hostapi-mock --store: refusals', () => {
  it.each([
    [['--store', 'redis://127.0.0.1:6379/0'], '--store goes with --sandbox'],
    [
      ['--sandbox', '--store', 'http://127.0.0.1:6379'],
      '--store must be a Redis URL, redis://host:port/db (or rediss:// for TLS), got http://127.0.0.1:6379',
    ],
    [
      ['--sandbox', '--store', 'redis://user:hunter2@db.example:6379/one'],
      '--store must be a Redis URL, redis://host:port/db (or ' +
        'rediss:// for TLS), got redis://user:***@db.example:6379/one',
    ],
    [['--sandbox', '--store', 'redis:///0'], '--store must be a Redis URL'],
    [['--sandbox', '--store'], '--store needs a value'],
    [['--sandbox', '--store-ttl', '1h'], '--store-ttl goes with --store'],
    [
      ['--sandbox', '--store', 'redis://h:6379/0', '--store-ttl', '10'],
      '--store-ttl must be a duration such as 90s, 30m, 24h or 7d, at most 366d, got 10',
    ],
    [
      ['--sandbox', '--store', 'redis://h:6379/0', '--store-ttl', '0s'],
      '--store-ttl must be a duration such as 90s, 30m, 24h or 7d, at most 366d, got 0s',
    ],
    [
      ['--sandbox', '--store', 'redis://h:6379/0', '--max-keys', '5'],
      "--max-keys caps the in-memory store: with --store, a key's state expires after --store-ttl unused instead",
    ],
    [['proxy', '--upstream', 'http://x', '--store', 'redis://h:6379/0'], '--store is not an option of proxy'],
  ])('%j exits 2, naming the problem, with the usage', async (args, message) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr).not.toContain('hunter2');
    expect(stderr).toContain('--store <url>');
  });
});
