// The mock's sandbox (apps/mock/src/sandbox) as testers use it: startMock({ sandbox: true })
// called over HTTP through @hostapi/client, one flow per behaviour of its issue. Every answer
// the client receives is checked against its operation's response schema on the way (a fetch
// wrapper, ajv on the bundle, independently of the mock's own check).
import { ApiError, createHostApiClient, RateLimitError, TimeoutError } from '@hostapi/client';
import { startMock } from '@hostapi/mock';
import { deref, operationsOf, readBundle, type Node } from '@hostapi/spec/document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const spec = readBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajv.addSchema(spec, 'spec');
const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const operations = Object.fromEntries(
  operationsOf(spec).map(({ path, method, op }) => [op.operationId as string, { path, method, op }]),
);

/** ajv's complaints about `body` as the answer of `operationId` with HTTP `status` ([] when valid). */
function responseProblems(operationId: string, status: number, body: unknown): string[] {
  const { path, method, op } = operations[operationId]!;
  const response = op.responses[String(status)];
  if (!deref(spec, response)?.content) return [`${operationId} documents no HTTP ${status} answer`];
  const at = response.$ref
    ? `spec${response.$ref}/content/application~1json/schema`
    : `spec#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(at)!;
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

type Mock = Awaited<ReturnType<typeof startMock>>;
let mock: Mock;

/** operationId by path, whatever the version segment. */
const byRoute = new Map(Object.entries(operations).map(([id, { path }]) => [path.replace(/^\/\d+\.\d+\//, ''), id]));
const checked: string[] = [];

/** A fetch that checks every JSON answer against its operation's schema, and may add a Prefer header. */
function checkingFetch(prefer?: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (prefer) request.headers.set('prefer', prefer);
    const response = await fetch(request);
    const operationId = byRoute.get(new URL(request.url).pathname.replace(/^\/\d+\.\d+\//, ''));
    if (operationId && /json/.test(response.headers.get('content-type') ?? '')) {
      const text = await response.text();
      expect(responseProblems(operationId, response.status, JSON.parse(text)), `${operationId}: ${text}`).toEqual([]);
      checked.push(operationId);
      return new Response(text, { status: response.status, headers: response.headers });
    }
    return response;
  };
}

/** A field the service returns beyond the description (`cores` of a server). */
const extra = (record: object, field: string) => (record as Record<string, unknown>)[field];

const client = (
  apiKey: string,
  options: { prefer?: string; retries?: number; multipart?: boolean; timeoutMs?: number } = {},
) =>
  createHostApiClient({
    apiKey,
    baseUrl: mock.url,
    fetch: checkingFetch(options.prefer),
    retries: options.retries ?? 0,
    multipart: options.multipart ?? false,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });

/** The ApiError (or other error) a call rejects with. */
async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    (value) => {
      throw new Error(`resolved with ${JSON.stringify(value)}`);
    },
    (error: ApiError) => error,
  );
}

beforeAll(async () => {
  mock = await startMock({ sandbox: true });
});
afterAll(async () => {
  await mock?.close();
});

describe('flows through @hostapi/client', () => {
  it('register → read → taken → register again refused → cancel → gone', async () => {
    const api = client('flow-domains');
    const { job_id } = await api.domains.create({
      client_id: 293,
      domain: 'harbourtrading.com',
      term: 12,
      registrant_contact: 3310,
      params: { AdminContact: 3310, TechContact: 3311, protect: 1 },
    });
    expect(job_id).toMatch(/^\d+$/);
    expect(await api.domains.get({ client_id: 293, domain: 'harbourtrading.com' })).toMatchObject({
      Domain: 'harbourtrading.com',
      State: 'Active',
      AdminContactID: '3310',
      TechnicalContactID: '3311',
    });
    expect(
      await api.domains.checkAvailability({ client_id: 293, domain: 'harbourtrading.com', additional_tlds: ['net'] }),
    ).toEqual({
      domain: 'harbourtrading.com',
      available: false,
      reason: 'Active',
      other: [{ domain: 'harbourtrading.net', available: true }],
    });
    const twice = await rejection(
      api.domains.create({ client_id: 293, domain: 'harbourtrading.com', term: 12, registrant_contact: 3310 }),
    );
    expect(twice).toBeInstanceOf(ApiError);
    expect(twice.serviceMessage).toBe('Domain is not available for registration.');
    const cancelled = await api.domains.cancel({ client_id: 293, domain: 'harbourtrading.com' });
    expect(cancelled.job_id).not.toBe(job_id);
    expect((await rejection(api.domains.get({ client_id: 293, domain: 'harbourtrading.com' }))).serviceMessage).toBe(
      'Domain not found.',
    );
    expect((await api.domains.checkAvailability({ client_id: 293, domain: 'harbourtrading.com' })).available).toBe(
      true,
    );
  });

  it('listAll walks every server exactly once, page by page, filtered too', async () => {
    const api = client('flow-paging');
    const seen: string[] = [];
    for await (const server of api.servers.listAll({
      client_id: 293,
      filters: { page_size: 2, sort_by: 'server_id', sort_dir: 'DESC' },
    }))
      seen.push(server.server_id);
    expect(seen).toEqual(['10480', '10470', '10460', '10450', '10440', '10431', '10430', '10422', '10421']);
    const on: string[] = [];
    for await (const server of api.servers.listAll({ client_id: 293, filters: { state: 'On', page_size: 2 } }))
      on.push(server.name);
    expect(on).toEqual(['web01', 'cloud01', 'cloud02', 'win01', 'mail01']);
    const accounts: string[] = [];
    for await (const account of api.accounts.listAllSubAccounts({
      client_id: 293,
      filters: { include_closed: 1, page_size: 3 },
    }))
      accounts.push(account.client_id);
    expect(accounts).toEqual(['301', '302', '303', '304', '305', '306', '307']);
    const last = await api.servers.list({ client_id: 293, filters: { page_size: 4, page_number: 3 } });
    expect(last).toMatchObject({ total_items: 9, current_items: 1, current_page: 3, total_pages: 3 });
    expect(await api.servers.list({ client_id: 293, filters: { page_size: 4, page_number: 4 } })).toEqual({
      total_items: 9,
      current_items: 0,
      current_page: 4,
      total_pages: 3,
      data: [],
    });
  });

  it('an empty list is one empty page, so that every way of walking the pages stops', async () => {
    const api = client('flow-empty');
    const empty = await api.servers.list({ client_id: 293, filters: { name: 'no-such-server', page_size: 2 } });
    expect(empty).toEqual({ total_items: 0, current_items: 0, current_page: 1, total_pages: 1, data: [] });
    // The description's loop: pages while current_page < total_pages.
    let pages = 1;
    for (let page = empty; page.current_page < page.total_pages; pages++)
      page = await api.servers.list({
        client_id: 293,
        filters: { name: 'no-such-server', page_size: 2, page_number: page.current_page + 1 },
      });
    expect(pages).toBe(1);
    const seen = [];
    for await (const server of api.servers.listAll({
      client_id: 293,
      filters: { name: 'no-such-server', page_size: 2 },
    }))
      seen.push(server);
    expect(seen).toEqual([]);
  });

  it('lists honour their filters', async () => {
    const api = client('flow-filters');
    const names = async (filters: Node) =>
      (await api.servers.list({ client_id: 293, filters })).data.map((s) => s.name);
    expect(await names({ state: 'Off' })).toEqual(['db01', 'vds01']);
    expect(await names({ type: 'VPS', location: 'AKL1', name: 'db' })).toEqual(['db01']);
    expect(await names({ product_type: 'CLDCON' })).toEqual(['cloud01', 'cloud02']);
    expect(await names({ product_code: 'WIN-4G' })).toEqual(['win01']);
    expect(await names({ updated_since: '2026-11-01 00:00:00' })).toEqual(['db01', 'metal01']);
    expect(
      (await api.servers.listImages({ filters: { os: 'ubuntu', type: 'distro', include_disabled: '1' } })).map(
        (i) => i.code,
      ),
    ).toEqual(['ubuntu-noble.amd64', 'ubuntu-jammy.amd64', 'ubuntu-focal.amd64']);
    expect(
      (await api.accounts.listSubAccounts({ client_id: 293, filters: { name: 'harbour' } })).data.map((a) => a.name),
    ).toEqual(['Harbour Design Ltd', 'Harbour Freight Ltd', 'Harbour Trading Staff Club']);
    expect((await rejection(api.servers.listImages({ filters: { location: 'LHR1' } }))).serviceMessage).toBe(
      'Invalid location.',
    );
    expect(
      Object.keys(
        await api.dns.listIps({ client_id: 293, filters: { page_size: 3, page_number: 2, sort_by: 'ip_addr' } }),
      ),
    ).toEqual(['198.51.100.30', '198.51.100.99', '2001:db8:10::10']);
    expect((await api.dns.listTemplates({ client_id: 293 })).map((t) => [t.template_name, t.domain_count])).toEqual([
      ['Web and mail', '2'],
      ['Mail only', '0'],
      ['Parked', '1'],
    ]);
  });

  it('an SSH key added is read back, with its users when asked', async () => {
    const api = client('flow-ssh', { multipart: true });
    const content = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop';
    const { key_id } = await api.sshKeys.add({
      client_id: 293,
      label: 'laptop@aroha',
      content,
      params: { custom_image_access: 1 },
    });
    // The id as the answer gives it (a string of digits), and as a number: the same key (issue 37).
    const key = await api.sshKeys.get({ client_id: 293, key_id });
    expect(key).toMatchObject({ id: key_id, label: 'laptop@aroha', content, custom_image_access: true });
    expect(key.users).toBeUndefined();
    expect(await api.sshKeys.get({ client_id: 293, key_id: Number(key_id) })).toEqual(key);
    expect((await api.sshKeys.get({ client_id: key.client_id, key_id: key.id, include_users: 1 })).users).toEqual([]);
    expect((await rejection(api.sshKeys.add({ client_id: 293, label: 'x', content: 'hello' }))).serviceMessage).toBe(
      'Invalid SSH key.',
    );
  });

  it('every identifier an answer gives is taken back as it is, and finds what its number finds', async () => {
    const api = client('flow-ids');
    const [template] = await api.dns.listTemplates({ client_id: 293 });
    const { client_id, template_id } = template!;
    expect([client_id, template_id]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    const zones = await api.dns.listDomainsUsingTemplate({ client_id, template_id });
    expect(Object.keys(zones).length).toBeGreaterThan(0);
    expect(
      await api.dns.listDomainsUsingTemplate({ client_id: Number(client_id), template_id: Number(template_id) }),
    ).toEqual(zones);
    const contact = await api.domains.updateContact({ client_id, contact_id: '3311', params: { City: 'Nelson' } });
    // The same contact, its number for its text; an update stamps date_updated, maybe a second later.
    expect(await api.domains.updateContact({ client_id: 293, contact_id: Number(contact.ContactID) })).toEqual({
      ...contact,
      date_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    await api.domains.create({
      client_id: contact.ClientID,
      domain: 'round-trip.co.nz',
      term: 12,
      registrant_contact: contact.ContactID,
      params: { AdminContact: contact.ContactID, TechContact: '3310', BillingContact: 3310 },
    });
    const domain = await api.domains.get({ client_id, domain: 'round-trip.co.nz' });
    expect(domain).toMatchObject({ RegistrantContactID: '3311', AdminContactID: '3311', TechnicalContactID: '3310' });
    // What get_domain answers, taken back as it is.
    await api.domains.create({
      client_id: domain.ClientID,
      domain: 'round-trip-2.co.nz',
      term: 12,
      registrant_contact: domain.RegistrantContactID,
      params: { AdminContact: domain.AdminContactID, TechContact: domain.TechnicalContactID },
    });
    expect(await api.domains.get({ client_id, domain: 'round-trip-2.co.nz' })).toMatchObject({
      RegistrantContactID: '3311',
      TechnicalContactID: '3310',
    });
  });

  it('update_contact merges what is sent into the contact', async () => {
    const api = client('flow-contact');
    await api.domains.updateContact({
      client_id: 293,
      contact_id: 3310,
      params: { Phone: { Country: '64', Area: '9', Local: '3095550' } },
    });
    const contact = await api.domains.updateContact({
      client_id: 293,
      contact_id: 3310,
      params: { City: 'Wellington', PostCode: '6011' },
    });
    expect(contact).toMatchObject({
      Name: 'Aroha Ngata',
      City: 'Wellington',
      PostCode: '6011',
      PhoneLocal: '3095550',
      Phone: '+64.93095550',
      Email: 'hostmaster@example.co.nz',
    });
  });

  it('upgrades change what list_servers reports; a locked or unknown server, an unknown plan are refused', async () => {
    const api = client('flow-upgrades');
    expect(
      await api.servers.upgrade({ client_id: 293, name: 'web01', upgrade: { cores: 4, disk: { xvda1: 120 } } }),
    ).toEqual({ cores: true, disk: { xvda1: true } });
    await api.servers.upgradePlan({ client_id: 293, name: 'cloud02', plan: 'CLD-8G' });
    const servers = Object.fromEntries((await api.servers.list({ client_id: 293 })).data.map((s) => [s.name, s]));
    expect(servers.web01).toMatchObject({ cores: '4', disk: 120 });
    expect(servers.cloud02).toMatchObject({
      product_code: 'CLD-8G',
      product_name: 'Cloud Container Server 8 GB',
      ram: '8192',
    });
    expect(
      (await rejection(api.servers.upgrade({ client_id: 293, name: 'db01', upgrade: { cores: 8 } }))).serviceMessage,
    ).toBe('Server is locked and cannot be upgraded.');
    expect(
      (await rejection(api.servers.upgradePlan({ client_id: 293, name: 'web42', plan: 'VPS-8G' }))).serviceMessage,
    ).toBe('Server not found.');
    expect(
      (await rejection(api.servers.upgradePlan({ client_id: 293, name: 'web01', plan: 'VPS-9G' }))).serviceMessage,
    ).toBe('The selected plan is not an upgrade for this server.');
  });

  it('update_soa refuses a zone the account does not have', async () => {
    const api = client('flow-soa');
    const soa = {
      client_id: 293,
      ns: 'ns1.hostapi.example',
      email: 'hostmaster@example.co.nz',
      refresh: 10800,
      retry: 3600,
      expire: 604800,
      minimum: 3600,
      ttl: 3600,
    };
    expect(await api.dns.updateSoa({ ...soa, domain: 'example.co.nz' })).toMatchObject({ msg: 'SOA record updated.' });
    expect((await rejection(api.dns.updateSoa({ ...soa, domain: 'not-ours.co.nz' }))).serviceMessage).toBe(
      'Domain not found.',
    );
  });

  it('stack backup and copy start fresh jobs; the copy is a new stack; cloud/db/get finds databases', async () => {
    const api = client('flow-cloud');
    const backups = [
      await api.cloud.backupStack({ client_id: 293, server: 'cloud01', name: 'shop', containers: ['shop-web'] }),
      await api.cloud.backupStack({ client_id: 293, server: 'cloud01', name: 'shop' }),
    ];
    expect(new Set(backups.map((b) => b.job_id)).size).toBe(2);
    const copy = await api.cloud.copyStack({
      client_id: 293,
      source_server: 'cloud01',
      name: 'shop',
      destination_server: 'cloud01',
      label: 'Shop staging',
      params: {
        copy_env_file: 1,
        databases: [{ clone_db_from: 'shop', mysql_host: 'mysql8', db_name: 'shop_staging' }],
      },
    });
    expect(copy.destination_stack).toBe('shop-staging');
    expect(backups.map((b) => b.job_id)).not.toContain(copy.job_id);
    expect((await api.cloud.backupStack({ client_id: 293, server: 'cloud01', name: 'shop-staging' })).job_id).toMatch(
      /^\d+$/,
    );
    expect(
      await api.cloud.getDatabase({ client_id: 293, server_name: 'cloud01', mysql_host: 'mysql8', database: 'shop' }),
    ).toMatchObject({ db_name: 'shop', server_id: '10430' });
    expect(
      (
        await api.cloud.getDatabase({
          client_id: 293,
          server_name: 'cloud01',
          mysql_host: 'mysql8',
          database: 'shop_staging',
        })
      ).db_name,
    ).toBe('shop_staging');
    expect(
      (
        await rejection(
          api.cloud.getDatabase({ client_id: 293, server_name: 'cloud01', mysql_host: 'mysql57', database: 'shop' }),
        )
      ).serviceMessage,
    ).toBe('Database not found.');
    expect(
      (await rejection(api.cloud.backupStack({ client_id: 293, server: 'cloud01', name: 'blog' }))).serviceMessage,
    ).toBe('Stack not found.');
  });

  it('bandwidth answers the days between params[from] and params[to]', async () => {
    const api = client('flow-bandwidth');
    const from = String(Date.parse('2026-10-30T00:00:00Z') / 1000);
    const to = String(Date.parse('2026-11-02T23:59:59Z') / 1000);
    const usage = await api.bandwidth.getUsageByDay({
      client_id: 293,
      ip_addr: '198.51.100.30/32',
      params: { from, to },
    });
    expect(Object.keys(usage['198.51.100.30/32']!)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(
      (await rejection(api.bandwidth.getUsageByDay({ client_id: 293, ip_addr: '8.8.8.8/32' }))).serviceMessage,
    ).toBe('IP address not found.');
  });

  it('reads of what does not exist answer the documented failure, never a record', async () => {
    const api = client('flow-missing');
    const failures = await Promise.all([
      rejection(api.sshKeys.get({ client_id: 293, key_id: 999 })),
      rejection(api.domains.get({ client_id: 293, domain: 'nobody.co.nz' })),
      rejection(api.dns.listDomainsUsingTemplate({ client_id: 293, template_id: 999 })),
      rejection(api.mail.listDomains({ client_id: 293, server_name: 'mail99' })),
      rejection(api.servers.list({ client_id: 294 })),
    ]);
    expect(failures.map((f) => [f.constructor.name, f.serviceMessage])).toEqual([
      ['ApiError', 'SSH key not found.'],
      ['ApiError', 'Domain not found.'],
      ['ApiError', 'Template not found.'],
      ['ApiError', 'Server not found.'],
      ['ApiError', 'Client not found.'],
    ]);
  });
});

describe('requests are read as in the default mode', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  // Refusals and the live service's leniency (gosh's requests), sent to both modes alike.
  const requests: Array<[string, string, RequestInit?]> = [
    ['no key (GET)', '/1.3/server/list_servers.json?client_id=293'],
    [
      'no key (POST)',
      '/1.2/ssh/key/add.json',
      { method: 'POST', headers: form, body: 'client_id=293&label=x&content=y' },
    ],
    ['a required field missing', '/1.5/cloud/db/get.json?apikey=k&client_id=293&mysql_host=mysql8'],
    ['an ill-typed field', '/1.3/server/list_servers.json?apikey=k&client_id=abc'],
    ['a value outside an enumeration', '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state]=Running'],
    ['a page number of 0', '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[page_number]=0'],
    ['a malformed bracket', '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[state=On'],
    ['a field twice, different values', '/1.3/server/list_servers.json?apikey=k&client_id=293&client_id=294'],
    [
      'a JSON body',
      '/1.2/ssh/key/add.json',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"apikey":"k"}' },
    ],
    ['an unknown path', '/1.3/server/delete_servers.json?apikey=k'],
    ['a wrong method', '/1.3/server/list_servers.json?apikey=k&client_id=293', { method: 'DELETE' }],
    ['version 1.5 for every call (gosh)', '/1.5/server/list_servers.json?apikey=k&client_id=293&'],
    [
      'key and client_id in the query of a POST (gosh)',
      '/1.5/srs/update_contact.json?apikey=k&client_id=293',
      { method: 'POST', headers: form, body: 'client_id=293&contact_id=3310&params%5BCity%5D=Nelson' },
    ],
    ['an unknown filter', '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[stat]=On'],
  ];

  it.each(requests)('%s: the same status, refusal and sl-violations', async (_what, path, init) => {
    const examples = await startMock({});
    try {
      const [plain, sandboxed] = await Promise.all(
        [examples.url, mock.url].map(async (base) => {
          const response = await fetch(base + path, init);
          const body = await response.json();
          return {
            status: response.status,
            violations: response.headers.get('sl-violations'),
            refusal: response.status >= 300 ? body : undefined,
          };
        }),
      );
      expect(sandboxed).toEqual(plain);
    } finally {
      await examples.close();
    }
  });
});

describe('per API key', () => {
  it("two keys do not see each other's writes", async () => {
    const [a, b] = [client('isolation-a'), client('isolation-b')];
    const { key_id } = await a.sshKeys.add({ client_id: 293, label: 'only-a', content: 'ssh-ed25519 AAAA only-a' });
    await a.servers.upgrade({ client_id: 293, name: 'web01', upgrade: { cores: 8 } });
    await a.domains.create({ client_id: 293, domain: 'only-a.co.nz', term: 12, registrant_contact: 3310 });
    expect((await rejection(b.sshKeys.get({ client_id: 293, key_id }))).serviceMessage).toBe('SSH key not found.');
    expect(extra((await b.servers.list({ client_id: 293, filters: { name: 'web01' } })).data[0]!, 'cores')).toBe('2');
    expect((await b.domains.checkAvailability({ client_id: 293, domain: 'only-a.co.nz' })).available).toBe(true);
    expect((await a.sshKeys.get({ client_id: 293, key_id })).label).toBe('only-a');
  });

  it('reset(key) and POST /__sandbox/reset?apikey=<key> restore that key only', async () => {
    const [a, b] = [client('reset-a'), client('reset-b')];
    for (const api of [a, b]) await api.servers.upgrade({ client_id: 293, name: 'web01', upgrade: { cores: 8 } });
    const cores = async (api: typeof a) =>
      extra((await api.servers.list({ client_id: 293, filters: { name: 'web01' } })).data[0]!, 'cores');
    await mock.reset!('reset-a');
    expect([await cores(a), await cores(b)]).toEqual(['2', '8']);
    await a.servers.upgrade({ client_id: 293, name: 'web01', upgrade: { cores: 8 } });
    const response = await fetch(`${mock.url}/__sandbox/reset?apikey=reset-b`, { method: 'POST' });
    expect(response.status).toBe(204);
    expect([await cores(a), await cores(b)]).toEqual(['8', '2']);
  });
});

describe('fault injection over HTTP', () => {
  it("Prefer: rate-limit answers the service's HTTP 500, which the client reads as RateLimitError", async () => {
    const limited = client('faults-rate', { prefer: 'rate-limit=0' });
    const error = await rejection(limited.servers.list({ client_id: 293 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.status).toBe(500);
  });

  it("Prefer: latency delays the answer past the client's timeout", async () => {
    const slow = client('faults-latency', { prefer: 'latency=1500', timeoutMs: 300 });
    expect(await rejection(slow.servers.list({ client_id: 293 }))).toBeInstanceOf(TimeoutError);
  });

  it("Prefer: example and code still select the description's examples", async () => {
    const api = client('faults-examples', { prefer: 'example=clientNotFound' });
    expect((await rejection(api.servers.list({ client_id: 293 }))).serviceMessage).toBe('Client not found.');
    const limited = client('faults-examples', { prefer: 'code=500, example=rateLimitedWithStatus' });
    expect(await rejection(limited.domains.getPricingTiers({ client_id: 293 }))).toBeInstanceOf(RateLimitError);
  });

  it('answers of every operation were checked against their schema on the way', () => {
    expect([...new Set(checked)].sort()).toEqual(Object.keys(operations).sort());
  });
});
