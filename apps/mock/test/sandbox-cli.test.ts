// The sandbox from the command line, as testers start it: `--sandbox`, `--fixture`,
// `--rate-limit`, `--latency`, through pnpm in both forms; and the refusals.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dump as stringify, load as parse } from 'js-yaml';
import { BUILT_IN_FIXTURE } from '../src/node/files.ts';
import { runCli, startCli, until } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const list = (url: string, key = 'k', headers: Record<string, string> = {}) =>
  fetch(`${url}/1.3/server/list_servers.json?apikey=${key}&client_id=293&filters[page_size]=2`, { headers });

/** `pnpm <args>` from the repository's root, until it says where the mock listens. */
async function startPnpm(args: string[]) {
  const child = spawn('pnpm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await until(
    () => / on http:\/\/\S+ \(ready in/.test(output) || child.exitCode !== null,
    'the mock to listen',
    60_000,
  );
  return {
    url: / on (http:\/\/\S+) \(ready in/.exec(output)?.[1],
    output: () => output,
    stop: () => {
      // pnpm and the node it started: the whole process group.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
      return exited;
    },
  };
}

describe('hostapi-mock --sandbox', () => {
  it.each([
    [['--filter', '@hostapi/mock', 'start', '--sandbox', '--port', '0']],
    [['--filter', '@hostapi/mock', 'start', '--', '--sandbox', '--port', '0']],
  ])(
    'pnpm %s serves the built-in account and remembers writes',
    async (args) => {
      const mock = await startPnpm(args);
      try {
        expect(mock.output()).toMatch(/hostapi mock \(sandbox\) on http:\/\/127\.0\.0\.1:\d+ \(ready in \d+ ms\)/);
        const page = await (await list(mock.url!)).json();
        expect(page.return).toMatchObject({ total_items: 9, current_items: 2, total_pages: 5 });
        const added = await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'apikey=k&client_id=293&label=ci&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20ci',
        });
        const { key_id: id } = (await added.json()).return;
        const read = await (await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=k&client_id=293&key_id=${id}`)).json();
        expect(read.return.label).toBe('ci');
      } finally {
        expect(await mock.stop()).toBe(0);
      }
    },
    90_000,
  );

  it('--fixture takes a file of your own, a path relative to where the command is typed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const fixture = parse(readFileSync(BUILT_IN_FIXTURE, 'utf8')) as Record<string, any>;
    fixture.servers[0].label = 'Edited web server';
    writeFileSync(join(dir, 'mine.yaml'), stringify(fixture));
    const mock = await startCli(['--sandbox', '--fixture', 'mine.yaml'], { env: { INIT_CWD: dir } });
    try {
      expect(mock.output()).toContain(`hostapi mock (sandbox of ${join(dir, 'mine.yaml')}) on`);
      expect((await (await list(mock.url)).json()).return.data[0].label).toBe('Edited web server');
    } finally {
      await mock.stop();
    }
  });

  it("--rate-limit n answers the (n+1)th request of a second with the service's HTTP 500, per key", async () => {
    const mock = await startCli(['--sandbox', '--rate-limit', '2']);
    try {
      expect(mock.output()).toContain('hostapi mock (sandbox, rate limit 2/s per key) on');
      // All at once: one after another, a loaded machine once spread them over more than the limit's second.
      const answers = await Promise.all(Array.from({ length: 3 }, () => list(mock.url)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 500]);
      const refused = answers.find((answer) => answer.status === 500)!;
      expect(await refused.json()).toEqual({
        msg: 'You have exceeded the number of requests per second for this key. Please try again soon.',
      });
      expect((await list(mock.url, 'another-key')).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('--latency delays every answer; Prefer: latency one', async () => {
    const mock = await startCli(['--sandbox', '--latency', '300']);
    try {
      let started = performance.now();
      expect((await list(mock.url)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(299);
      started = performance.now();
      expect((await list(mock.url, 'k', { prefer: 'latency=700' })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(699);
    } finally {
      await mock.stop();
    }
  });

  it('refuses a bad fixture, naming the record and field, and exits 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const fixture = parse(readFileSync(BUILT_IN_FIXTURE, 'utf8')) as Record<string, any>;
    fixture.servers[1].state = 1;
    const path = join(dir, 'bad.yaml');
    writeFileSync(path, stringify(fixture));
    const { code, stdout, stderr } = await runCli(['--sandbox', '--fixture', path, '--port', '0']);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toBe(
      `Cannot start the mock on 127.0.0.1:0: Invalid sandbox fixture ` +
        `${path}:\n  servers[1] (db01): field state must be string\n`,
    );
  });

  it('POST /__sandbox/reset resets only the key it names; without one, nothing, and says what it needs', async () => {
    const mock = await startCli(['--sandbox']);
    const addKey = (key: string) =>
      fetch(`${mock.url}/1.2/ssh/key/add.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `apikey=${key}&client_id=293&label=kept&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20kept`,
      });
    const ids = new Map<string, string>();
    const labels = async (key: string) =>
      (
        await (
          await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=${ids.get(key)}`)
        ).text()
      ).match(/"label":"kept"/g)?.length ?? 0;
    try {
      for (const key of ['tester-a', 'tester-b']) ids.set(key, (await (await addKey(key)).json()).return.key_id);
      // As a page on any origin could send it: a CORS-simple POST without a key, or an empty one.
      for (const path of ['/__sandbox/reset', '/__sandbox/reset?apikey=', '/__sandbox/reset?apikey=&apikey=']) {
        const refused = await fetch(`${mock.url}${path}`, {
          method: 'POST',
          headers: { origin: 'https://elsewhere.example' },
        });
        expect(refused.status).toBe(422);
        expect((await refused.json()).detail).toContain('give it as ?apikey=<key>');
      }
      expect([await labels('tester-a'), await labels('tester-b')]).toEqual([1, 1]);
      expect((await fetch(`${mock.url}/__sandbox/reset?apikey=tester-a`, { method: 'POST' })).status).toBe(204);
      expect([await labels('tester-a'), await labels('tester-b')]).toEqual([0, 1]);
    } finally {
      await mock.stop();
    }
  });

  it(
    '--max-keys n keeps the writes of n keys: the least recently ' +
      'used is dropped, said in the log and in its next sl-violations',
    async () => {
      const mock = await startCli(['--sandbox', '--max-keys', '2']);
      const add = (key: string) =>
        fetch(`${mock.url}/1.2/ssh/key/add.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `apikey=${key}&client_id=293&label=mine&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20mine`,
        });
      const ids = new Map<string, string>();
      const listed = (key: string) =>
        fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=${ids.get(key)}`);
      try {
        expect(mock.output()).toContain('hostapi mock (sandbox, state of 2 keys at most) on');
        for (const key of ['one', 'two']) ids.set(key, (await (await add(key)).json()).return.key_id);
        // `one` used again, so `two` is now the least recently used.
        expect(await (await listed('one')).text()).toContain('"label":"mine"');
        ids.set('three', (await (await add('three')).json()).return.key_id);
        await until(
          () => mock.output().includes('dropped the state of the least recently used API key'),
          'the eviction to be logged',
        );
        const dropped = await listed('two');
        expect(await dropped.text()).not.toContain('"label":"mine"');
        expect(JSON.parse(dropped.headers.get('sl-violations')!)).toEqual([
          expect.objectContaining({
            severity: 'Warning',
            code: 'sandboxStateDropped',
            message: expect.stringContaining('more than 2 keys had written'),
          }),
        ]);
        // Said once; the key then lives on as any new key.
        expect((await listed('two')).headers.get('sl-violations')).toBeNull();
        for (const key of ['one', 'three']) expect(await (await listed(key)).text()).toContain('"label":"mine"');
        expect(mock.output()).not.toMatch(/\btwo\b/);
      } finally {
        await mock.stop();
      }
    },
  );

  it('Prefer: rate-limit may ask for a stricter limit than --rate-limit, never a looser one', async () => {
    const mock = await startCli(['--sandbox', '--rate-limit', '2']);
    // Four at once, so that they fall within the limit's one second however loaded the machine
    // (one after another, they once spread over more than a second): which ones are refused
    // depends on arrival, how many does not.
    const statuses = async (key: string, prefer: string) =>
      (await Promise.all([0, 1, 2, 3].map(() => list(mock.url, key, { prefer }))))
        .map((answer) => answer.status)
        .sort();
    try {
      expect(await statuses('looser', 'rate-limit=1000')).toEqual([200, 200, 500, 500]);
      expect(await statuses('stricter', 'rate-limit=1')).toEqual([200, 500, 500, 500]);
    } finally {
      await mock.stop();
    }
  });

  it.each([
    [['--rate-limit', '5'], '--rate-limit goes with --sandbox'],
    [['--max-keys', '5'], '--max-keys goes with --sandbox'],
    [['--sandbox', '--max-keys', '0'], '--max-keys must be a whole number ≥ 1, got 0'],
    [['--latency', '5'], '--latency goes with --sandbox'],
    [['--sandbox', '--rate-limit', 'many'], '--rate-limit must be a whole number from 0 to 1000, got many'],
    [['--sandbox', '--latency', '1.5'], '--latency must be a whole number from 0 to 2147483647, got 1.5'],
    [['--sandbox', '--latency'], '--latency needs a value'],
    [['proxy', '--upstream', 'http://x', '--rate-limit', '1'], '--rate-limit is not an option of proxy'],
  ])('%j exits 2, naming the problem, with the usage', async (args, message) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr.startsWith(message)).toBe(true);
    expect(stderr).toContain('--rate-limit <n>');
  });
});
