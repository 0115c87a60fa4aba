// The exact bytes on the wire for every operation: query strings, URL-encoded bodies and
// multipart bodies, written out by hand here and compared with what a local server received.
import { deref, operationsOf, readBundle, type Node } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostApiClient, type HostApiClient, OPERATIONS } from '../src/index.js';
import { createPathClient, type PathClient } from '../src/paths.js';
import { multipartFields, startCaptureServer, type CaptureServer } from './support/capture-server.js';

const KEY = 'sk_live_9f8e7d6c5b4a';

interface Case {
  /** `group.method` of the operation method. */
  call: string;
  input: Record<string, unknown>;
  /** GET: path and query. POST: the URL-encoded body. */
  wire: string;
}

// Inputs list their fields in a scrambled order on purpose: the wire order must not depend on it.
const CASES: Case[] = [
  {
    call: 'servers.listImages',
    input: {
      filters: {
        page_number: 1,
        page_size: 50,
        sort_dir: 'ASC',
        sort_by: 'name',
        location: 'AKL1',
        include_disabled: '1',
        os: 'ubuntu',
        type: 'distro',
      },
    },
    wire:
      '/1.5/server/list_images.json?apikey=sk_live_9f8e7d6c5b4a&filters[page_number]=1&filters[page_size]=50' +
      '&filters[sort_dir]=ASC&filters[sort_by]=name&filters[location]=AKL1&filters[include_disabled]=1' +
      '&filters[os]=ubuntu&filters[type]=distro',
  },
  {
    call: 'servers.list',
    input: { client_id: 293, filters: { state: 'On', product_type: 'LINVPS', updated_since: '2026-01-01 00:00:00' } },
    wire:
      '/1.3/server/list_servers.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&filters[state]=On' +
      '&filters[product_type]=LINVPS&filters[updated_since]=2026-01-01%2000%3A00%3A00',
  },
  {
    call: 'dns.listIps',
    input: { filters: { page_size: 100 }, client_id: 293 },
    wire: '/1.5/dns/list_ips.json?apikey=sk_live_9f8e7d6c5b4a&filters[page_size]=100&client_id=293',
  },
  {
    call: 'dns.listDomainsUsingTemplate',
    input: { client_id: 293, template_id: 12 },
    wire: '/1.5/dns/list_domains_using_template.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&template_id=12',
  },
  {
    call: 'dns.listTemplates',
    input: { client_id: 293 },
    wire: '/1.5/dns/domain_templates/list_templates.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293',
  },
  {
    call: 'domains.getPricingTiers',
    input: { client_id: 293 },
    wire: '/1.2/srs/get_pricing_tiers.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293',
  },
  {
    call: 'domains.get',
    input: { client_id: 293, domain: 'example.co.nz' },
    wire: '/1.3/srs/get_domain.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=example.co.nz',
  },
  {
    call: 'domains.checkAvailability',
    input: { client_id: 293, domain: 'harbourtrading.com', additional_tlds: ['net', 'co.nz'], suggest: 1 },
    wire:
      '/1.3/srs/domain_tlds_available.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=harbourtrading.com' +
      '&additional_tlds[0]=net&additional_tlds[1]=co.nz&suggest=1',
  },
  {
    call: 'accounts.listSubAccounts',
    input: { client_id: 293, filters: { name: 'Harbour & Co', include_closed: 1 } },
    wire:
      '/1.2/accounts/client/list_sub_accounts.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293' +
      '&filters[name]=Harbour%20%26%20Co&filters[include_closed]=1',
  },
  {
    call: 'sshKeys.get',
    input: { client_id: 293, key_id: 41, include_users: 1 },
    wire: '/1.3/ssh/key/get.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&key_id=41&include_users=1',
  },
  {
    call: 'cloud.getDatabase',
    input: { client_id: 293, server_name: 'cloud01', mysql_host: 'mysql8', database: 'shop' },
    wire:
      '/1.5/cloud/db/get.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&server_name=cloud01&mysql_host=mysql8' +
      '&database=shop',
  },
  {
    call: 'bandwidth.getUsageByDay',
    input: { client_id: 293, ip_addr: '203.0.113.10/32', params: { from: '1762300800', to: '1762473600' } },
    wire:
      '/1.5/bandwidth/get_usage_by_day.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&ip_addr=203.0.113.10%2F32' +
      '&params[from]=1762300800&params[to]=1762473600',
  },
  {
    call: 'mail.listDomains',
    input: { client_id: 293, server_name: 'mail01' },
    wire: '/1.3/mail/list_domains.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&server_name=mail01',
  },
  {
    call: 'servers.upgrade',
    input: { upgrade: { disk: { xvda1: 120, xvdb: 200 }, cores: 4 }, name: 'web01', client_id: 293 },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&name=web01&upgrade[cores]=4&upgrade[disk][xvda1]=120' +
      '&upgrade[disk][xvdb]=200',
  },
  {
    call: 'servers.upgradePlan',
    input: { plan: 'VPS-8G', name: 'web01', client_id: 293 },
    wire: 'apikey=sk_live_9f8e7d6c5b4a&client_id=293&name=web01&plan=VPS-8G',
  },
  {
    call: 'dns.updateSoa',
    input: {
      ttl: 3600,
      minimum: 3600,
      expire: 604800,
      retry: 3600,
      refresh: 10800,
      email: 'hostmaster@example.co.nz',
      ns: 'ns1.hostapi.example',
      domain: 'example.co.nz',
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=example.co.nz&ns=ns1.hostapi.example' +
      '&email=hostmaster%40example.co.nz&refresh=10800&retry=3600&expire=604800&minimum=3600&ttl=3600',
  },
  {
    call: 'domains.create',
    input: {
      params: { protect: '1', TechContact: 3311, AdminContact: 3310, RegisterExpired: 0 },
      registrant_contact: 3310,
      term: 12,
      domain: 'harbourtrading.com',
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=harbourtrading.com&term=12&registrant_contact=3310' +
      '&params[RegisterExpired]=0&params[AdminContact]=3310&params[TechContact]=3311&params[protect]=1',
  },
  {
    call: 'domains.cancel',
    input: { domain: 'oldbrand.co.nz', client_id: 293 },
    wire: 'apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=oldbrand.co.nz',
  },
  {
    call: 'domains.updateContact',
    input: {
      params: {
        Mobile: { Local: '5550123', Country: '64' },
        Phone: { Extension: '', Local: '3095550', Area: '9', Country: '64' },
        City: 'Ōtautahi',
        Name: 'Aroha Ngata',
      },
      contact_id: 3310,
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&contact_id=3310&params[Name]=Aroha%20Ngata' +
      '&params[City]=%C5%8Ctautahi&params[Phone][Country]=64&params[Phone][Area]=9&params[Phone][Local]=3095550' +
      '&params[Phone][Extension]=&params[Mobile][Country]=64&params[Mobile][Local]=5550123',
  },
  {
    call: 'sshKeys.add',
    input: {
      params: { custom_image_access: '1' },
      content: 'ssh-ed25519 AAAAC3Nz+/= aroha@laptop',
      label: 'laptop@aroha',
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&label=laptop%40aroha' +
      '&content=ssh-ed25519%20AAAAC3Nz%2B%2F%3D%20aroha%40laptop&params[custom_image_access]=1',
  },
  {
    call: 'cloud.backupStack',
    input: {
      params: { label: 'before upgrade' },
      containers: ['shop-web', 'shop-worker'],
      name: 'shop',
      server: 'cloud01',
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&server=cloud01&name=shop&containers[0]=shop-web' +
      '&containers[1]=shop-worker&params[label]=before%20upgrade',
  },
  {
    call: 'cloud.copyStack',
    input: {
      params: {
        database_users: [
          {
            database: 'shop_staging',
            password: 'p&ss=w0rd',
            username: 'shop_staging_app',
            mysql_host: 'mysql8',
            clone_grants_from: 'shop_app',
          },
        ],
        databases: [{ db_name: 'shop_staging', clone_db_from: 'shop', mysql_host: 'mysql8', origin_container: 'c8a1' }],
        shutdown: 0,
        copy_env_file: 1,
        'the service': ['web', 'worker'],
      },
      label: 'Shop staging',
      destination_server: 'cloud01',
      name: 'shop',
      source_server: 'cloud01',
      client_id: 293,
    },
    wire:
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01' +
      '&label=Shop%20staging' +
      '&params[the%20service][]=web&params[the%20service][]=worker&params[copy_env_file]=1&params[shutdown]=0' +
      '&params[databases][0][clone_db_from]=shop&params[databases][0][mysql_host]=mysql8' +
      '&params[databases][0][db_name]=shop_staging&params[databases][0][origin_container]=c8a1' +
      '&params[database_users][0][clone_grants_from]=shop_app&params[database_users][0][mysql_host]=mysql8' +
      '&params[database_users][0][username]=shop_staging_app&params[database_users][0][password]=p%26ss%3Dw0rd' +
      '&params[database_users][0][database]=shop_staging',
  },
];

let server: CaptureServer;
let api: HostApiClient;
let paths: PathClient;
beforeAll(async () => {
  server = await startCaptureServer();
  api = createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: 0 });
  paths = createPathClient({ apiKey: KEY, baseUrl: server.url, retries: 0 });
});
afterAll(() => server.close());

const methodOf = (client: HostApiClient, call: string) => {
  const [group, name] = call.split('.') as [string, string];
  return (client as any)[group][name] as (input: unknown, options?: unknown) => Promise<unknown>;
};
const operationOf = (call: string) => Object.values(OPERATIONS).find((operation) => operation.call === call)!;
/** The [name, value] pairs a URL-encoded text stands for. */
const decode = (text: string) =>
  text.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
const last = () => server.requests.at(-1)!;

describe('every operation is covered', () => {
  it('one case per operation method', () => {
    const all = Object.values(OPERATIONS).map((operation) => operation.call);
    expect(CASES.map((c) => c.call).sort()).toEqual(all.sort());
  });
});

describe.each(CASES)('$call', ({ call, input, wire }) => {
  const { method, path } = operationOf(call);

  if (method === 'GET') {
    it('operation method: the exact query, apikey first', async () => {
      await methodOf(api, call)(input);
      expect(last().method).toBe('GET');
      expect(last().url).toBe(wire);
      expect(last().body.length).toBe(0);
    });

    it('typed path client: the same bytes', async () => {
      await paths.GET(path as never, { params: { query: input } } as never);
      expect(last().url).toBe(wire);
    });
  } else {
    it('operation method, URL-encoded: the exact body, fields in the spec order, apikey first', async () => {
      await methodOf(api, call)(input);
      expect(last().method).toBe('POST');
      expect(last().url).toBe(path);
      expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(last().body.toString('utf8')).toBe(wire);
    });

    it('operation method, multipart: the same fields in the same order', async () => {
      await methodOf(api, call)(input, { multipart: true });
      expect(last().headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(await multipartFields(last())).toEqual(decode(wire));
    });

    it('typed path client, both encodings: the same bytes', async () => {
      await paths.POST(path as never, { body: input } as never);
      expect(last().body.toString('utf8')).toBe(wire);
      const multipart = createPathClient({ apiKey: KEY, baseUrl: server.url, multipart: true });
      await multipart.POST(path as never, { body: input } as never);
      expect(await multipartFields(last())).toEqual(decode(wire));
    });
  }
});

describe("every yes/no input (each `$ref` to the spec's Switch) goes out as 1 or 0", () => {
  const doc = readBundle();
  /** [wire name, path of keys] of every Switch in an input schema. */
  function switchesIn(schema: Node, keys: string[] = []): string[][] {
    if (schema.$ref === '#/components/schemas/Switch') return [keys];
    const s = deref(doc, schema);
    return Object.entries((s.properties ?? {}) as Record<string, Node>).flatMap(([key, value]) =>
      switchesIn(value, [...keys, key]),
    );
  }
  const cases = operationsOf(doc).flatMap(({ path, method, op }) => {
    const input =
      method === 'get'
        ? (op.parameters as Node[]).map((p) => deref(doc, p)).flatMap((p: Node) => switchesIn(p.schema, [p.name]))
        : switchesIn(deref(doc, op.requestBody).content['application/x-www-form-urlencoded'].schema);
    return input.map((keys) => ({
      operation: op.operationId as string,
      call: op['x-client-method'] as string,
      path,
      method,
      keys,
      example: exampleInput(doc, op, method),
    }));
  });
  const wireName = ([first, ...rest]: string[]) => first + rest.map((k) => `[${k}]`).join('');
  const withValue = (example: Record<string, unknown>, keys: string[], value: unknown): Record<string, unknown> => {
    const [key, ...rest] = keys as [string, ...string[]];
    return {
      ...example,
      [key]: rest.length ? withValue((example[key] ?? {}) as Record<string, unknown>, rest, value) : value,
    };
  };

  // spec/test/operations.test.ts holds every 1/0 input of the description to the Switch.
  it('finds them, nested ones included', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.some((c) => c.keys.length > 1)).toBe(true);
  });

  it.each(cases.map((c) => [`${c.call} ${wireName(c.keys)}`, c] as const))(
    '%s',
    async (_name, { call, path, method, keys, example }) => {
      for (const [value, wire] of [
        [true, '1'],
        [false, '0'],
        [1, '1'],
        [0, '0'],
      ] as const) {
        const input = withValue(example, keys, value);
        await methodOf(api, call)(input);
        const sent = method === 'get' ? last().url.split('?')[1]! : last().body.toString();
        expect(decode(sent)).toContainEqual([wireName(keys), wire]);
        if (method === 'get') await paths.GET(path as never, { params: { query: input } } as never);
        else await paths.POST(path as never, { body: input } as never);
        const again = method === 'get' ? last().url.split('?')[1]! : last().body.toString();
        expect(again).toBe(sent);
      }
    },
  );
});

describe('unusual values', () => {
  const send = async (input: Record<string, unknown>) => {
    await paths.POST('/1.2/srs/update_contact.json', { body: { client_id: 293, contact_id: 3310, ...input } } as never);
    return last().body.toString('utf8').replace('apikey=sk_live_9f8e7d6c5b4a&client_id=293&contact_id=3310', '');
  };

  it('spaces, &, =, +, %, #, unicode and emoji are percent-encoded', async () => {
    expect(await send({ params: { Name: 'A & B = C+D 100% #1 Ōtautahi 🚀' } })).toBe(
      '&params[Name]=A%20%26%20B%20%3D%20C%2BD%20100%25%20%231%20%C5%8Ctautahi%20%F0%9F%9A%80',
    );
  });

  it('empty strings and zero are sent; undefined and null are left out', async () => {
    expect(await send({ params: { Name: '', Email: undefined, Organization: null, PostCode: 0 } })).toBe(
      '&params[Name]=&params[PostCode]=0',
    );
  });

  it('an identifier given as the string an answer gives goes out as the same digits as the number', async () => {
    const wire = (text: string) => `/1.3/ssh/key/get.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&key_id=${text}`;
    await api.sshKeys.get({ client_id: '293', key_id: '42' });
    expect(last().url).toBe(wire('42'));
    await api.sshKeys.get({ client_id: 293, key_id: 42 });
    expect(last().url).toBe(wire('42'));
    await paths.GET('/1.3/ssh/key/get.json', { params: { query: { client_id: '293', key_id: '42' } } });
    expect(last().url).toBe(wire('42'));
    const form = { client_id: '293', domain: 'x.nz', term: 12, registrant_contact: '3310' };
    await api.domains.create({ ...form, params: { AdminContact: '3311' } });
    const sent = last().body.toString('utf8');
    await api.domains.create({
      client_id: 293,
      domain: 'x.nz',
      term: 12,
      registrant_contact: 3310,
      params: { AdminContact: 3311 },
    });
    expect(last().body.toString('utf8')).toBe(sent);
    expect(sent).toBe(
      'apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=x.nz&term=12&registrant_contact=3310&params[AdminContact]=3311',
    );
  });

  it('booleans go out as 1 and 0', async () => {
    await paths.GET('/1.3/ssh/key/get.json', {
      params: { query: { client_id: 293, key_id: 41, include_users: true } },
    } as never);
    expect(last().url).toBe(
      '/1.3/ssh/key/get.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293&key_id=41&include_users=1',
    );
    await paths.POST('/1.1/cloud/stack/copy.json', { body: { client_id: 1, params: { shutdown: false } } } as never);
    expect(last().body.toString()).toBe('apikey=sk_live_9f8e7d6c5b4a&client_id=1&params[shutdown]=0');
  });

  it('fields the spec does not name are kept, after the known ones', async () => {
    expect(await send({ params: { Extra: 'x', Name: 'N' }, later: 'y' })).toBe(
      '&params[Name]=N&params[Extra]=x&later=y',
    );
  });

  it('unicode in multipart arrives intact', async () => {
    await paths.POST('/1.2/srs/update_contact.json', {
      body: { client_id: 293, contact_id: 1, params: { City: 'Ōtautahi 🚀 & =' } },
      multipart: true,
    } as never);
    expect(await multipartFields(last())).toContainEqual(['params[City]', 'Ōtautahi 🚀 & =']);
  });

  it('an apikey given by the caller cannot move or replace the configured one', async () => {
    await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293, apikey: 'other' } } } as never);
    expect(last().url).toBe('/1.5/dns/list_ips.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293');
    await api.dns.listIps({ apikey: 'other', client_id: 293 } as never);
    expect(last().url).toBe('/1.5/dns/list_ips.json?apikey=sk_live_9f8e7d6c5b4a&client_id=293');
    await api.domains.cancel({ client_id: 293, domain: 'x.nz', apikey: 'other' } as never);
    expect(last().body.toString()).toBe('apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=x.nz');
  });

  it('a field named __proto__ (as JSON.parse gives it) goes out alike in both bodies', async () => {
    const input = JSON.parse('{"client_id": 293, "domain": "x.nz", "__proto__": {"x": "1"}}');
    await api.domains.cancel(input);
    expect(last().body.toString()).toBe('apikey=sk_live_9f8e7d6c5b4a&client_id=293&domain=x.nz&__proto__[x]=1');
    await api.domains.cancel(input, { multipart: true });
    expect(await multipartFields(last())).toEqual([
      ['apikey', KEY],
      ['client_id', '293'],
      ['domain', 'x.nz'],
      ['__proto__[x]', '1'],
    ]);
  });

  it('values that cannot be sent are refused with the field and operation named, before anything is sent', async () => {
    const before = server.requests.length;
    const upgrade = methodOf(api, 'servers.upgrade');
    await expect(upgrade({ client_id: 1, name: 'web01', upgrade: { cores: Number.NaN } })).rejects.toThrow(
      'upgradeServer: upgrade[cores]: cannot send the number NaN',
    );
    await expect(
      methodOf(api, 'servers.list')({ client_id: 1, filters: { updated_since: new Date(0) } }),
    ).rejects.toThrow(/^listServers: filters\[updated_since\]: cannot send Date/);
    await expect(upgrade({ client_id: 1, name: () => 'x' })).rejects.toThrow(
      'upgradeServer: name: cannot send a function',
    );
    expect(server.requests.length).toBe(before);
  });
});
