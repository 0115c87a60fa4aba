// The sandbox's fixture: the built-in file holds the account the issue describes, a copy as
// JSON or YAML works the same, and a bad fixture is refused with the record and field named.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dump as stringify } from 'js-yaml';
import { BUILT_IN_FIXTURE } from '../src/node/files.ts';
import { FixtureError } from '../src/engine/sandbox/fixture.ts';
import { createSandbox } from './sandbox-support.js';
import { builtInFixture, document, type Node } from './sandbox-support.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-fixture-'));
let files = 0;
/** A fixture file with `text` in it. */
function file(text: string, extension = 'yaml') {
  const path = join(dir, `fixture-${files++}.${extension}`);
  writeFileSync(path, text);
  return path;
}
/** The built-in fixture with one change made by `edit`. */
function edited(edit: (fixture: Node) => void) {
  const fixture = structuredClone(builtInFixture);
  edit(fixture);
  return fixture;
}
/** The problems a fixture is refused with. */
async function problems(fixture: string | Node): Promise<string[]> {
  try {
    await createSandbox({ document, fixture });
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError);
    return (error as FixtureError).problems;
  }
  throw new Error('the fixture was accepted');
}

describe('the built-in fixture', () => {
  const f = builtInFixture;

  it("is the account of client 293 that the description's examples show", () => {
    expect(f.client_id).toBe('293');
    expect(f.servers.map((s: Node) => s.name)).toEqual(expect.arrayContaining(['web01', 'db01', 'cloud01', 'mail01']));
    expect(f.ssh_keys.map((k: Node) => k.id)).toContain('41');
    expect(f.registered_domains.map((d: Node) => d.Domain)).toEqual(
      expect.arrayContaining(['example.co.nz', 'oldbrand.co.nz']),
    );
  });

  it('holds what the issue asks for', () => {
    const distinct = (values: unknown[]) => new Set(values).size;
    expect(f.servers.length).toBeGreaterThanOrEqual(5);
    expect(distinct(f.servers.map((s: Node) => s.state))).toBeGreaterThanOrEqual(3);
    expect(distinct(f.servers.map((s: Node) => s.location))).toBeGreaterThanOrEqual(3);
    expect(distinct(f.servers.map((s: Node) => s.product_type))).toBeGreaterThanOrEqual(5);
    expect(f.images.length).toBeGreaterThan(2);
    const assigned = f.ips.filter((ip: Node) => ip.server_id);
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.length).toBeLessThan(f.ips.length);
    expect(f.dns_templates.length).toBeGreaterThan(1);
    expect(f.dns_domains.length).toBeGreaterThan(1);
    expect(Object.values(f.mail_domains).flat().length).toBeGreaterThan(1);
    expect(f.sub_accounts.some((a: Node) => a.closed === '0000-00-00')).toBe(true);
    expect(f.sub_accounts.some((a: Node) => a.closed !== '0000-00-00')).toBe(true);
    expect(f.ssh_keys.length).toBeGreaterThan(1);
    expect(f.registered_domains.length).toBeGreaterThan(1);
    expect(f.contacts.length).toBeGreaterThan(1);
    expect(f.pricing_tiers.length).toBeGreaterThan(1);
    // bandwidth for several of the fixture's addresses over a few weeks
    const addresses = new Set(f.ips.map((ip: Node) => ip.ip_addr));
    expect(Object.keys(f.bandwidth).length).toBeGreaterThan(1);
    for (const [address, days] of Object.entries(f.bandwidth as Node)) {
      expect(addresses.has(address.split('/')[0])).toBe(true);
      expect(Object.keys(days).length).toBeGreaterThanOrEqual(14);
    }
  });

  it('is the default, and a copy as JSON or YAML is the same fixture', async () => {
    const call = async (fixture?: string) =>
      (await createSandbox({ document, ...(fixture ? { fixture } : {}) })).answer({
        operationId: 'listServers',
        apiKey: 'k',
        fields: { client_id: '293' },
      });
    const expected = await call(BUILT_IN_FIXTURE);
    expect(await call()).toEqual(expected);
    expect(await call(file(JSON.stringify(builtInFixture), 'json'))).toEqual(expected);
    expect(await call(file(stringify(builtInFixture), 'yml'))).toEqual(expected);
  });
});

describe('a fixture of your own', () => {
  it('needs only client_id: every section left out is empty', async () => {
    const sandbox = await createSandbox({ document, fixture: file("client_id: '4242'\n") });
    const answer = (operationId: string, fields: Node = {}) =>
      sandbox.answer({ operationId, apiKey: 'k', fields: { client_id: '4242', ...fields } });
    expect((await answer('listServers')).body).toEqual({
      return: { total_items: 0, current_items: 0, current_page: 1, total_pages: 1, data: [] },
      msg: 'Successful',
      status: true,
    });
    expect((await answer('listIps')).body).toEqual({ return: [], msg: 'Successful', status: true });
    expect((await answer('listMailDomains', { server_name: 'mail01' })).body).toEqual({
      msg: 'Server not found.',
      status: false,
    });
    expect((await answer('listServers', { client_id: '293' })).body).toEqual({
      msg: 'Client not found.',
      status: false,
    });
  });

  it('takes an object too', async () => {
    const sandbox = await createSandbox({
      document,
      fixture: edited((f) => {
        f.sub_accounts = f.sub_accounts.slice(0, 1);
      }),
    });
    const { body } = await sandbox.answer({
      operationId: 'listSubAccounts',
      apiKey: 'k',
      fields: { client_id: '293' },
    });
    expect((body as Node).return.total_items).toBe(1);
  });
});

describe('a bad fixture is refused with the record and field named', () => {
  it.each([
    [
      'a field breaking its schema',
      (f: Node) => {
        f.servers[2].server_id = 'abc';
      },
      'servers[2] (cloud01): field server_id must match pattern "^[0-9]+$"',
    ],
    [
      'a required field left out',
      (f: Node) => {
        delete f.servers[1].label;
      },
      'servers[1] (db01): field label is required',
    ],
    [
      'a wrong type deep in a record',
      (f: Node) => {
        f.servers[0].primary_ips[1].prefix = 64;
      },
      'servers[0] (web01): field primary_ips[1].prefix must be string',
    ],
    [
      'a value outside an enumeration',
      (f: Node) => {
        f.servers[4].product_type = 'VPS';
      },
      'servers[4] (win01): field product_type must be equal to one of the allowed values',
    ],
    [
      'a wrong type in a map section',
      (f: Node) => {
        f.bandwidth['203.0.113.10/32']['2026-11-05'].DOMESTIC.peak_in = '1520.4';
      },
      'bandwidth["203.0.113.10/32"]: field 2026-11-05.DOMESTIC.peak_in must be number',
    ],
    [
      'a bad record in mail_domains',
      (f: Node) => {
        f.mail_domains.mail01[1].accounts = 'none';
      },
      'mail_domains.mail01[1] (harbourtrading.nz): field accounts must be integer',
    ],
    [
      'a bad client_id',
      (f: Node) => {
        f.client_id = 293;
      },
      'client_id: must be string',
    ],
    [
      'a record of another client',
      (f: Node) => {
        f.ssh_keys[0].client_id = '294';
      },
      'ssh_keys[0] (backup@db01): field client_id is "294" but the fixture\'s client_id is "293"',
    ],
    [
      'a repeated id',
      (f: Node) => {
        f.ssh_keys[1].id = '39';
      },
      'ssh_keys[1] (aroha@laptop-2023): field id repeats "39" of ssh_keys[0]',
    ],
    [
      'an address of no server',
      (f: Node) => {
        f.ips[0].server_id = '99999';
      },
      'ips[0] (203.0.113.10): field server_id "99999" is not a server_id of servers',
    ],
    [
      'a computed field given wrong',
      (f: Node) => {
        f.ips[2].name = 'db02';
      },
      'ips[2] (203.0.113.11): field name is "db02" but server 10422 gives "db01" (leave it out to have it computed)',
    ],
    [
      'a phone that does not join its parts',
      (f: Node) => {
        f.contacts[0].Phone = '+64.99999999';
      },
      'contacts[0] (3310): field Phone is "+64.99999999" but PhoneCountry, PhoneArea, ' +
        'PhoneLocal and PhoneExtension gives "+64.93095000" (leave it out to have it computed)',
    ],
    [
      'a contact count that is wrong',
      (f: Node) => {
        f.contacts[1].DomainCount = '1';
      },
      'contacts[1] (3311): field DomainCount is "1" but ' +
        'registered_domains gives "3" (leave it out to have it computed)',
    ],
    [
      'a domain with an unknown contact',
      (f: Node) => {
        f.registered_domains[0].TechnicalContactID = '1';
      },
      'registered_domains[0] (example.co.nz): field TechnicalContactID "1" is not a ContactID of contacts',
    ],
    [
      'a server on an unknown plan',
      (f: Node) => {
        f.servers[0].product_code = 'VPS-3G';
      },
      'servers[0] (web01): field product_code "VPS-3G" is not a product_code of plans',
    ],
    [
      'a server whose disk is not its partitions',
      (f: Node) => {
        f.servers[0].disk = 81;
      },
      'servers[0] (web01): field disk is 81 but the sum of its partitions gives 80 (leave it out to have it computed)',
    ],
    [
      "a primary address that is not the server's",
      (f: Node) => {
        f.servers[0].primary_ips[0].ip_addr = '203.0.113.11';
      },
      'servers[0] (web01): field primary_ips[0].ip_addr 203.0.113.11 is not an address of this server in ips',
    ],
    [
      'a zone of an unknown template',
      (f: Node) => {
        f.dns_domains[0].template_id = '77';
      },
      'dns_domains[0] (example.co.nz): field template_id "77" is not a template_id of dns_templates (or "0" for none)',
    ],
    [
      'a database on an unknown server',
      (f: Node) => {
        f.databases[2].server_name = 'cloud09';
      },
      'databases[2] (blog): field server_name "cloud09" is not a name of servers',
    ],
    [
      'a stack on an unknown server',
      (f: Node) => {
        f.stacks[0].server = 'cloud09';
      },
      'stacks[0] (shop): field server "cloud09" is not a name of servers',
    ],
    [
      'a field a plan does not have',
      (f: Node) => {
        f.plans[0].price = '10.00';
      },
      'plans[0] (VPS-2G): field price is not a known field',
    ],
    [
      'servers left out that records refer to',
      (f: Node) => {
        delete f.servers;
      },
      'databases[0] (shop): field server_name "cloud01" is not a name of servers',
    ],
    [
      'traffic of an address the client does not have',
      (f: Node) => {
        f.bandwidth['10.0.0.1/32'] = {};
      },
      'bandwidth["10.0.0.1/32"]: 10.0.0.1 is not an ip_addr of ips',
    ],
    [
      'mail domains of an unknown server',
      (f: Node) => {
        f.mail_domains.mail09 = [];
      },
      'mail_domains.mail09: "mail09" is not a name of servers',
    ],
    [
      'an unknown section',
      (f: Node) => {
        f.server = [];
      },
      '"server" is not a section of a fixture (sections: client_id, next_job_id, locations, plans, servers, images, ' +
        'disabled_images, ips, dns_templates, dns_domains, tlds, unavailable_domains, pricing_tiers, ' +
        'registered_domains, contacts, sub_accounts, ssh_keys, databases, stacks, bandwidth, mail_domains)',
    ],
  ])('%s', async (_what, edit, problem) => {
    expect(await problems(edited(edit))).toContain(problem);
  });

  it('names every problem, one a line, in a message that names the file', async () => {
    const path = file(
      stringify(
        edited((f) => {
          delete f.servers[1].label;
          f.servers[2].locked = 'no';
        }),
      ),
    );
    const error = await createSandbox({ document, fixture: path }).then(
      () => undefined,
      (e: unknown) => e as FixtureError,
    );
    expect(error?.message).toBe(
      `Invalid sandbox fixture ${path}:\n  servers[1] (db01): field label is ` +
        `required\n  servers[2] (cloud01): field locked must match pattern "^[01]$"`,
    );
    // references are checked once every record fits its schema, all of them
    expect(
      await problems(
        edited((f) => {
          f.ips[0].server_id = '10422';
          f.stacks[0].server = 'cloud09';
        }),
      ),
    ).toEqual([
      'servers[0] (web01): field primary_ips[0].ip_addr 203.0.113.10 is not an address of this server in ips',
      'stacks[0] (shop): field server "cloud09" is not a name of servers',
    ]);
  });

  it('refuses the example of docs/sandbox.md as it shows', async () => {
    const readme = readFileSync(new URL('../docs/sandbox.md', import.meta.url), 'utf8');
    const shown = /\nCannot start the mock on [^:]+:\d+: Invalid sandbox fixture \S+:\n((?: {2}.*\n)+)/
      .exec(readme)![1]!
      .trimEnd()
      .split('\n')
      .map((line) => line.trim());
    expect(
      await problems(
        edited((f) => {
          delete f.servers[1].label;
          f.ips[0].server_id = '99999';
        }),
      ),
    ).toEqual(shown);
  });

  it('refuses a file that cannot be read or parsed, naming it', async () => {
    expect(await problems(join(dir, 'missing.yaml'))).toEqual([expect.stringMatching(/^cannot be read: ENOENT/)]);
    expect((await problems(file('client_id: [293\n')))[0]).toMatch(/^is not valid YAML: .*\(2:1\)/s);
    expect((await problems(file('{"client_id": ', 'json')))[0]).toMatch(/^is not valid JSON: /);
    expect(await problems(file('- a list\n'))).toEqual(['must be an object of sections (client_id, servers, ...)']);
    expect(await problems(file('servers: []\n'))).toEqual(['client_id: is required']);
  });
});
