// The sandbox's memory per key: each record a write makes and each key's state are bounded
// (--max-record, --max-state), a write beyond is not made and is answered with the service's
// refusal of a value (HTTP 400, the description's validationFailed), the bound named in
// sl-violations; in memory and in Redis, where a write sends only what it changed. And a key
// dropped to make room (--max-keys) is told so on its next answer, however many were dropped
// after it.
import { createClient } from '@redis/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../src/engine/mode.ts';
import type { Sandbox } from '../src/engine/sandbox/index.ts';
import { createMemoryStore, KeyState, MAX_DROPPED } from '../src/engine/sandbox/store.ts';
import { startMock } from '../src/index.ts';
import { builtInFixture, document, examplesOf } from './sandbox-support.ts';
import { STORES, useStore } from './sandbox-stores.ts';

const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s me@laptop';
const REFUSED = { status: 400, body: examplesOf('addSshKey', '400').validationFailed };
const codes = (answer: Answer) => (answer.warnings ?? []).map((note) => note.code);

const add = (sandbox: Sandbox, apiKey: string, label = 'laptop') =>
  sandbox.answer({ operationId: 'addSshKey', apiKey, fields: { client_id: '293', label, content: CONTENT } });
const get = (sandbox: Sandbox, apiKey: string, id: string) =>
  sandbox.answer({ operationId: 'getSshKey', apiKey, fields: { client_id: '293', key_id: id } });
const idOf = (answer: Answer) => (answer.body as { return: { key_id: string } }).return.key_id;

describe.each(STORES)('%s store: bounds of a key', (kind) => {
  const store = useStore(kind);

  it('a record beyond --max-record is not written, and answered HTTP 400 naming the bound', async () => {
    const sandbox = await store.create({ document, maxRecordBytes: 1000 });
    const refused = await add(sandbox, 'big-record', 'x'.repeat(1000));
    expect({ status: refused.status, body: refused.body }).toEqual(REFUSED);
    expect(codes(refused)).toEqual(['sandboxRecordTooLarge']);
    expect(refused.warnings?.[0]?.message).toMatch(
      /holds \d+ bytes of JSON, beyond the sandbox's 1000 \(--max-record\)/,
    );
    // Nothing was written: not even the id it would have taken.
    const next = await add(sandbox, 'big-record');
    expect(idOf(next)).toBe(String(builtInFixture.ssh_keys.length + 39));
    expect(codes(next)).toEqual([]);
  });

  it('writes beyond --max-state are refused one by one; what was written stays, reset empties it', async () => {
    const limit = 4000;
    const sandbox = await store.create({ document, maxStateBytes: limit });
    const ids: string[] = [];
    let refused: Answer | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const answer = await add(sandbox, 'filling', `key ${i} ${'x'.repeat(200)}`);
      if (answer.status === 200) ids.push(idOf(answer));
      else refused = answer;
    }
    expect(refused && { status: refused.status, body: refused.body }).toEqual(REFUSED);
    expect(codes(refused!)).toEqual(['sandboxStateFull']);
    // About as many as fit: each record is some 390 bytes.
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.length).toBeLessThan(11);
    for (const [i, id] of ids.entries())
      expect((await get(sandbox, 'filling', id)).body).toMatchObject({
        return: { label: `key ${i} ${'x'.repeat(200)}` },
      });
    // Another key is not bounded by this one.
    expect((await add(sandbox, 'another')).status).toBe(200);
    // A write that does not grow the state is still made.
    await sandbox.reset('filling');
    expect((await add(sandbox, 'filling')).status).toBe(200);
  });
});

describe('in Redis, a write sends what it changed', () => {
  const store = useStore('redis');

  it("the 200th SSH key of a key costs Redis what the 1st did, not the key's whole list again", async () => {
    const sandbox = await store.create({ document, maxStateBytes: 1_000_000 });
    const redis = createClient({ url: store.redis!.url() });
    await redis.connect();
    try {
      const received = async () => Number(/total_net_input_bytes:(\d+)/.exec(await redis.info('stats'))![1]);
      const cost = async () => {
        const before = await received();
        expect((await add(sandbox, 'growing')).status).toBe(200);
        return (await received()) - before;
      };
      const first = await cost();
      for (let i = 0; i < 200; i++) await add(sandbox, 'growing');
      const later = await cost();
      // Each write reads the key's hash (sent back by Redis, not to it) and sends its own fields.
      expect(later).toBeLessThan(first * 1.5);
    } finally {
      await redis.close();
    }
  });
});

describe('a key dropped to make room is told so', () => {
  let sandbox: Sandbox | undefined;
  afterEach(() => sandbox?.close());
  const store = useStore('memory');

  it('with --max-keys 5 and 30 new keys after it, an idle key that wrote gets sandboxStateDropped', async () => {
    sandbox = await store.create({ document, maxKeys: 5 });
    const id = idOf(await add(sandbox, 'idle'));
    for (let i = 0; i < 30; i++) await add(sandbox, `new-${i}`);
    const answer = await get(sandbox, 'idle', id);
    expect(answer.body).toEqual({ msg: 'SSH key not found.', status: false });
    expect(codes(answer)).toEqual(['sandboxStateDropped']);
    // Told once.
    expect(codes(await get(sandbox, 'idle', id))).toEqual([]);
  });

  it('with the default --max-keys, a flood of 20,000 keys that write once never wipes a tester silently', async () => {
    sandbox = await store.create({ document });
    const id = idOf(await add(sandbox, 'tester'));
    for (let i = 0; i < 20_000; i++)
      await sandbox.answer({
        operationId: 'backupStack',
        apiKey: `flood-${i}`,
        fields: { client_id: '293', server: 'cloud01', name: 'shop' },
      });
    const answer = await get(sandbox, 'tester', id);
    expect(answer.status === 200 && (answer.body as { status: boolean }).status === true).toBe(false);
    expect(codes(answer)).toEqual(['sandboxStateDropped']);
  });

  it('a dropped key whose next request writes is told too, and keeps what it writes then', async () => {
    sandbox = await store.create({ document, maxKeys: 1 });
    await add(sandbox, 'first');
    await add(sandbox, 'second');
    const again = await add(sandbox, 'first');
    expect(codes(again)).toEqual(['sandboxStateDropped']);
    expect((await get(sandbox, 'first', idOf(again))).status).toBe(200);
  });

  it('a key that never wrote is never told', async () => {
    sandbox = await store.create({ document, maxKeys: 1 });
    for (let i = 0; i < 50; i++) await add(sandbox, `writer-${i}`);
    for (let i = 0; i < 50; i++) expect(codes(await get(sandbox, `reader-${i}`, '41'))).toEqual([]);
  });
});

describe('the record of dropped keys', () => {
  it(`keeps the last ${MAX_DROPPED.toLocaleString('en-US')}, forgetting the oldest and saying so`, async () => {
    const told: string[] = [];
    const memory = createMemoryStore({ counters: {}, ssh_keys: [] }, 1, {
      onEvict: () => {},
      onForget: (count) => told.push(`forgot ${count}`),
    });
    const write = async (key: string) => {
      const state = await memory.get(key);
      state.add('ssh_keys', { id: key });
      await memory.put(key, state);
    };
    // MAX_DROPPED + 3 keys write, one kept: of the MAX_DROPPED + 2 dropped, the first two are forgotten.
    for (let i = 0; i < MAX_DROPPED + 3; i++) await write(`key-${i}`);
    expect(told).toEqual(['forgot 1', 'forgot 2']);
    expect(memory.usage?.()).toEqual({ keys: 1, bytes: expect.any(Number) });
    expect(memory.evicted('key-1')).toBe(false);
    expect(memory.evicted('key-2')).toBe(true);
    expect(memory.evicted('key-2')).toBe(false);
    expect(memory.evicted(`key-${MAX_DROPPED + 1}`)).toBe(true);
    expect(memory.evicted(`key-${MAX_DROPPED + 2}`)).toBe(false);
  }, 120_000);
});

describe('a key state', () => {
  it('counts the bytes of what it holds as the shared store holds them, and reads them back alike', () => {
    const base = { counters: { ssh_key_id: 1 }, ssh_keys: [{ id: '1' }, { id: '2' }], tlds: ['nz'] };
    const state = new KeyState(base);
    state.add('ssh_keys', { id: 'ü' });
    state.update('ssh_keys', 0, { label: 'x' });
    state.remove('ssh_keys', 1);
    state.next('ssh_key_id');
    const fields = [...state.changes];
    const utf8 = (text: string) => new TextEncoder().encode(text).length;
    expect(state.bytes).toBe(fields.reduce((sum, [field, json]) => sum + field.length + utf8(json), 0));
    const again = new KeyState(base, fields);
    expect(again.bytes).toBe(state.bytes);
    expect(again.read('ssh_keys')).toEqual(state.read('ssh_keys'));
    expect(again.read('ssh_keys')).toEqual([{ id: '1', label: 'x' }, { id: 'ü' }]);
    expect(again.read('counters')).toEqual({ ssh_key_id: 2 });
    // An added record removed again leaves nothing behind.
    again.remove('ssh_keys', 1);
    expect(again.changes.get('r:ssh_keys:2')).toBe('');
  });
});

describe('over HTTP, as testers send it', () => {
  it("an SSH key's content longer than any OpenSSH public key is refused by the description (422)", async () => {
    const mock = await startMock({ sandbox: true });
    try {
      const content = `ssh-rsa ${'A'.repeat(5000)} me@laptop`;
      const response = await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
        method: 'POST',
        body: new URLSearchParams({ apikey: 'k', client_id: '293', label: 'big', content }),
      });
      expect(response.status).toBe(422);
      expect((await response.json()).validation).toEqual([
        expect.objectContaining({
          code: 'maxLength',
          location: ['body', 'content'],
          message: 'Request body property content must NOT have more than 4096 characters',
        }),
      ]);
    } finally {
      await mock.close();
    }
  });

  it("a label of 900 kB is refused with the service's HTTP 400 answer, the bound in sl-violations", async () => {
    const mock = await startMock({ sandbox: true });
    try {
      const response = await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
        method: 'POST',
        body: new URLSearchParams({ apikey: 'k', client_id: '293', label: 'x'.repeat(900_000), content: CONTENT }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(REFUSED.body);
      expect(JSON.parse(response.headers.get('sl-violations')!)).toEqual([
        expect.objectContaining({ severity: 'Warning', code: 'sandboxRecordTooLarge' }),
      ]);
    } finally {
      await mock.close();
    }
  });
});
