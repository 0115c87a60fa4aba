// The sandbox module on its own (createSandbox().answer), on the built-in fixture: what each
// operation answers, what writes change, per key, and fault injection. Every answer is checked
// against its operation's response schema, and every failure against its operation's own examples.
// The whole suite runs on each store: in memory, and in Redis (a real redis-server).
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock, Sandbox } from '../src/engine/sandbox/index.ts';
import type { Fields } from '../src/engine/read.ts';
import type { Answer } from '../src/engine/mode.ts';
import { type Collections, KeyState, type Store } from '../src/engine/sandbox/store.ts';
import {
  builtInFixture,
  createSandbox,
  document,
  examplesOf,
  operations,
  responseProblems,
  undocumentedFailure,
  type Node,
} from './sandbox-support.js';
import { STORES, useStore } from './sandbox-stores.js';

describe.each(STORES)('%s store', (kind) => {
  const store = useStore(kind);
  let shared: Sandbox;
  let sandbox: Sandbox;
  beforeAll(async () => {
    shared = await store.create({ document });
  });
  beforeEach(async () => {
    // Tests that need options make a sandbox of their own.
    sandbox = shared;
    await sandbox.reset();
  });

  /**
   * The answer of `operationId` for key `apiKey`, after checking it against the response schema
   * and, if it is a failure, that it is one its operation documents.
   */
  async function call(
    operationId: string,
    fields: Fields = {},
    { apiKey = 'key-a', prefer = {} }: { apiKey?: string; prefer?: Record<string, string> } = {},
  ) {
    const answer = await sandbox.answer({ operationId, apiKey, fields: { client_id: '293', ...fields }, prefer });
    expect(
      responseProblems(operationId, answer.status, answer.body),
      `${operationId} answer ${JSON.stringify(answer.body)}`,
    ).toEqual([]);
    expect(undocumentedFailure(operationId, answer)).toEqual([]);
    return answer as { status: number; body: Node; example?: string };
  }
  /** The `return` of a successful call (fails the test on a failure envelope). */
  async function ok(operationId: string, fields: Fields = {}, options: { apiKey?: string } = {}) {
    const { status, body } = await call(operationId, fields, options);
    expect({ status, ok: body.status ?? !body.msg }, `${operationId}: ${JSON.stringify(body)}`).toEqual({
      status: 200,
      ok: true,
    });
    return body.return;
  }
  /** The message of a failure envelope (HTTP 200, status false or msg only). */
  async function failure(operationId: string, fields: Fields = {}, options: { apiKey?: string } = {}) {
    const { status, body } = await call(operationId, fields, options);
    expect(status).toBe(200);
    expect(body.status, JSON.stringify(body)).not.toBe(true);
    expect(body.return).toBeUndefined();
    return body.msg as string;
  }
  const names = (records: Node[]) => records.map((r) => r.name);
  /** A server of the fixture as served: `disk`, left out of the fixture, is the sum of its partitions. */
  const fixtureServer = (index: number) => {
    const server = builtInFixture.servers[index];
    return { ...server, disk: server.partitions.reduce((sum: number, p: Node) => sum + Number(p.size), 0) };
  };
  const serverNamed = async (name: string, apiKey = 'key-a') =>
    (await ok('listServers', { filters: { name } }, { apiKey })).data.find((s: Node) => s.name === name);

  describe('list_servers', () => {
    it('lists every server of the fixture on one page without paging filters', async () => {
      const page = await ok('listServers');
      expect(names(page.data)).toEqual([
        'web01',
        'db01',
        'cloud01',
        'cloud02',
        'win01',
        'mail01',
        'vds01',
        'metal01',
        'colo01',
      ]);
      expect(page).toMatchObject({ total_items: 9, current_items: 9, current_page: 1, total_pages: 1 });
    });

    it.each([
      [{ state: 'On' }, ['web01', 'cloud01', 'cloud02', 'win01', 'mail01']],
      [{ state: 'Off' }, ['db01', 'vds01']],
      [{ state: 'Other' }, ['metal01', 'colo01']],
      [{ type: 'vps' }, ['web01', 'db01', 'cloud01', 'cloud02', 'win01', 'mail01']],
      [{ name: 'CLOUD' }, ['cloud01', 'cloud02']],
      [{ name: '01' }, ['web01', 'db01', 'cloud01', 'win01', 'mail01', 'vds01', 'metal01', 'colo01']],
      [{ location: 'CHC1' }, ['vds01', 'metal01']],
      [{ location_node: 'akl1-node11' }, ['cloud01']],
      [{ product_type: 'CLDCON' }, ['cloud01', 'cloud02']],
      [{ product_code: 'VPS-8G' }, ['db01']],
      [{ updated_since: '2026-10-01 00:00:00' }, ['web01', 'db01', 'win01', 'metal01']],
      [{ state: 'On', location: 'AKL1', product_type: 'LINVPS' }, ['web01']],
      [{ name: 'nothing-like-it' }, []],
    ])('filters %j', async (filters, expected) => {
      const page = await ok('listServers', { filters });
      expect(names(page.data)).toEqual(expected);
      expect(page).toMatchObject({ total_items: expected.length, current_items: expected.length });
    });

    it.each([
      [{ sort_by: 'name' }, ['cloud01', 'cloud02', 'colo01', 'db01', 'mail01', 'metal01', 'vds01', 'web01', 'win01']],
      [
        { sort_by: 'name', sort_dir: 'DESC' },
        ['win01', 'web01', 'vds01', 'metal01', 'mail01', 'db01', 'colo01', 'cloud02', 'cloud01'],
      ],
      // numeric strings by value, integers as numbers
      [
        { sort_by: 'ram', sort_dir: 'DESC' },
        ['metal01', 'vds01', 'db01', 'cloud01', 'web01', 'cloud02', 'win01', 'mail01', 'colo01'],
      ],
      [
        { sort_by: 'disk', sort_dir: 'ASC' },
        ['colo01', 'mail01', 'web01', 'cloud02', 'win01', 'db01', 'cloud01', 'vds01', 'metal01'],
      ],
      [
        { sort_by: 'created' },
        ['mail01', 'colo01', 'metal01', 'vds01', 'win01', 'web01', 'db01', 'cloud01', 'cloud02'],
      ],
      // null (colo01's location) first; equal values keep the fixture's order
      [
        { sort_by: 'location' },
        ['colo01', 'web01', 'db01', 'cloud01', 'mail01', 'vds01', 'metal01', 'cloud02', 'win01'],
      ],
      [
        { sort_by: 'no_such_field' },
        ['web01', 'db01', 'cloud01', 'cloud02', 'win01', 'mail01', 'vds01', 'metal01', 'colo01'],
      ],
    ])('sorts %j', async (filters, expected) => {
      expect(names((await ok('listServers', { filters })).data)).toEqual(expected);
    });

    it('pages with consistent counts, and a page past the end is empty', async () => {
      const pages = [];
      for (const page_number of ['1', '2', '3', '4'])
        pages.push(await ok('listServers', { filters: { page_size: '4', page_number, sort_by: 'server_id' } }));
      expect(
        pages.map(({ total_items, current_items, current_page, total_pages }) => ({
          total_items,
          current_items,
          current_page,
          total_pages,
        })),
      ).toEqual([
        { total_items: 9, current_items: 4, current_page: 1, total_pages: 3 },
        { total_items: 9, current_items: 4, current_page: 2, total_pages: 3 },
        { total_items: 9, current_items: 1, current_page: 3, total_pages: 3 },
        { total_items: 9, current_items: 0, current_page: 4, total_pages: 3 },
      ]);
      expect(pages.flatMap((p) => names(p.data))).toEqual([
        'web01',
        'db01',
        'cloud01',
        'cloud02',
        'win01',
        'mail01',
        'vds01',
        'metal01',
        'colo01',
      ]);
      expect(pages[3].data).toEqual([]);
    });

    it('pages a filtered list, and an empty list has no pages', async () => {
      expect(await ok('listServers', { filters: { state: 'On', page_size: '2', page_number: '3' } })).toMatchObject({
        total_items: 5,
        current_items: 1,
        current_page: 3,
        total_pages: 3,
      });
      expect(await ok('listServers', { filters: { name: 'zzz', page_size: '2' } })).toEqual({
        total_items: 0,
        current_items: 0,
        current_page: 1,
        total_pages: 1,
        data: [],
      });
    });

    it('answers the records as the fixture holds them', async () => {
      expect((await ok('listServers')).data[0]).toEqual(fixtureServer(0));
    });
  });

  describe('list_images', () => {
    const codes = (images: Node[]) => images.map((i) => i.code);

    it('lists the enabled images, and the disabled ones with include_disabled=1', async () => {
      expect(codes(await ok('listImages'))).toEqual(builtInFixture.images.map((i: Node) => i.code));
      expect(await ok('listImages', { filters: { include_disabled: '1' } })).toHaveLength(
        builtInFixture.images.length + builtInFixture.disabled_images.length,
      );
      expect(codes(await ok('listImages', { filters: { include_disabled: '0' } }))).not.toContain('ubuntu-focal.amd64');
    });

    it('filters by type and os, sorts and pages', async () => {
      expect(codes(await ok('listImages', { filters: { os: 'debian', include_disabled: '1' } }))).toEqual([
        'debian-bookworm.amd64',
        'debian-trixie.amd64',
        'debian-bullseye.amd64',
      ]);
      expect(codes(await ok('listImages', { filters: { type: 'windows' } }))).toEqual(['windows-2022.amd64']);
      expect(
        codes(
          await ok('listImages', {
            filters: { type: 'distro', sort_by: 'code', sort_dir: 'DESC', page_size: '2', page_number: '2' },
          }),
        ),
      ).toEqual(['rocky-9.amd64', 'debian-trixie.amd64']);
      expect(await ok('listImages', { filters: { page_size: '5', page_number: '9' } })).toEqual([]);
    });

    it('takes a known location and refuses an unknown one as documented', async () => {
      expect(await ok('listImages', { filters: { location: 'WLG1' } })).toHaveLength(builtInFixture.images.length);
      expect(await failure('listImages', { filters: { location: 'SYD1' } })).toBe('Invalid location.');
    });
  });

  describe('list_sub_accounts', () => {
    it('lists open accounts, closed ones only with include_closed=1, by partial name, paged', async () => {
      const open = await ok('listSubAccounts');
      expect(open.data.map((a: Node) => a.client_id)).toEqual(['301', '303', '304', '306', '307']);
      expect(open).toMatchObject({ total_items: 5, current_items: 5, current_page: 1, total_pages: 1 });
      expect((await ok('listSubAccounts', { filters: { include_closed: '1' } })).total_items).toBe(7);
      const harbour = await ok('listSubAccounts', {
        filters: {
          name: 'harbour',
          include_closed: '1',
          page_size: '2',
          page_number: '2',
          sort_by: 'account_balance',
          sort_dir: 'DESC',
        },
      });
      expect(harbour).toMatchObject({ total_items: 4, current_items: 2, current_page: 2, total_pages: 2 });
      expect(harbour.data.map((a: Node) => a.name)).toEqual(['Harbour Trading Staff Club', 'Harbour Imports Ltd']);
    });

    it('answers `return` alone, as the service does', async () => {
      const { body } = await call('listSubAccounts');
      expect(Object.keys(body)).toEqual(['return']);
    });
  });

  describe('dns', () => {
    it('lists the addresses keyed by address, with the server of assigned ones', async () => {
      const ips = await ok('listIps');
      expect(Object.keys(ips)).toEqual(builtInFixture.ips.map((ip: Node) => ip.ip_addr));
      expect(ips['203.0.113.10']).toMatchObject({ server_id: '10421', name: 'web01', label: 'Shop web server' });
      expect(ips['203.0.113.50'].server_id).toBeUndefined();
    });

    it('sorts and pages the addresses; a page past the end is [] as observed', async () => {
      expect(
        Object.keys(await ok('listIps', { filters: { sort_by: 'date_allocated', sort_dir: 'DESC', page_size: '2' } })),
      ).toEqual(['198.51.100.99', '203.0.113.50']);
      expect(await ok('listIps', { filters: { page_size: '50', page_number: '2' } })).toEqual([]);
    });

    it('lists templates with their zone counts, and the zones of a template', async () => {
      expect((await ok('listDnsTemplates')).map((t: Node) => [t.template_id, t.domain_count])).toEqual([
        ['12', '2'],
        ['13', '0'],
        ['14', '1'],
      ]);
      const zones = await ok('listDomainsUsingTemplate', { template_id: '12' });
      expect(Object.keys(zones)).toEqual(['example.co.nz', 'harbourtrading.nz']);
      expect(zones['example.co.nz'].domain_r).toBe('zn.oc.elpmaxe');
      expect(await ok('listDomainsUsingTemplate', { template_id: '13' })).toEqual({});
      expect(await failure('listDomainsUsingTemplate', { template_id: '99' })).toBe('Template not found.');
    });

    it('updates the SOA record of a zone of the client, and refuses a zone it does not have', async () => {
      const soa = {
        ns: 'ns1.hostapi.example',
        email: 'hostmaster@example.co.nz',
        refresh: '10800',
        retry: '3600',
        expire: '604800',
        minimum: '3600',
      };
      const { body } = await call('updateSoa', { domain: 'harbourfreight.co.nz', ...soa });
      expect(body).toEqual({ msg: 'SOA record updated.', status: true, time: expect.any(Number) });
      expect(await failure('updateSoa', { domain: 'someone-else.co.nz', ...soa })).toBe('Domain not found.');
    });
  });

  describe('ssh keys', () => {
    it('adds a key that get then returns, with its users when asked', async () => {
      const content = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop';
      const { key_id } = await ok('addSshKey', {
        label: 'laptop@aroha',
        content,
        params: { custom_image_access: '1' },
      });
      expect(key_id).toBe('42');
      const key = await ok('getSshKey', { key_id });
      expect(key).toEqual({
        id: '42',
        client_id: '293',
        label: 'laptop@aroha',
        content,
        date_added: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        date_updated: '0000-00-00 00:00:00',
        custom_image_access: true,
      });
      expect(await ok('getSshKey', { key_id, include_users: '1' })).toEqual({ ...key, users: [] });
      expect((await ok('addSshKey', { label: 'second', content })).key_id).toBe('43');
    });

    it('returns a fixture key with and without its users', async () => {
      expect((await ok('getSshKey', { key_id: '41' })).users).toBeUndefined();
      expect((await ok('getSshKey', { key_id: '41', include_users: '1' })).users).toEqual([
        { id: '77', username: 'deploy', containers: ['shop-web', 'shop-worker'] },
      ]);
      expect((await ok('getSshKey', { key_id: '40', include_users: '1' })).users).toEqual([]);
    });

    it('refuses what is not a public key, and stores nothing', async () => {
      expect(await failure('addSshKey', { label: 'x', content: 'not a key' })).toBe('Invalid SSH key.');
      expect(await failure('addSshKey', { label: 'x', content: 'ssh-ed25519 !!!' })).toBe('Invalid SSH key.');
      expect(await failure('getSshKey', { key_id: '42' })).toBe('SSH key not found.');
    });
  });

  describe('domain registration', () => {
    const registration = {
      domain: 'harbourtrading.com',
      term: '12',
      registrant_contact: '3310',
      params: { AdminContact: '3310', TechContact: '3311', protect: '1' },
    };

    it('create → get → availability taken → create again refused → cancel → gone', async () => {
      expect(await ok('checkDomainAvailability', { domain: 'harbourtrading.com' })).toEqual({
        domain: 'harbourtrading.com',
        available: true,
        reason: '',
        other: [],
      });
      const created = await ok('createDomain', registration);
      expect(created.job_id).toBe('8813001');
      const domain = await ok('getDomain', { domain: 'harbourtrading.com' });
      expect(domain).toMatchObject({
        ClientID: '293',
        Domain: 'harbourtrading.com',
        State: 'Active',
        RegistrantName: 'Harbour Trading Ltd',
        RegistrantContactID: '3310',
        AdminContactID: '3310',
        TechnicalContactID: '3311',
        autorenew_term: '12',
        Locked: '0',
      });
      expect(Number(domain.DateBilledUntil.slice(0, 4)) - Number(domain.DateRegistered.slice(0, 4))).toBe(1);
      expect(await ok('checkDomainAvailability', { domain: 'harbourtrading.com' })).toMatchObject({
        available: false,
        reason: 'Active',
      });
      expect(await failure('createDomain', registration)).toBe('Domain is not available for registration.');
      const cancelled = await call('cancelDomain', { domain: 'harbourtrading.com' });
      expect(cancelled.body).toEqual({
        return: { job_id: '8813002' },
        msg: 'Successful',
        status: true,
        time: expect.any(Number),
      });
      expect(await failure('getDomain', { domain: 'harbourtrading.com' })).toBe('Domain not found.');
      expect((await ok('checkDomainAvailability', { domain: 'harbourtrading.com' })).available).toBe(true);
      expect(await failure('cancelDomain', { domain: 'harbourtrading.com' })).toBe('Domain not found.');
    });

    it('checks other extensions, and names an extension the registrar does not offer', async () => {
      expect(
        await ok('checkDomainAvailability', {
          domain: 'HarbourTrading.com',
          additional_tlds: ['net', '.nz', 'co.nz'],
          suggest: '1',
        }),
      ).toEqual({
        domain: 'harbourtrading.com',
        available: true,
        reason: '',
        other: [
          { domain: 'harbourtrading.net', available: true },
          { domain: 'harbourtrading.nz', available: false },
          { domain: 'harbourtrading.co.nz', available: false },
        ],
      });
      expect(await failure('checkDomainAvailability', { domain: 'harbourtrading.example' })).toBe(
        'The extension .example is not supported.',
      );
      expect(await failure('checkDomainAvailability', { domain: 'harbourtrading.xyz' })).toBe(
        'The extension .xyz is not supported.',
      );
      expect(await failure('checkDomainAvailability', { domain: 'harbourtrading.com', additional_tlds: ['io'] })).toBe(
        'The extension .io is not supported.',
      );
      expect(await failure('createDomain', { ...registration, domain: 'harbourtrading.io' })).toBe(
        'The extension .io is not supported.',
      );
    });

    it('refuses names that are not domains, with the documented message-only answer', async () => {
      for (const domain of ['not a domain', 'nodot', '-bad.co.nz', 'shop.example.co.nz']) {
        const { body } = await call('checkDomainAvailability', { domain });
        expect(body, domain).toEqual({ msg: 'Please specify a valid domain name.' });
      }
      expect(await failure('getDomain', { domain: 'bad..name' })).toBe('Please specify a valid domain name.');
      expect(await failure('createDomain', { ...registration, domain: 'x' })).toBe(
        'Please specify a valid domain name.',
      );
    });

    it('refuses a registration with a contact the client does not have, and registers nothing', async () => {
      expect(await failure('createDomain', { ...registration, registrant_contact: '9999' })).toBe('Contact not found.');
      expect(await failure('createDomain', { ...registration, params: { TechContact: '9999' } })).toBe(
        'Contact not found.',
      );
      expect((await ok('checkDomainAvailability', { domain: 'harbourtrading.com' })).available).toBe(true);
    });

    it("a registration counts in its contacts' DomainCount and RegistrantCount, until it is cancelled", async () => {
      const counts = async (contact_id: string) => {
        const { DomainCount, RegistrantCount } = await ok('updateDomainContact', { contact_id });
        return [DomainCount, RegistrantCount];
      };
      expect([await counts('3312'), await counts('3311')]).toEqual([
        ['0', '0'],
        ['3', '2'],
      ]);
      await ok('createDomain', { ...registration, registrant_contact: '3312', params: { AdminContact: '3311' } });
      expect([await counts('3312'), await counts('3311')]).toEqual([
        ['1', '1'],
        ['4', '2'],
      ]);
      await ok('cancelDomain', { domain: registration.domain });
      expect([await counts('3312'), await counts('3311')]).toEqual([
        ['0', '0'],
        ['3', '2'],
      ]);
    });

    it('update_contact merges the fields sent into the contact', async () => {
      const before = builtInFixture.contacts[0];
      const after = await ok('updateDomainContact', {
        contact_id: '3310',
        params: {
          PostalAddress: '12 Quay Street',
          PostalAddress2: 'Level 3',
          Phone: { Local: '3095550' },
          Mobile: { Country: '64', Area: '21', Local: '5550123' },
        },
      });
      expect(after).toEqual({
        ...before,
        PostalAddress: '12 Quay Street',
        PostalAddress2: 'Level 3',
        PhoneLocal: '3095550',
        Phone: '+64.93095550',
        MobileCountry: '64',
        MobileArea: '21',
        MobileLocal: '5550123',
        Mobile: '+64.215550123',
        Fax: '',
        date_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        DomainCount: '2',
        RegistrantCount: '1',
      });
      // remembered: a later update starts from it
      expect(await ok('updateDomainContact', { contact_id: '3310', params: { City: 'Wellington' } })).toMatchObject({
        PostalAddress: '12 Quay Street',
        City: 'Wellington',
        Phone: '+64.93095550',
      });
      expect(await failure('updateDomainContact', { contact_id: '4000', params: { City: 'Wellington' } })).toBe(
        'Contact not found.',
      );
    });

    it('update_contact changes every field the description lets it send, and nothing else', async () => {
      const params = operations.updateDomainContact!.op.requestBody.content['application/x-www-form-urlencoded'].schema
        .properties.params.properties as Node;
      const sent: Fields = {};
      for (const [field, schema] of Object.entries(params)) {
        const properties = schema.$ref
          ? document.components.schemas[schema.$ref.split('/').pop()].properties
          : schema.properties;
        sent[field] = properties ? { Country: '61', Area: '2', Local: '90001234', Extension: '7' } : `new ${field}`;
      }
      const after = await ok('updateDomainContact', {
        contact_id: '3311',
        params: { ...sent, ContactID: '1', DomainCount: '99' },
      });
      for (const [field, value] of Object.entries(sent)) {
        if (typeof value === 'string') expect(after[field], field).toBe(value);
        else
          expect(
            [
              after[`${field}Country`],
              after[`${field}Area`],
              after[`${field}Local`],
              after[`${field}Extension`],
              after[field],
            ],
            field,
          ).toEqual(['61', '2', '90001234', '7', '+61.290001234x7']);
      }
      expect(after).toMatchObject({ ContactID: '3311', DomainCount: '3', RegistrantCount: '2' });
    });

    it('lists the pricing tiers', async () => {
      expect(await ok('getPricingTiers')).toEqual(builtInFixture.pricing_tiers);
    });
  });

  describe('server upgrades', () => {
    it('upgrade changes cores, memory and disks that list_servers reports', async () => {
      const result = await ok('upgradeServer', {
        name: 'web01',
        upgrade: { cores: '4', ram: '8', disk: { xvda1: '120' } },
      });
      expect(result).toEqual({ cores: true, disk: { xvda1: true } });
      const web01 = await serverNamed('web01');
      expect(web01).toMatchObject({ cores: '4', ram: '8192', disk: 120, partitions: [{ name: 'xvda1', size: '120' }] });
      expect(Math.abs(Date.parse(`${web01.date_updated.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
    });

    it('upgrade says which parts it did not change: not larger, or no such disk', async () => {
      expect(await ok('upgradeServer', { name: 'vds01', upgrade: { cores: '2', disk: ['100', '300'] } })).toEqual({
        cores: false,
        disk: { 0: true, 1: false },
      });
      expect(await ok('upgradeServer', { name: 'vds01', upgrade: { disk: { xvdz9: '500' } } })).toEqual({
        cores: false,
        disk: { xvdz9: false },
      });
      expect(await serverNamed('vds01')).toMatchObject({
        cores: '8',
        disk: 500,
        partitions: [
          { name: 'xvda1', size: '100' },
          { name: 'xvdb1', size: '400' },
        ],
      });
      expect(await ok('upgradeServer', { name: 'cloud02' })).toEqual({ cores: false, disk: {} });
      expect(await serverNamed('cloud02')).toEqual(fixtureServer(3));
    });

    it('upgrade refuses a locked server and an unknown one', async () => {
      expect(await failure('upgradeServer', { name: 'db01', upgrade: { cores: '8' } })).toBe(
        'Server is locked and cannot be upgraded.',
      );
      expect(await failure('upgradeServer', { name: 'web99', upgrade: { cores: '8' } })).toBe('Server not found.');
      expect(await serverNamed('db01')).toEqual(fixtureServer(1));
    });

    it('upgrade_plan moves a server to a higher plan, as list_servers then reports', async () => {
      const { body } = await call('upgradeServerPlan', { name: 'web01', plan: 'VPS-8G' });
      expect(body).toEqual({ msg: 'Server upgrade has been scheduled.', status: true });
      expect(await serverNamed('web01')).toMatchObject({
        product_code: 'VPS-8G',
        product_name: 'Linux VPS 8 GB',
        ram: '8192',
        cores: '4',
        disk: 160,
        partitions: [{ name: 'xvda1', size: '160' }],
      });
      expect(names((await ok('listServers', { filters: { product_code: 'VPS-8G' } })).data)).toEqual(['web01', 'db01']);
    });

    it(
      'upgrade_plan refuses an unknown plan, a lower one, ' + 'another product type, a locked or unknown server',
      async () => {
        expect(await failure('upgradeServerPlan', { name: 'web01', plan: 'VPS-1T' })).toBe(
          'The selected plan is not an upgrade for this server.',
        );
        expect(await failure('upgradeServerPlan', { name: 'web01', plan: 'VPS-2G' })).toBe(
          'The selected plan is not an upgrade for this server.',
        );
        expect(await failure('upgradeServerPlan', { name: 'web01', plan: 'VPS-4G' })).toBe(
          'The selected plan is not an upgrade for this server.',
        );
        expect(await failure('upgradeServerPlan', { name: 'web01', plan: 'WIN-8G' })).toBe(
          'The selected plan is not an upgrade for this server.',
        );
        expect(await failure('upgradeServerPlan', { name: 'db01', plan: 'VPS-16G' })).toBe(
          'Server is locked and cannot be upgraded.',
        );
        expect(await failure('upgradeServerPlan', { name: 'nope', plan: 'VPS-16G' })).toBe('Server not found.');
        expect(await serverNamed('web01')).toEqual(fixtureServer(0));
      },
    );
  });

  describe('cloud', () => {
    it("finds the fixture's databases by server, host and name", async () => {
      expect(await ok('getDatabase', { server_name: 'cloud01', mysql_host: 'mysql8', database: 'shop' })).toMatchObject(
        { db_name: 'shop', server_id: '10430', server_label: 'Shop cloud server', container: 'c8a1f3d2e4b5' },
      );
      expect(
        (await ok('getDatabase', { server_name: 'cloud02', mysql_host: 'mysql8', database: 'blog' })).grants[0]
          .username,
      ).toBe('blog_wp');
      for (const wrong of [{ server_name: 'cloud02' }, { mysql_host: 'mysql57' }, { database: 'shop_staging' }]) {
        expect(
          await failure('getDatabase', { server_name: 'cloud01', mysql_host: 'mysql8', database: 'shop', ...wrong }),
          JSON.stringify(wrong),
        ).toBe('Database not found.');
      }
    });

    it('backs up a stack with a fresh job id each time, and refuses an unknown stack', async () => {
      const first = await ok('backupStack', {
        server: 'cloud01',
        name: 'shop',
        containers: ['shop-web'],
        params: { label: 'before-upgrade' },
      });
      const second = await ok('backupStack', { server: 'cloud01', name: 'shop' });
      expect([first.job_id, second.job_id]).toEqual(['8813001', '8813002']);
      expect(await failure('backupStack', { server: 'cloud02', name: 'shop' })).toBe('Stack not found.');
    });

    it('copies a stack to a new stack, which can then be backed up and copied, with its databases', async () => {
      const copy = await ok('copyStack', {
        source_server: 'cloud01',
        name: 'shop',
        destination_server: 'cloud02',
        label: 'Shop staging',
        params: {
          copy_env_file: '1',
          shutdown: '0',
          databases: [
            { clone_db_from: 'shop', mysql_host: 'mysql8', db_name: 'shop_staging', origin_container: 'c8a1f3d2e4b5' },
          ],
          database_users: [
            {
              clone_grants_from: 'shop_app',
              mysql_host: 'mysql8',
              username: 'shop_staging_app',
              password: 'correct-horse-battery-staple',
              database: 'shop_staging',
            },
          ],
        },
      });
      expect(copy).toEqual({ job_id: '8813001', destination_stack: 'shop-staging' });
      expect((await ok('backupStack', { server: 'cloud02', name: 'shop-staging' })).job_id).toBe('8813002');
      const database = await ok('getDatabase', {
        server_name: 'cloud02',
        mysql_host: 'mysql8',
        database: 'shop_staging',
      });
      expect(database).toMatchObject({
        server_id: '10431',
        server_name: 'cloud02',
        server_label: 'Staging cloud server',
      });
      expect(database.grants).toEqual([
        expect.objectContaining({
          username: 'shop_staging_app',
          db_name: 'shop_staging',
          grants: ['select', 'insert', 'update', 'delete', 'lock tables', 'create temporary tables'],
        }),
      ]);
      expect(JSON.stringify(database)).not.toContain('correct-horse');
      const again = await ok('copyStack', {
        source_server: 'cloud01',
        name: 'shop',
        destination_server: 'cloud02',
        label: 'Shop staging',
      });
      expect(again).toEqual({ job_id: '8813003', destination_stack: 'shop-staging-2' });
    });

    it('refuses to copy an unknown stack, to an unknown server, or a database the source does not have', async () => {
      expect(
        await failure('copyStack', {
          source_server: 'cloud02',
          name: 'shop',
          destination_server: 'cloud02',
          label: 'x',
        }),
      ).toBe('Stack not found.');
      expect(
        await failure('copyStack', {
          source_server: 'cloud01',
          name: 'shop',
          destination_server: 'cloud99',
          label: 'x',
        }),
      ).toBe('Server not found.');
      expect(
        await failure('copyStack', {
          source_server: 'cloud01',
          name: 'shop',
          destination_server: 'cloud02',
          label: 'x',
          params: { databases: [{ clone_db_from: 'blog', db_name: 'x' }] },
        }),
      ).toBe('Database not found.');
      // nothing was copied
      expect(await failure('backupStack', { server: 'cloud02', name: 'x' })).toBe('Stack not found.');
    });
  });

  describe('bandwidth and mail', () => {
    const epoch = (date: string) => String(Date.parse(`${date}T00:00:00Z`) / 1000);

    it('answers the days between params[from] and params[to]', async () => {
      const usage = await ok('getBandwidthUsageByDay', {
        ip_addr: '203.0.113.10/32',
        params: { from: epoch('2026-11-05'), to: String(Number(epoch('2026-11-07')) + 3600) },
      });
      expect(Object.keys(usage)).toEqual(['203.0.113.10/32']);
      expect(Object.keys(usage['203.0.113.10/32'])).toEqual(['2026-11-05', '2026-11-06', '2026-11-07']);
      expect(usage['203.0.113.10/32']['2026-11-05']).toEqual(builtInFixture.bandwidth['203.0.113.10/32']['2026-11-05']);
    });

    it(
      'answers every recorded day without a period, none for an ' +
        "address without traffic, and refuses another client's address",
      async () => {
        expect(
          Object.keys((await ok('getBandwidthUsageByDay', { ip_addr: '203.0.113.20/32' }))['203.0.113.20/32']),
        ).toHaveLength(21);
        expect(
          Object.keys(
            (await ok('getBandwidthUsageByDay', { ip_addr: '203.0.113.20/32', params: { from: epoch('2026-11-08') } }))[
              '203.0.113.20/32'
            ],
          ),
        ).toEqual(['2026-11-08']);
        expect(
          await ok('getBandwidthUsageByDay', {
            ip_addr: '203.0.113.10/32',
            params: { from: epoch('2026-12-01'), to: epoch('2026-11-01') },
          }),
        ).toEqual({ '203.0.113.10/32': {} });
        expect(await ok('getBandwidthUsageByDay', { ip_addr: '203.0.113.50/32' })).toEqual({ '203.0.113.50/32': {} });
        expect(
          await ok('getBandwidthUsageByDay', { ip_addr: '203.0.113.10/32', params: { to: '99999999999999' } }),
        ).toEqual({ '203.0.113.10/32': builtInFixture.bandwidth['203.0.113.10/32'] });
        expect(await failure('getBandwidthUsageByDay', { ip_addr: '10.9.8.7/32' })).toBe('IP address not found.');
      },
    );

    it('lists the mail domains of a mail server, and refuses another server', async () => {
      expect((await ok('listMailDomains', { server_name: 'mail01' })).map((d: Node) => d.domain)).toEqual([
        'example.co.nz',
        'harbourtrading.nz',
        'harbourfreight.co.nz',
      ]);
      expect(await failure('listMailDomains', { server_name: 'web01' })).toBe('Server not found.');
    });
  });

  describe('another client', () => {
    // One valid call of each operation, as the description's example input gives it.
    const inputs: Record<string, Fields> = {
      listServers: {},
      listImages: {},
      upgradeServer: { name: 'web01' },
      upgradeServerPlan: { name: 'web01', plan: 'VPS-8G' },
      listIps: {},
      listDomainsUsingTemplate: { template_id: '12' },
      listDnsTemplates: {},
      updateSoa: {
        domain: 'example.co.nz',
        ns: 'ns1',
        email: 'e',
        refresh: '1',
        retry: '1',
        expire: '1',
        minimum: '1',
      },
      getPricingTiers: {},
      getDomain: { domain: 'example.co.nz' },
      checkDomainAvailability: { domain: 'example.co.nz' },
      createDomain: { domain: 'new-one.co.nz', term: '12', registrant_contact: '3310' },
      cancelDomain: { domain: 'example.co.nz' },
      updateDomainContact: { contact_id: '3310' },
      listSubAccounts: {},
      getSshKey: { key_id: '41' },
      addSshKey: { label: 'l', content: 'ssh-ed25519 AAAA' },
      getDatabase: { server_name: 'cloud01', mysql_host: 'mysql8', database: 'shop' },
      backupStack: { server: 'cloud01', name: 'shop' },
      copyStack: { source_server: 'cloud01', name: 'shop', destination_server: 'cloud01', label: 'x' },
      getBandwidthUsageByDay: { ip_addr: '203.0.113.10/32' },
      listMailDomains: { server_name: 'mail01' },
    };

    it('covers every operation', () => {
      expect(Object.keys(inputs).sort()).toEqual(Object.keys(operations).sort());
    });

    it.each(Object.entries(inputs).filter(([id]) => id !== 'listImages'))(
      '%s: "Client not found." for a client_id the fixture is not',
      async (operationId, fields) => {
        expect((await call(operationId, fields, { apiKey: 'key-b' })).body.msg).not.toBe('Client not found.');
        expect(await failure(operationId, { ...fields, client_id: '294' })).toBe('Client not found.');
      },
    );
  });

  describe('failures', () => {
    const soa = { ns: 'ns1', email: 'e', refresh: '1', retry: '1', expire: '1', minimum: '1' };
    const registration = { domain: 'harbourtrading.com', term: '12', registrant_contact: '3310' };
    const copy = { source_server: 'cloud01', name: 'shop', destination_server: 'cloud02', label: 'x' };
    // Every failure a handler answers (besides clientNotFound, above), with a request that gets it.
    const cases: Array<[string, string, Fields]> = [
      ['listImages', 'invalidLocation', { filters: { location: 'SYD1' } }],
      ['upgradeServer', 'serverNotFound', { name: 'web99' }],
      ['upgradeServer', 'serverLocked', { name: 'db01' }],
      ['upgradeServerPlan', 'serverNotFound', { name: 'web99', plan: 'VPS-16G' }],
      ['upgradeServerPlan', 'serverLocked', { name: 'db01', plan: 'VPS-16G' }],
      ['upgradeServerPlan', 'planNotAvailable', { name: 'web01', plan: 'VPS-2G' }],
      ['listDomainsUsingTemplate', 'templateNotFound', { template_id: '99' }],
      ['updateSoa', 'domainNotFound', { domain: 'someone-else.co.nz', ...soa }],
      ['getDomain', 'invalidDomain', { domain: 'bad..name' }],
      ['getDomain', 'domainNotFound', { domain: 'someone-else.co.nz' }],
      ['checkDomainAvailability', 'invalidDomain', { domain: 'nodot' }],
      ['checkDomainAvailability', 'unsupportedTld', { domain: 'harbourtrading.example' }],
      ['createDomain', 'invalidDomain', { ...registration, domain: 'shop.example.co.nz' }],
      ['createDomain', 'unsupportedTld', { ...registration, domain: 'harbourtrading.example' }],
      ['createDomain', 'domainTaken', { ...registration, domain: 'example.co.nz' }],
      ['createDomain', 'contactNotFound', { ...registration, registrant_contact: '9999' }],
      ['cancelDomain', 'domainNotFound', { domain: 'someone-else.co.nz' }],
      ['updateDomainContact', 'contactNotFound', { contact_id: '4000' }],
      ['getSshKey', 'keyNotFound', { key_id: '99' }],
      ['addSshKey', 'invalidKey', { label: 'x', content: 'not a key' }],
      ['getDatabase', 'databaseNotFound', { server_name: 'cloud01', mysql_host: 'mysql8', database: 'nope' }],
      ['backupStack', 'stackNotFound', { server: 'cloud02', name: 'shop' }],
      ['copyStack', 'stackNotFound', { ...copy, source_server: 'cloud02' }],
      ['copyStack', 'serverNotFound', { ...copy, destination_server: 'cloud99' }],
      ['copyStack', 'databaseNotFound', { ...copy, params: { databases: [{ clone_db_from: 'blog', db_name: 'x' }] } }],
      ['getBandwidthUsageByDay', 'ipNotFound', { ip_addr: '10.9.8.7/32' }],
      ['listMailDomains', 'serverNotFound', { server_name: 'web01' }],
    ];

    it.each(cases)('%s answers its own example %s', async (operationId, name, fields) => {
      const answer = await call(operationId, fields);
      expect({ example: answer.example, body: answer.body }).toEqual({
        example: name,
        body: examplesOf(operationId)[name],
      });
    });

    it('the cases cover every failure a handler can answer', () => {
      const sources = [
        'index.ts',
        ...readdirSync(new URL('../src/engine/sandbox/handlers/', import.meta.url)).map((file) => `handlers/${file}`),
      ].map((file) => readFileSync(new URL(`../src/engine/sandbox/${file}`, import.meta.url), 'utf8'));
      const answered = new Set(
        sources.flatMap((source) => [...source.matchAll(/\.fail\('(\w+)'/g)].map((match) => match[1])),
      );
      expect([...answered].sort()).toEqual([...new Set([...cases.map(([, name]) => name), 'clientNotFound'])].sort());
    });

    it(
      'a failure the description does not document for ' + "the operation is the sandbox's error, not an answer",
      async () => {
        // copy_stack's own serverNotFound, taken out of a copy of the description
        const trimmed = structuredClone(document);
        delete trimmed.paths['/1.1/cloud/stack/copy.json'].post.responses['200'].content['application/json'].examples
          .serverNotFound;
        sandbox = await store.create({ document: trimmed });
        await expect(call('copyStack', { ...copy, destination_server: 'cloud99' })).rejects.toThrow(
          'The description documents no failure "serverNotFound" for copyStack',
        );
      },
    );
  });

  describe('state per API key', () => {
    it('each key sees only its own writes', async () => {
      await ok('addSshKey', { label: 'a', content: 'ssh-ed25519 AAAA a' }, { apiKey: 'key-a' });
      await ok('createDomain', { domain: 'only-a.co.nz', term: '12', registrant_contact: '3310' }, { apiKey: 'key-a' });
      await ok('upgradeServer', { name: 'web01', upgrade: { cores: '6' } }, { apiKey: 'key-a' });
      expect(await failure('getSshKey', { key_id: '42' }, { apiKey: 'key-b' })).toBe('SSH key not found.');
      expect(await failure('getDomain', { domain: 'only-a.co.nz' }, { apiKey: 'key-b' })).toBe('Domain not found.');
      expect((await serverNamed('web01', 'key-b')).cores).toBe('2');
      // key-b's own first key also gets id 42, and its first job 8813001
      expect((await ok('addSshKey', { label: 'b', content: 'ssh-ed25519 BBBB b' }, { apiKey: 'key-b' })).key_id).toBe(
        '42',
      );
      expect((await ok('getSshKey', { key_id: '42' }, { apiKey: 'key-a' })).label).toBe('a');
      expect((await ok('backupStack', { server: 'cloud01', name: 'shop' }, { apiKey: 'key-b' })).job_id).toBe(
        '8813001',
      );
    });

    it('reset(key) restores that key only; reset() every key', async () => {
      for (const apiKey of ['key-a', 'key-b'])
        await ok('upgradeServer', { name: 'web01', upgrade: { cores: '6' } }, { apiKey });
      await sandbox.reset('key-a');
      expect(await serverNamed('web01', 'key-a')).toEqual(fixtureServer(0));
      expect((await serverNamed('web01', 'key-b')).cores).toBe('6');
      expect((await ok('addSshKey', { label: 'again', content: 'ssh-ed25519 AAAA' }, { apiKey: 'key-a' })).key_id).toBe(
        '42',
      );
      await sandbox.reset();
      expect(await serverNamed('web01', 'key-b')).toEqual(fixtureServer(0));
      expect(await failure('getSshKey', { key_id: '42' }, { apiKey: 'key-a' })).toBe('SSH key not found.');
    });
  });

  describe('answers of reads', () => {
    it("follow the key's own writes, and an answer given is never changed by a later write", async () => {
      const read = async (apiKey = 'key-a') =>
        (await call('listServers', { filters: { state: 'On' } }, { apiKey })).body;
      const first = await read();
      const given = structuredClone(first);
      // a write elsewhere (contacts) changes nothing listed
      await ok('updateDomainContact', { contact_id: '3310', params: { City: 'Nelson' } });
      expect(await read()).toEqual(first);
      // a write to servers does, for that key only
      await ok('upgradeServer', { name: 'web01', upgrade: { cores: '3' } });
      expect((await read()).return.data[0].cores).toBe('3');
      expect((await read('key-b')).return.data[0].cores).toBe('2');
      expect(first).toEqual(given);
    });

    it('a write sent again writes again: each backup its own job id', async () => {
      const backups = [
        await ok('backupStack', { server: 'cloud01', name: 'shop' }),
        await ok('backupStack', { server: 'cloud01', name: 'shop' }),
      ];
      expect(backups[1].job_id).not.toBe(backups[0].job_id);
    });
  });

  describe('answers of writes', () => {
    it(
      'the same change sent again within its second ' + 'changes nothing; a second later, it is a change again',
      async () => {
        let now = Date.parse('2026-11-23T10:00:00.100Z');
        sandbox = await store.create({ document, clock: { now: () => now, sleep: async () => {} } });
        const change = { contact_id: '3310', params: { City: 'Nelson' } };
        const first = (await call('updateDomainContact', change)).body;
        const second = (await call('updateDomainContact', change)).body;
        expect(second).toEqual(first);
        expect(first.return.date_updated).toBe('2026-11-23 10:00:00');
        // a second later, the same fields are a change again: date_updated is the time of the change
        now += 1000;
        const later = (await call('updateDomainContact', change)).body;
        expect(later.return.date_updated).toBe('2026-11-23 10:00:01');
        expect(second.return.date_updated).toBe('2026-11-23 10:00:00');
      },
    );

    it('a write replaces the records it changes, never changes one an answer holds', async () => {
      const before = await ok('updateDomainContact', { contact_id: '3311', params: { City: 'Nelson' } });
      await ok('updateDomainContact', { contact_id: '3311', params: { City: 'Dunedin' } });
      await ok('createDomain', { domain: 'harbourtrading.com', term: '12', registrant_contact: '3311' });
      expect(before).toMatchObject({ City: 'Nelson', DomainCount: '3' });
      expect(Object.isFrozen(before)).toBe(true);
    });
  });

  describe("Prefer: the description's examples", () => {
    it.each(Object.keys(operations))(
      '%s: every named example, by example= (HTTP 200) and code=500',
      async (operationId) => {
        const responses = operations[operationId]!.op.responses as Node;
        for (const [code, response] of Object.entries(responses)) {
          const media = (response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response)
            .content['application/json'];
          for (const [name, example] of Object.entries(media.examples as Node)) {
            const value = example.$ref
              ? document.components.examples[example.$ref.split('/').pop()].value
              : example.value;
            const prefer = code === '200' ? { example: name } : { code, example: name };
            const answer = await call(operationId, {}, { prefer });
            expect({ prefer, status: answer.status, body: answer.body }).toEqual({
              prefer,
              status: Number(code),
              body: value,
            });
          }
        }
      },
    );

    it('code= alone answers the first example of that status, example= alone looks in the others too', async () => {
      const { status, body } = await call('listServers', {}, { prefer: { code: '500' } });
      expect({ status, body }).toEqual({
        status: 500,
        body: { msg: 'You have exceeded the number of requests per second for this key. Please try again soon.' },
      });
      expect((await call('listServers', {}, { prefer: { example: 'rateLimitedWithStatus' } })).status).toBe(500);
    });

    it('an example changes nothing: example=success of create_domain registers no domain', async () => {
      await call(
        'createDomain',
        { domain: 'harbourtrading.com', term: '12', registrant_contact: '3310' },
        { prefer: { example: 'success' } },
      );
      expect((await ok('checkDomainAvailability', { domain: 'harbourtrading.com' })).available).toBe(true);
    });

    it("an example the operation does not have is the default mode's 422, naming what it has", async () => {
      await expect(call('listServers', {}, { prefer: { example: 'nope' } })).rejects.toMatchObject({
        status: 422,
        title: 'Cannot answer as preferred',
        detail: expect.stringContaining('listServers has no such example'),
      });
      await expect(call('listServers', {}, { prefer: { code: '404' } })).rejects.toMatchObject({
        status: 422,
        detail: expect.stringContaining('has no 404 response'),
      });
    });
  });

  describe('fault injection', () => {
    const RATE_LIMITED = {
      msg: 'You have exceeded the number of requests per second for this key. Please try again soon.',
    };

    it(
      '--rate-limit n: the (n+1)th request of a key within a second ' +
        "gets the service's HTTP 500; other keys are not counted",
      async () => {
        let now = 0;
        sandbox = await store.create({ document, rateLimit: 3, clock: { now: () => now, sleep: async () => {} } });
        const statuses = [];
        for (let i = 0; i < 5; i++) statuses.push((await call('listServers')).status);
        expect(statuses).toEqual([200, 200, 200, 500, 500]);
        expect(await call('listServers')).toMatchObject({ status: 500, body: RATE_LIMITED });
        expect((await call('listServers', {}, { apiKey: 'key-b' })).status).toBe(200);
        now += 999;
        expect((await call('listServers')).status).toBe(500);
        // a second after the first allowed request, the window has moved on
        now += 1;
        expect((await call('listServers')).status).toBe(200);
      },
    );

    it('a refused request did not run: a refused write changes nothing', async () => {
      sandbox = await store.create({ document, rateLimit: 1 });
      await ok('getSshKey', { key_id: '41' });
      expect((await call('addSshKey', { label: 'x', content: 'ssh-ed25519 AAAA' })).status).toBe(500);
      await sandbox.reset('key-a');
      expect((await ok('addSshKey', { label: 'x', content: 'ssh-ed25519 AAAA' })).key_id).toBe('42');
    });

    it('Prefer: rate-limit=<n> sets the limit for one request; rate-limit=0 always refuses', async () => {
      expect((await call('listServers', {}, { prefer: { 'rate-limit': '0' } })).status).toBe(500);
      expect((await call('listServers', {}, { prefer: { 'rate-limit': '1' } })).status).toBe(200);
      expect((await call('listServers', {}, { prefer: { 'rate-limit': '1' } })).status).toBe(500);
      expect((await call('listServers', {}, { prefer: { 'rate-limit': '5' } })).status).toBe(200);
      expect((await call('listServers')).status).toBe(200);
    });

    it('--latency and Prefer: latency=<ms> delay the answer', async () => {
      const delays: number[] = [];
      const clock: Clock = { now: () => Date.now(), sleep: async (ms) => void delays.push(ms) };
      sandbox = await store.create({ document, latencyMs: 150, clock });
      await ok('listServers');
      await call('listServers', {}, { prefer: { latency: '400', code: '500' } });
      expect(delays).toEqual([150, 400]);
    });

    it('a bad Prefer value is a 422 problem naming it; unknown preferences are ignored', async () => {
      const refused: [Record<string, string>, string][] = [
        [{ latency: 'soon' }, 'Prefer: latency must be a whole number of milliseconds, got "soon"'],
        [{ latency: '600000' }, 'Prefer: latency must be at most 60000 ms, got 600000'],
        [{ 'rate-limit': '-1' }, 'Prefer: rate-limit must be a whole number of requests per second, got "-1"'],
        [{ 'rate-limit': '' }, 'Prefer: rate-limit must be a whole number of requests per second, got ""'],
      ];
      for (const [prefer, detail] of refused) {
        await expect(call('listServers', {}, { prefer })).rejects.toMatchObject({
          status: 422,
          title: 'Cannot answer as preferred',
          detail,
        });
      }
      expect(
        (await call('listServers', {}, { prefer: { 'respond-async': '', wait: '5', dynamic: 'true' } })).status,
      ).toBe(200);
    });
  });

  describe('createSandbox', () => {
    it('refuses bad options', async () => {
      await expect(createSandbox({ document, rateLimit: -1, ...store.options() })).rejects.toThrow(
        'rateLimit must be a whole number from 0 to 1000, got -1',
      );
      await expect(createSandbox({ document, latencyMs: 1.5, ...store.options() })).rejects.toThrow(
        'latencyMs must be a whole number from 0 to 2147483647, got 1.5',
      );
      await expect(createSandbox({ document: {}, ...store.options() })).rejects.toThrow(
        'createSandbox needs the description',
      );
      await expect(createSandbox({ document, storeTtlMs: 0, ...store.options() })).rejects.toThrow(
        'storeTtlMs must be a whole number of ms from 1 to 31622400000, got 0',
      );
      // The password of a store's URL is never repeated.
      await expect(createSandbox({ document, store: 'http://user:s3cret@host:6379/0' })).rejects.toThrow(
        'store must be a Redis URL, redis://host:port/db (or rediss:// for TLS), got http://user:***@host:6379/0',
      );
      await expect(createSandbox({ document, store: 'redis://host:6379/zero' })).rejects.toThrow(
        'got redis://host:6379/zero',
      );
    });

    it('refuses an unknown operation', async () => {
      await expect(sandbox.answer({ operationId: 'deleteEverything', apiKey: 'k' })).rejects.toThrow(
        'The sandbox has no operation deleteEverything',
      );
    });
  });
});

describe('a write that another instance overtook', () => {
  it("runs again ahead of this instance's newer requests for the key, which wait behind it", async () => {
    // A shared store as Redis keeps a key's state (versioned: a put computed from an older version
    // gets the newer state back), in memory, so that a request runs as far as it can in one turn.
    let base!: Collections;
    const fields = new Map<string, string>();
    let version = 0;
    const stateOf = () => Object.assign(new KeyState(base, [...fields]), { version: String(version) });
    /** The puts of the request labelled `retried`, each waiting for the test to let it go on. */
    const held: (() => void)[] = [];
    const store: Store = {
      name: 'redis://elsewhere:6379/0',
      get: async () => stateOf(),
      async put(_key, state) {
        if ([...state.changes.values()].some((json) => json.includes('"retried"')))
          await new Promise<void>((go) => held.push(go));
        if (state.version !== String(version)) return stateOf();
        for (const [field, json] of state.changes) json === '' ? fields.delete(field) : fields.set(field, json);
        version++;
        return true;
      },
      reset: async () => {},
      evicted: () => false,
    };
    const sandbox = await createSandbox({
      document,
      store: store.name,
      sharedStore: async (given) => {
        base = given;
        return store;
      },
    });
    const add = (label: string) =>
      sandbox.answer({
        operationId: 'addSshKey',
        apiKey: 'team',
        fields: { client_id: '293', label, content: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG7k team' },
      });
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    let done = false;
    const retried = add('retried');
    const finish = () => {
      done = true;
    };
    retried.then(finish, finish);
    const others: ReturnType<typeof add>[] = [];
    // At each of its puts, a new request for the key arrives and runs as far as it can first: more
    // of them than the tries a request has (20), had each been let overtake it.
    while (!done && others.length < 30) {
      await turn();
      if (!held.length) continue;
      others.push(add(`other-${others.length}`));
      await turn();
      held.shift()!();
    }
    const ids = (answers: Answer[]) => answers.map(({ body }) => Number((body as Node).return.key_id));
    // The first arrived before it had to run again (it took 42); the next waited behind it.
    expect(ids([await retried])).toEqual([43]);
    expect(ids(await Promise.all(others))).toEqual([42, 44]);
  });
});
