// Random sequences of writes and reads over three API keys, each checked against a small model
// of what the sandbox should remember (fast-check's model-based testing). The model knows only
// the built-in fixture's starting facts and the rules of each operation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../src/engine/sandbox/index.ts';
import type { Fields } from '../src/engine/read.ts';
import { document, responseProblems, undocumentedFailure, type Node } from './sandbox-support.js';
import { STORES, useStore } from './sandbox-stores.js';

const KEYS = ['key-1', 'key-2', 'key-3'];
const SERVERS = ['web01', 'db01', 'cloud01', 'vds01', 'colo01', 'nope01'];
const DOMAINS = [
  'example.co.nz',
  'harbourtrading.nz',
  'oldbrand.co.nz',
  'harbourtrading.com',
  'new-shop.co.nz',
  'harbourtrading.co.nz',
];
const CONTACTS = ['3310', '3311', '3312', '4000'];

/** What one key should see. */
interface KeyModel {
  sshKeys: Map<string, { label: string; custom: boolean }>;
  nextKeyId: number;
  nextJobId: number;
  registered: Set<string>;
  cores: Map<string, number>;
  cities: Map<string, string>;
}
const UNAVAILABLE = new Set(['harbourtrading.co.nz', 'example.com', 'harbour.nz']);
const LOCKED = new Set(['db01', 'colo01']);
const fresh = (): KeyModel => ({
  sshKeys: new Map([
    ['39', { label: 'backup@db01', custom: false }],
    ['40', { label: 'aroha@laptop-2023', custom: true }],
    ['41', { label: 'deploy@ci', custom: false }],
  ]),
  nextKeyId: 42,
  nextJobId: 8813001,
  registered: new Set(['example.co.nz', 'harbourtrading.nz', 'oldbrand.co.nz']),
  cores: new Map([
    ['web01', 2],
    ['db01', 4],
    ['cloud01', 4],
    ['vds01', 8],
    ['colo01', 0],
  ]),
  cities: new Map([
    ['3310', 'Auckland'],
    ['3311', 'Auckland'],
    ['3312', 'Auckland'],
  ]),
});
type Model = Map<string, KeyModel>;
const of = (model: Model, key: string) => model.get(key) ?? model.set(key, fresh()).get(key)!;

/**
 * One call, checked against the response schema (a failure: against its operation's examples);
 * resolves to the body.
 */
async function call(sandbox: Sandbox, key: string, operationId: string, fields: Fields): Promise<Node> {
  const answer = await sandbox.answer({ operationId, apiKey: key, fields: { client_id: '293', ...fields } });
  const { status, body } = answer;
  expect(status).toBe(200);
  expect(responseProblems(operationId, status, body)).toEqual([]);
  expect(undocumentedFailure(operationId, answer)).toEqual([]);
  return body as Node;
}

type Command = fc.AsyncCommand<Model, Sandbox>;
const command = (name: string, run: (model: Model, sandbox: Sandbox) => Promise<void>): Command => ({
  check: () => true,
  run,
  toString: () => name,
});

const commands = [
  fc
    .record({ key: fc.constantFrom(...KEYS), label: fc.stringMatching(/^[a-z@.-]{1,12}$/), custom: fc.boolean() })
    .map(({ key, label, custom }) =>
      command(`addSshKey(${key}, ${label}, ${custom})`, async (model, sandbox) => {
        const body = await call(sandbox, key, 'addSshKey', {
          label,
          content: `ssh-ed25519 AAAAC3Nza${label.length} ${label}`,
          params: { custom_image_access: custom ? '1' : '0' },
        });
        const m = of(model, key);
        expect(body.return).toEqual({ key_id: String(m.nextKeyId) });
        m.sshKeys.set(String(m.nextKeyId++), { label, custom });
      }),
    ),
  fc.record({ key: fc.constantFrom(...KEYS), id: fc.integer({ min: 38, max: 48 }) }).map(({ key, id }) =>
    command(`getSshKey(${key}, ${id})`, async (model, sandbox) => {
      const body = await call(sandbox, key, 'getSshKey', { key_id: String(id) });
      const expected = of(model, key).sshKeys.get(String(id));
      if (expected)
        expect(body.return).toMatchObject({
          id: String(id),
          label: expected.label,
          custom_image_access: expected.custom,
        });
      else expect(body).toEqual({ msg: 'SSH key not found.', status: false });
    }),
  ),
  fc.record({ key: fc.constantFrom(...KEYS), domain: fc.constantFrom(...DOMAINS) }).map(({ key, domain }) =>
    command(`createDomain(${key}, ${domain})`, async (model, sandbox) => {
      const body = await call(sandbox, key, 'createDomain', { domain, term: '12', registrant_contact: '3310' });
      const m = of(model, key);
      if (m.registered.has(domain) || UNAVAILABLE.has(domain)) {
        expect(body).toEqual({ msg: 'Domain is not available for registration.', status: false });
      } else {
        expect(body.return).toEqual({ job_id: String(m.nextJobId++) });
        m.registered.add(domain);
      }
    }),
  ),
  fc.record({ key: fc.constantFrom(...KEYS), domain: fc.constantFrom(...DOMAINS) }).map(({ key, domain }) =>
    command(`cancelDomain(${key}, ${domain})`, async (model, sandbox) => {
      const body = await call(sandbox, key, 'cancelDomain', { domain });
      const m = of(model, key);
      if (m.registered.delete(domain)) expect(body.return).toEqual({ job_id: String(m.nextJobId++) });
      else expect(body).toEqual({ msg: 'Domain not found.', status: false });
    }),
  ),
  fc.record({ key: fc.constantFrom(...KEYS), domain: fc.constantFrom(...DOMAINS) }).map(({ key, domain }) =>
    command(`read domain (${key}, ${domain})`, async (model, sandbox) => {
      const registered = of(model, key).registered.has(domain);
      const taken = registered || UNAVAILABLE.has(domain);
      expect((await call(sandbox, key, 'checkDomainAvailability', { domain })).return).toEqual({
        domain,
        available: !taken,
        reason: taken ? 'Active' : '',
        other: [],
      });
      const got = await call(sandbox, key, 'getDomain', { domain });
      if (registered) expect(got.return.Domain).toBe(domain);
      else expect(got).toEqual({ msg: 'Domain not found.', status: false });
    }),
  ),
  fc
    .record({
      key: fc.constantFrom(...KEYS),
      server: fc.constantFrom(...SERVERS),
      cores: fc.integer({ min: 1, max: 12 }),
    })
    .map(({ key, server, cores }) =>
      command(`upgradeServer(${key}, ${server}, ${cores})`, async (model, sandbox) => {
        const body = await call(sandbox, key, 'upgradeServer', { name: server, upgrade: { cores: String(cores) } });
        const m = of(model, key);
        if (!m.cores.has(server)) expect(body).toEqual({ msg: 'Server not found.', status: false });
        else if (LOCKED.has(server))
          expect(body).toEqual({ msg: 'Server is locked and cannot be upgraded.', status: false });
        else {
          const changed = cores > m.cores.get(server)!;
          expect(body.return).toEqual({ cores: changed, disk: {} });
          if (changed) m.cores.set(server, cores);
        }
      }),
    ),
  fc
    .record({
      key: fc.constantFrom(...KEYS),
      size: fc.integer({ min: 1, max: 10 }),
      page: fc.integer({ min: 1, max: 11 }),
    })
    .map(({ key, size, page }) =>
      command(`listServers(${key}, size ${size}, page ${page})`, async (model, sandbox) => {
        const { return: list } = await call(sandbox, key, 'listServers', {
          filters: { page_size: String(size), page_number: String(page), sort_by: 'name' },
        });
        const total = 9;
        expect(list).toMatchObject({
          total_items: total,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / size)),
          current_items: Math.max(0, Math.min(size, total - (page - 1) * size)),
        });
        expect(list.data).toHaveLength(list.current_items);
        for (const server of list.data) {
          const cores = of(model, key).cores.get(server.name);
          if (cores !== undefined) expect(server.cores, server.name).toBe(String(cores));
        }
      }),
    ),
  fc
    .record({
      key: fc.constantFrom(...KEYS),
      contact: fc.constantFrom(...CONTACTS),
      city: fc.option(fc.constantFrom('Wellington', 'Nelson', 'Dunedin'), { nil: undefined }),
    })
    .map(({ key, contact, city }) =>
      command(`updateDomainContact(${key}, ${contact}, ${city})`, async (model, sandbox) => {
        const body = await call(sandbox, key, 'updateDomainContact', {
          contact_id: contact,
          params: city ? { City: city } : {},
        });
        const m = of(model, key);
        if (!m.cities.has(contact)) return void expect(body).toEqual({ msg: 'Contact not found.', status: false });
        if (city) m.cities.set(contact, city);
        expect(body.return.City).toBe(m.cities.get(contact));
      }),
    ),
  fc.constantFrom(...KEYS).map((key) =>
    command(`backupStack(${key})`, async (model, sandbox) => {
      const body = await call(sandbox, key, 'backupStack', { server: 'cloud01', name: 'shop' });
      expect(body.return).toEqual({ job_id: String(of(model, key).nextJobId++) });
    }),
  ),
  fc.constantFrom(...KEYS).map((key) =>
    command(`reset(${key})`, async (model, sandbox) => {
      await sandbox.reset(key);
      model.set(key, fresh());
    }),
  ),
];

/** One sandbox as the commands see it, each call taken by the next of `instances` in turn. */
function inTurn(instances: Sandbox[]): Sandbox {
  let next = 0;
  const pick = () => instances[next++ % instances.length]!;
  return {
    answer: (call) => pick().answer(call),
    reset: (apiKey) => pick().reset(apiKey),
    usage: () => undefined,
    close: async () => {},
  };
}

describe.each(STORES)('the sandbox against a model (%s store)', (kind) => {
  const store = useStore(kind);

  it('random sequences of writes and reads per key agree with the model', async () => {
    // One sandbox, reset before each run: reset() must give every key the fixture back. In Redis,
    // two instances sharing the store, taking the calls in turn: each must see the other's writes.
    const sandbox = inTurn(
      kind === 'redis'
        ? [await store.create({ document }), await store.create({ document })]
        : [await store.create({ document })],
    );
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 60 }), async (sequence) => {
        await sandbox.reset();
        await fc.asyncModelRun(() => ({ model: new Map(), real: sandbox }), sequence);
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
