// A fixture's references between records, and the fields computed from them, checked once its
// records are each valid against their schemas: every record of the fixture's client, ids that do
// not repeat, references that lead to a record, computed fields as the sandbox computes them.
import type { Node } from '../api.ts';
import { contactCounts, diskOf, PHONE_KINDS, phoneText, reversed } from './records.ts';

/** A problem at a path of the fixture (fixture.ts names the record and field). */
export interface Problem {
  path: (string | number)[];
  message: string;
}

/** What the checks share: where they tell each problem. */
interface Found {
  refuse(path: (string | number)[], message: string): void;
  /** A field given where the sandbox computes it, with another value than it computes. */
  mismatch(path: (string | number)[], given: unknown, computed: unknown, from: string): void;
}

export function crossCheck(fixture: Node): Problem[] {
  const problems: Problem[] = [];
  const found: Found = {
    refuse: (path, message) => problems.push({ path, message }),
    mismatch: (path, given, computed, from) =>
      given !== computed &&
      found.refuse(
        path,
        `is ${JSON.stringify(given)} but ${from} gives ${JSON.stringify(computed)} (leave it out to have it computed)`,
      ),
  };
  for (const step of [sameClient, uniqueIds, servers, addresses, dns, contacts, subAccounts, databases, others])
    step(fixture, found);
  return problems;
}

/** Each record of a section, and where it is. */
const entries = (fixture: Node, section: string) =>
  ((fixture[section] ?? []) as Node[]).map((record, index) => ({ record, index }));

/** Each record of a section by one of its fields. */
const by = (fixture: Node, section: string, field: string) =>
  new Map(entries(fixture, section).map(({ record }) => [record[field], record]));

/** Every record that names a client names the fixture's. */
function sameClient(fixture: Node, found: Found) {
  const clientId = fixture.client_id;
  const refuseOther = (path: (string | number)[], given: unknown) => {
    if (given !== clientId) found.refuse(path, `is "${given}" but the fixture's client_id is "${clientId}"`);
  };
  for (const section of ['servers', 'dns_templates', 'dns_domains', 'ssh_keys', 'databases'])
    for (const { record, index } of entries(fixture, section))
      refuseOther([section, index, 'client_id'], record.client_id);
  for (const section of ['registered_domains', 'contacts'])
    for (const { record, index } of entries(fixture, section))
      refuseOther([section, index, 'ClientID'], record.ClientID);
  for (const [server, domains] of Object.entries((fixture.mail_domains ?? {}) as Record<string, Node[]>))
    domains.forEach((domain, index) => refuseOther(['mail_domains', server, index, 'client_id'], domain.client_id));
}

/** A sub-account is another client than the fixture's. */
function subAccounts(fixture: Node, found: Found) {
  for (const { record, index } of entries(fixture, 'sub_accounts'))
    if (record.client_id === fixture.client_id)
      found.refuse(['sub_accounts', index, 'client_id'], `is the fixture's own client_id`);
}

/** What identifies a record, per section: the field a repeat is named at, and the key it must not repeat. */
const IDS: { section: string; field: string; key: (record: Node) => string }[] = [
  { section: 'servers', field: 'server_id', key: (s) => s.server_id },
  { section: 'servers', field: 'name', key: (s) => s.name },
  { section: 'plans', field: 'product_code', key: (p) => p.product_code },
  { section: 'ips', field: 'ip_addr', key: (ip) => ip.ip_addr },
  { section: 'dns_templates', field: 'template_id', key: (t) => t.template_id },
  { section: 'dns_domains', field: 'domain', key: (z) => z.domain },
  { section: 'registered_domains', field: 'Domain', key: (d) => d.Domain.toLowerCase() },
  { section: 'contacts', field: 'ContactID', key: (c) => c.ContactID },
  { section: 'sub_accounts', field: 'client_id', key: (a) => a.client_id },
  { section: 'ssh_keys', field: 'id', key: (k) => k.id },
  { section: 'stacks', field: 'name', key: (s) => `${s.server}/${s.name}` },
  { section: 'databases', field: 'db_name', key: (d) => `${d.server_name}/${d.mysql_host}/${d.db_name}` },
];

/** No id repeats within its section; no image code repeats across the images, enabled or not. */
function uniqueIds(fixture: Node, found: Found) {
  for (const { section, field, key } of IDS) {
    const seen = new Map<string, number>();
    for (const { record, index } of entries(fixture, section)) {
      const earlier = seen.get(key(record));
      if (earlier !== undefined)
        found.refuse([section, index, field], `repeats "${key(record)}" of ${section}[${earlier}]`);
      else seen.set(key(record), index);
    }
  }
  const codes = new Set<string>();
  for (const section of ['images', 'disabled_images']) {
    for (const { record: image, index } of entries(fixture, section)) {
      if (codes.has(image.code)) found.refuse([section, index, 'code'], `repeats "${image.code}" of another image`);
      codes.add(image.code);
    }
  }
}

/** A server's plan, location, disk (its partitions' sum) and primary addresses. */
function servers(fixture: Node, found: Found) {
  const plans = by(fixture, 'plans', 'product_code');
  const ips = by(fixture, 'ips', 'ip_addr');
  const locations = new Set(fixture.locations);
  for (const { record: server, index } of entries(fixture, 'servers')) {
    const plan = plans.get(server.product_code);
    if (!plan)
      found.refuse(['servers', index, 'product_code'], `"${server.product_code}" is not a product_code of plans`);
    else if (plan.product_type !== server.product_type)
      found.refuse(
        ['servers', index, 'product_type'],
        `is ${server.product_type} but plan ${plan.product_code} is ${plan.product_type}`,
      );
    if (server.location !== null && !locations.has(server.location))
      found.refuse(['servers', index, 'location'], `"${server.location}" is not one of locations`);
    found.mismatch(['servers', index, 'disk'], server.disk, diskOf(server.partitions), 'the sum of its partitions');
    (server.primary_ips as Node[]).forEach((primary, i) => {
      if (ips.get(primary.ip_addr)?.server_id !== server.server_id)
        found.refuse(
          ['servers', index, 'primary_ips', String(i), 'ip_addr'],
          `${primary.ip_addr} is not an address of this server in ips`,
        );
    });
  }
}

/** An address's server, and the name and label it takes from it. */
function addresses(fixture: Node, found: Found) {
  const byId = by(fixture, 'servers', 'server_id');
  for (const { record: ip, index } of entries(fixture, 'ips')) {
    if (ip.server_id === undefined) continue;
    const server = byId.get(ip.server_id);
    if (!server) {
      found.refuse(['ips', index, 'server_id'], `"${ip.server_id}" is not a server_id of servers`);
      continue;
    }
    found.mismatch(['ips', index, 'name'], ip.name, server.name, `server ${server.server_id}`);
    found.mismatch(['ips', index, 'label'], ip.label, server.label, `server ${server.server_id}`);
  }
}

/** A zone's template and reversed name; a template's count of zones. */
function dns(fixture: Node, found: Found) {
  const templates = by(fixture, 'dns_templates', 'template_id');
  const zones = entries(fixture, 'dns_domains');
  for (const { record: zone, index } of zones) {
    if (zone.template_id !== '0' && !templates.has(zone.template_id))
      found.refuse(
        ['dns_domains', index, 'template_id'],
        `"${zone.template_id}" is not a template_id of dns_templates (or "0" for none)`,
      );
    found.mismatch(['dns_domains', index, 'domain_r'], zone.domain_r, reversed(zone.domain), 'its domain');
  }
  for (const { record: template, index } of entries(fixture, 'dns_templates')) {
    const count = String(zones.filter(({ record }) => record.template_id === template.template_id).length);
    found.mismatch(['dns_templates', index, 'domain_count'], template.domain_count, count, 'dns_domains');
  }
}

/** A registered domain's contacts; a contact's phone texts and counts of domains. */
function contacts(fixture: Node, found: Found) {
  const byId = by(fixture, 'contacts', 'ContactID');
  for (const { record: domain, index } of entries(fixture, 'registered_domains')) {
    for (const field of ['RegistrantContactID', 'AdminContactID', 'TechnicalContactID']) {
      if (!byId.has(domain[field]))
        found.refuse(['registered_domains', index, field], `"${domain[field]}" is not a ContactID of contacts`);
    }
  }
  for (const { record: contact, index } of entries(fixture, 'contacts')) {
    for (const kind of PHONE_KINDS)
      found.mismatch(
        ['contacts', index, kind],
        contact[kind],
        phoneText(contact, kind),
        `${kind}Country, ${kind}Area, ${kind}Local and ${kind}Extension`,
      );
    const counts = contactCounts(contact.ContactID, fixture.registered_domains ?? []);
    for (const count of ['DomainCount', 'RegistrantCount'] as const)
      found.mismatch(['contacts', index, count], contact[count], counts[count], 'registered_domains');
  }
}

/** A database's server (and the id and label it takes from it), and its grants' database. */
function databases(fixture: Node, found: Found) {
  const byName = by(fixture, 'servers', 'name');
  for (const { record: database, index } of entries(fixture, 'databases')) {
    const server = byName.get(database.server_name);
    if (!server) {
      found.refuse(['databases', index, 'server_name'], `"${database.server_name}" is not a name of servers`);
      continue;
    }
    found.mismatch(['databases', index, 'server_id'], database.server_id, server.server_id, `server ${server.name}`);
    found.mismatch(['databases', index, 'server_label'], database.server_label, server.label, `server ${server.name}`);
    (database.grants as Node[]).forEach((grant, i) => {
      if (grant.db_name !== database.db_name)
        found.refuse(
          ['databases', index, 'grants', String(i), 'db_name'],
          `is "${grant.db_name}", not the database's db_name "${database.db_name}"`,
        );
    });
  }
}

/** A stack's server, a bandwidth record's address, a mail server's name. */
function others(fixture: Node, found: Found) {
  const byName = by(fixture, 'servers', 'name');
  const ips = by(fixture, 'ips', 'ip_addr');
  for (const { record: stack, index } of entries(fixture, 'stacks')) {
    if (!byName.has(stack.server))
      found.refuse(['stacks', index, 'server'], `"${stack.server}" is not a name of servers`);
  }
  for (const address of Object.keys(fixture.bandwidth ?? {})) {
    const ip = address.split('/')[0] ?? '';
    if (!ips.has(ip)) found.refuse(['bandwidth', address], `${ip} is not an ip_addr of ips`);
  }
  for (const server of Object.keys(fixture.mail_domains ?? {})) {
    if (!byName.has(server)) found.refuse(['mail_domains', server], `"${server}" is not a name of servers`);
  }
}
