// A key is its bytes: two keys that differ on the wire are two sandboxes, however alike their
// text (`%FE` and `%FF` both read as U+FFFD), on both stores; no name a state is kept under can be
// reached by a key a client sends; and no key's data is reachable with another key (fast-check).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.ts';
import { STORES, useStore } from './sandbox-stores.js';

const CONTENT = 'ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20keys';
/** A key as bytes, percent-encoded whole: what a client sends for it. */
const wire = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

describe.each(STORES)('%s store', (kind) => {
  const store = useStore(kind);
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ sandbox: true, log: () => {}, ...store.options() });
  });
  afterAll(() => mock?.close());

  /** ssh/key/add with the key as sent (percent-encoded), in the body: the new key's id. */
  const add = async (key: string, label: string) => {
    const response = await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `apikey=${key}&client_id=293&label=${label}&content=${CONTENT}`,
    });
    expect(response.status).toBe(200);
    return (await response.json()).return.key_id as string;
  };
  /** The label of SSH key `id` as `key` (in the query) sees it, or the failure message. */
  const labelOf = async (key: string, id: string) => {
    const body = await (
      await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=${id}`)
    ).json();
    return (body.return?.label ?? body.msg) as string;
  };
  const reset = (key: string) => fetch(`${mock.url}/__sandbox/reset?apikey=${key}`, { method: 'POST' });

  it('%FE and %FF are two keys: neither reads, nor resets, what the other wrote', async () => {
    const id = await add('%FE', 'fe');
    expect(await labelOf('%FE', id)).toBe('fe');
    expect(await labelOf('%FF', id)).toBe('SSH key not found.');
    expect(await add('%FF', 'ff')).toBe(id);
    expect((await reset('%FF')).status).toBe(204);
    expect([await labelOf('%FE', id), await labelOf('%FF', id)]).toEqual(['fe', 'SSH key not found.']);
    await reset('%FE');
  });

  it('a key sent in the query, URL-encoded or in a multipart body is the same key', async () => {
    const id = await add('%C3%BC-key', 'umlaut');
    expect(await labelOf(encodeURIComponent('ü-key'), id)).toBe('umlaut');
    // The same key as a multipart field: a write, read back through the query.
    const contact = new FormData();
    for (const [name, value] of [
      ['apikey', 'ü-key'],
      ['client_id', '293'],
      ['contact_id', '3310'],
      ['params[City]', 'Ümlaut'],
    ])
      contact.append(name!, value!);
    await fetch(`${mock.url}/1.2/srs/update_contact.json`, { method: 'POST', body: contact });
    const read = await fetch(
      `${mock.url}/1.2/srs/update_contact.json?apikey=%C3%BC-key&client_id=293&contact_id=3310`,
      {
        method: 'POST',
      },
    );
    expect((await read.json()).return.City).toBe('Ümlaut');
    await reset('%C3%BC-key');
  });

  it('a multipart key that is not UTF-8 is refused, naming it: its bytes cannot be read', async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="apikey"\r\n\r\n'),
      Buffer.from([0xfe]),
      Buffer.from('\r\n--b\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n293\r\n'),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="server"\r\n\r\ncloud01\r\n'),
      Buffer.from('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nshop\r\n--b--\r\n'),
    ]);
    const response = await fetch(`${mock.url}/1.2/cloud/stack/backup.json`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(response.status).toBe(422);
    expect((await response.json()).validation).toEqual([
      expect.objectContaining({ location: ['body', 'apikey'], code: 'keyBytes' }),
    ]);
  });

  it('a long key is not reached by a short key that names its digest', async () => {
    const long = 'k'.repeat(200);
    const id = await add(long, 'long');
    expect(await labelOf(long, id)).toBe('long');
    // What earlier builds kept a long key's state under: a short key any client could send.
    const digest = createHash('sha256').update(long).digest('base64');
    for (const name of [`sha256:${digest}`, `#${digest}`, `=${long}`])
      expect(await labelOf(encodeURIComponent(name), id), name).toBe('SSH key not found.');
    await reset(long);
  });

  it("no key's data is reachable with another key (any bytes, any length)", async () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    const numRuns = 60;
    console.info(`keys property (${kind}): ${numRuns} cases, seed ${seed}`);
    const key = fc.uint8Array({ minLength: 1, maxLength: 200 });
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(key, key).filter(([a, b]) => wire(a) !== wire(b)),
        fc.stringMatching(/^[a-z]{1,12}$/),
        async ([a, b], label) => {
          const id = await add(wire(a), label);
          expect(await labelOf(wire(a), id)).toBe(label);
          expect(await labelOf(wire(b), id)).toBe('SSH key not found.');
          await reset(wire(a));
        },
      ),
      { numRuns, seed },
    );
  });
});
