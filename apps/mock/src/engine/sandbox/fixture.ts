// The sandbox's data: a fixture (YAML or JSON) read, completed with the fields the sandbox
// computes, checked against the description's schemas and for references between records, and
// frozen as the state every API key starts from. A bad fixture is refused with every problem
// named by record and field.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { load as parseYaml } from 'js-yaml';
import { pointer, pointerSegments } from '@hostapi/spec/wire';
import type { Node } from '../api.ts';
import { ref, type Schemas } from '../schemas.ts';
import { contactCounts, diskOf, PHONE_KINDS, phoneText, reversed } from './records.ts';
import type { Collections } from './store.ts';

export class FixtureError extends Error {
  /** Each problem, as `<record>: field <field> <what is wrong>`. */
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`Invalid sandbox fixture ${source}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'FixtureError';
    this.problems = problems;
  }
}

/** A fixture as read: where it came from (for messages), and its data. */
export interface FixtureSource {
  source: string;
  raw: unknown;
}

/** A fixture's text parsed: JSON when its name says so, YAML otherwise. */
export function parseFixture(text: string, source: string): FixtureSource {
  const json = /\.json$/i.test(source);
  try {
    return { source, raw: json ? JSON.parse(text) : parseYaml(text) };
  } catch (error) {
    throw new FixtureError(source, [`is not valid ${json ? 'JSON' : 'YAML'}: ${(error as Error).message}`]);
  }
}

const schema = (name: string) => ref(pointer('components', 'schemas', name));
const listOf = (items: object) => ({ type: 'array', items });
const TEXT = { type: 'string', minLength: 1 };

// Records are the description's own schemas (open to extra fields, as the service's records
// are); what only the sandbox reads (plans, stacks, partitions) has a closed schema here.
const PARTITION = {
  type: 'object',
  required: ['name', 'size'],
  properties: { name: TEXT, size: schema('NumericString') },
};
const SERVER = {
  allOf: [
    schema('Server'),
    {
      type: 'object',
      required: ['cores', 'partitions'],
      properties: {
        cores: schema('NumericString'),
        location_node: { type: 'string' },
        partitions: { ...listOf(PARTITION), minItems: 1 },
      },
    },
  ],
};
const PLAN = {
  type: 'object',
  additionalProperties: false,
  required: ['product_code', 'product_name', 'product_type', 'ram', 'disk', 'cores'],
  properties: {
    product_code: TEXT,
    product_name: TEXT,
    product_type: schema('ProductType'),
    ram: schema('NumericString'),
    disk: { type: 'integer', minimum: 1 },
    cores: schema('NumericString'),
  },
};
const STACK = {
  type: 'object',
  additionalProperties: false,
  required: ['server', 'name', 'label', 'containers'],
  properties: { server: TEXT, name: TEXT, label: TEXT, containers: listOf(TEXT) },
};
const DOMAIN = { type: 'string', pattern: '^[a-z0-9-]+(\\.[a-z0-9-]+)*$' };

/** Each section of a fixture, its schema and the field that names a record in messages. */
const SECTIONS: Record<string, { schema: Node; id?: string }> = {
  client_id: { schema: schema('NumericString') },
  next_job_id: { schema: { type: 'integer', minimum: 1 } },
  locations: { schema: listOf(TEXT) },
  plans: { schema: listOf(PLAN), id: 'product_code' },
  servers: { schema: listOf(SERVER), id: 'name' },
  images: { schema: listOf(schema('Image')), id: 'code' },
  disabled_images: { schema: listOf(schema('Image')), id: 'code' },
  ips: { schema: listOf(schema('IpAddress')), id: 'ip_addr' },
  dns_templates: { schema: listOf(schema('DnsTemplate')), id: 'template_name' },
  dns_domains: { schema: listOf(schema('DnsDomain')), id: 'domain' },
  tlds: { schema: listOf(DOMAIN) },
  unavailable_domains: { schema: listOf(DOMAIN) },
  pricing_tiers: { schema: listOf(schema('PricingTier')), id: 'type_name' },
  registered_domains: { schema: listOf(schema('RegisteredDomain')), id: 'Domain' },
  contacts: { schema: listOf(schema('DomainContact')), id: 'ContactID' },
  sub_accounts: { schema: listOf(schema('SubAccount')), id: 'name' },
  ssh_keys: { schema: listOf(schema('SshKey')), id: 'label' },
  databases: { schema: listOf(schema('Database')), id: 'db_name' },
  stacks: { schema: listOf(STACK), id: 'name' },
  bandwidth: { schema: schema('BandwidthUsage') },
  mail_domains: { schema: { type: 'object', additionalProperties: listOf(schema('MailDomain')) }, id: 'domain' },
};
const FIXTURE_SCHEMA = {
  type: 'object',
  required: ['client_id'],
  properties: Object.fromEntries(Object.entries(SECTIONS).map(([name, section]) => [name, section.schema])),
};
// Sections that are maps: their records are one level deeper.
const MAP_SECTIONS = new Set(['bandwidth', 'mail_domains']);

/** The frozen state every API key starts from, or a FixtureError naming every problem. */
export function loadFixture(schemas: Schemas, { source, raw }: FixtureSource): Collections {
  if (!isObject(raw)) throw new FixtureError(source, ['must be an object of sections (client_id, servers, ...)']);
  const unknown = Object.keys(raw).filter((name) => !Object.hasOwn(SECTIONS, name));
  if (unknown.length) {
    const sections = Object.keys(SECTIONS).join(', ');
    throw new FixtureError(
      source,
      unknown.map((name) => `"${name}" is not a section of a fixture (sections: ${sections})`),
    );
  }
  const fixture: Node = structuredClone(raw);
  // A computed field whose source is missing is reported as that, not as a missing field.
  const uncomputed = complete(fixture);
  const validate = schemas.compile(FIXTURE_SCHEMA);
  if (!validate(fixture) || uncomputed.length) {
    const missing = new Set(uncomputed.map(({ field }) => field.join('/')));
    const problems = [
      ...uncomputed.map(({ reference, message }) => describe(fixture, reference, message)),
      ...schemaProblems(validate.errors ?? [])
        .filter(({ path }) => !missing.has(path.join('/')))
        .map(({ path, message }) => describe(fixture, path, message)),
    ];
    throw new FixtureError(source, [...new Set(problems)]);
  }
  const problems = crossCheck(fixture);
  if (problems.length) throw new FixtureError(source, problems);
  return deepFreeze(startingState(fixture));
}

/** Every section present (lists and maps empty when left out), and the counters of new ids. */
function startingState(fixture: Node): Node {
  const { next_job_id: nextJobId = 1, ...given } = fixture;
  const state: Node = { ...given };
  for (const [name, section] of Object.entries(SECTIONS))
    if (name !== 'next_job_id') state[name] ??= section.schema.type === 'array' ? [] : {};
  state.counters = {
    job_id: nextJobId,
    ssh_key_id: Math.max(0, ...(state.ssh_keys as Node[]).map((key) => Number(key.id))) + 1,
  };
  return state;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const records = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isObject) : []);

interface Uncomputed {
  field: string[];
  reference: string[];
  message: string;
}

/**
 * Fills in the fields the sandbox computes, where the fixture leaves them out. Returns those it
 * could not compute, the record they come from being missing.
 */
function complete(fixture: Node): Uncomputed[] {
  const uncomputed: Uncomputed[] = [];
  const servers = new Map(records(fixture.servers).map((server) => [server.server_id, server]));
  const serversByName = new Map(records(fixture.servers).map((server) => [server.name, server]));
  for (const server of records(fixture.servers)) {
    if (server.disk === undefined && records(server.partitions).length)
      server.disk = diskOf(records(server.partitions));
  }
  // An address's name and label are its server's; a database's server_id and server_label too.
  const fromServer = (section: string, by: Map<unknown, Node>, reference: string, fields: [string, string][]) =>
    records(fixture[section]).forEach((record, index) => {
      if (record[reference] === undefined) return;
      const server = by.get(record[reference]);
      for (const [field, from] of fields) {
        if (server) record[field] ??= server[from];
        else if (record[field] === undefined)
          uncomputed.push({
            field: [section, String(index), field],
            reference: [section, String(index), reference],
            message: `"${record[reference]}" is not a ${reference === 'server_id' ? 'server_id' : 'name'} of servers`,
          });
      }
    });
  fromServer('ips', servers, 'server_id', [
    ['name', 'name'],
    ['label', 'label'],
  ]);
  for (const zone of records(fixture.dns_domains))
    if (typeof zone.domain === 'string') zone.domain_r ??= reversed(zone.domain);
  for (const template of records(fixture.dns_templates)) {
    const zones = records(fixture.dns_domains).filter((zone) => zone.template_id === template.template_id);
    template.domain_count ??= String(zones.length);
  }
  for (const contact of records(fixture.contacts)) {
    for (const kind of PHONE_KINDS) contact[kind] ??= phoneText(contact, kind);
    const counts = contactCounts(contact.ContactID, records(fixture.registered_domains));
    contact.DomainCount ??= counts.DomainCount;
    contact.RegistrantCount ??= counts.RegistrantCount;
  }
  fromServer('databases', serversByName, 'server_name', [
    ['server_id', 'server_id'],
    ['server_label', 'label'],
  ]);
  return uncomputed;
}

/** ajv's errors as `{ path, message }`: the path of the field (or record) and what is wrong. */
function schemaProblems(errors: ErrorObject[]): { path: string[]; message: string }[] {
  // anyOf/oneOf summaries repeat what their members said.
  const useful = errors.filter((e) => !['anyOf', 'oneOf'].includes(e.keyword));
  return (useful.length ? useful : errors).map((error) => {
    const path = pointerSegments(error.instancePath);
    const params = error.params as { missingProperty?: string; additionalProperty?: string };
    if (error.keyword === 'required')
      return { path: [...path, String(params.missingProperty)], message: 'is required' };
    if (error.keyword === 'additionalProperties')
      return { path: [...path, String(params.additionalProperty)], message: 'is not a known field' };
    return { path, message: error.message ?? error.keyword };
  });
}

/** A problem at a path of the fixture: `<record>: field <field> <message>`. */
function describe(fixture: Node, path: (string | number)[], message: string): string {
  const [section = '', ...rest] = path.map(String);
  const depth = MAP_SECTIONS.has(section)
    ? section === 'mail_domains'
      ? 2
      : 1
    : SECTIONS[section]?.schema.type === 'array'
      ? 1
      : 0;
  const recordPath = rest.slice(0, depth);
  const fieldPath = rest.slice(depth);
  let record = section;
  for (const key of recordPath)
    record += /^\d+$/.test(key) ? `[${key}]` : section === 'bandwidth' ? `["${key}"]` : `.${key}`;
  const value = recordPath.reduce((node: Node | undefined, key) => node?.[key], fixture[section]);
  const id = SECTIONS[section]?.id;
  if (depth && isObject(value) && id && typeof value[id] === 'string') record += ` (${value[id]})`;
  const field = fieldPath.map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : `${i ? '.' : ''}${key}`)).join('');
  return field ? `${record}: field ${field} ${message}` : `${record}: ${message}`;
}

/** References between records, and the fields computed from them. */
function crossCheck(fixture: Node): string[] {
  const problems: string[] = [];
  const refuse = (path: (string | number)[], message: string) => problems.push(describe(fixture, path, message));
  const clientId = fixture.client_id;
  const list = (name: string): [Node, number][] =>
    ((fixture[name] ?? []) as Node[]).map((record, index) => [record, index]);

  const sameClient = (section: string, field: string) => {
    for (const [record, index] of list(section)) {
      if (record[field] !== clientId)
        refuse([section, index, field], `is "${record[field]}" but the fixture's client_id is "${clientId}"`);
    }
  };
  for (const section of ['servers', 'dns_templates', 'dns_domains', 'ssh_keys', 'databases'])
    sameClient(section, 'client_id');
  for (const section of ['registered_domains', 'contacts']) sameClient(section, 'ClientID');
  for (const [server, domains] of Object.entries((fixture.mail_domains ?? {}) as Record<string, Node[]>)) {
    domains.forEach((domain, index) => {
      if (domain.client_id !== clientId)
        refuse(
          ['mail_domains', server, index, 'client_id'],
          `is "${domain.client_id}" but the fixture's client_id is "${clientId}"`,
        );
    });
  }

  const unique = (section: string, keyOf: (record: Node) => string, field: string) => {
    const seen = new Map<string, number>();
    for (const [record, index] of list(section)) {
      const key = keyOf(record);
      const earlier = seen.get(key);
      if (earlier !== undefined) refuse([section, index, field], `repeats "${key}" of ${section}[${earlier}]`);
      else seen.set(key, index);
    }
  };
  const by = (field: string) => (record: Node) => record[field];
  unique('servers', by('server_id'), 'server_id');
  unique('servers', by('name'), 'name');
  unique('plans', by('product_code'), 'product_code');
  unique('ips', by('ip_addr'), 'ip_addr');
  unique('dns_templates', by('template_id'), 'template_id');
  unique('dns_domains', by('domain'), 'domain');
  unique('registered_domains', (d) => d.Domain.toLowerCase(), 'Domain');
  unique('contacts', by('ContactID'), 'ContactID');
  unique('sub_accounts', by('client_id'), 'client_id');
  unique('ssh_keys', by('id'), 'id');
  unique('stacks', (s) => `${s.server}/${s.name}`, 'name');
  unique('databases', (d) => `${d.server_name}/${d.mysql_host}/${d.db_name}`, 'db_name');
  const codes = new Set<string>();
  for (const section of ['images', 'disabled_images']) {
    for (const [image, index] of list(section)) {
      if (codes.has(image.code)) refuse([section, index, 'code'], `repeats "${image.code}" of another image`);
      codes.add(image.code);
    }
  }

  const servers = new Map(list('servers').map(([server]) => [server.server_id, server]));
  const serverNames = new Map(list('servers').map(([server]) => [server.name, server]));
  const plans = new Map(list('plans').map(([plan]) => [plan.product_code, plan]));
  const ips = new Map(list('ips').map(([ip]) => [ip.ip_addr, ip]));
  const locations = new Set(fixture.locations);
  const mismatch = (path: (string | number)[], given: unknown, computed: unknown, from: string) => {
    if (given !== computed)
      refuse(
        path,
        `is ${JSON.stringify(given)} but ${from} gives ${JSON.stringify(computed)} (leave it out to have it computed)`,
      );
  };

  for (const [server, index] of list('servers')) {
    const plan = plans.get(server.product_code);
    if (!plan) refuse(['servers', index, 'product_code'], `"${server.product_code}" is not a product_code of plans`);
    else if (plan.product_type !== server.product_type)
      refuse(
        ['servers', index, 'product_type'],
        `is ${server.product_type} but plan ${plan.product_code} is ${plan.product_type}`,
      );
    if (server.location !== null && !locations.has(server.location))
      refuse(['servers', index, 'location'], `"${server.location}" is not one of locations`);
    mismatch(['servers', index, 'disk'], server.disk, diskOf(server.partitions), 'the sum of its partitions');
    (server.primary_ips as Node[]).forEach((primary, i) => {
      if (ips.get(primary.ip_addr)?.server_id !== server.server_id) {
        refuse(
          ['servers', index, 'primary_ips', String(i), 'ip_addr'],
          `${primary.ip_addr} is not an address of this server in ips`,
        );
      }
    });
  }
  for (const [ip, index] of list('ips')) {
    if (ip.server_id === undefined) continue;
    const server = servers.get(ip.server_id);
    if (!server) {
      refuse(['ips', index, 'server_id'], `"${ip.server_id}" is not a server_id of servers`);
      continue;
    }
    mismatch(['ips', index, 'name'], ip.name, server.name, `server ${server.server_id}`);
    mismatch(['ips', index, 'label'], ip.label, server.label, `server ${server.server_id}`);
  }
  const templates = new Set(list('dns_templates').map(([template]) => template.template_id));
  for (const [zone, index] of list('dns_domains')) {
    if (zone.template_id !== '0' && !templates.has(zone.template_id))
      refuse(
        ['dns_domains', index, 'template_id'],
        `"${zone.template_id}" is not a template_id of dns_templates (or "0" for none)`,
      );
    mismatch(['dns_domains', index, 'domain_r'], zone.domain_r, reversed(zone.domain), 'its domain');
  }
  for (const [template, index] of list('dns_templates')) {
    const count = String(list('dns_domains').filter(([zone]) => zone.template_id === template.template_id).length);
    mismatch(['dns_templates', index, 'domain_count'], template.domain_count, count, 'dns_domains');
  }
  const contacts = new Set(list('contacts').map(([contact]) => contact.ContactID));
  for (const [domain, index] of list('registered_domains')) {
    for (const field of ['RegistrantContactID', 'AdminContactID', 'TechnicalContactID']) {
      if (!contacts.has(domain[field]))
        refuse(['registered_domains', index, field], `"${domain[field]}" is not a ContactID of contacts`);
    }
  }
  for (const [contact, index] of list('contacts')) {
    for (const kind of PHONE_KINDS)
      mismatch(
        ['contacts', index, kind],
        contact[kind],
        phoneText(contact, kind),
        `${kind}Country, ${kind}Area, ${kind}Local and ${kind}Extension`,
      );
    const counts = contactCounts(contact.ContactID, fixture.registered_domains ?? []);
    mismatch(['contacts', index, 'DomainCount'], contact.DomainCount, counts.DomainCount, 'registered_domains');
    mismatch(
      ['contacts', index, 'RegistrantCount'],
      contact.RegistrantCount,
      counts.RegistrantCount,
      'registered_domains',
    );
  }
  for (const [account, index] of list('sub_accounts')) {
    if (account.client_id === clientId) refuse(['sub_accounts', index, 'client_id'], `is the fixture's own client_id`);
  }
  for (const [database, index] of list('databases')) {
    const server = serverNames.get(database.server_name);
    if (!server) {
      refuse(['databases', index, 'server_name'], `"${database.server_name}" is not a name of servers`);
      continue;
    }
    mismatch(['databases', index, 'server_id'], database.server_id, server.server_id, `server ${server.name}`);
    mismatch(['databases', index, 'server_label'], database.server_label, server.label, `server ${server.name}`);
    (database.grants as Node[]).forEach((grant, i) => {
      if (grant.db_name !== database.db_name)
        refuse(
          ['databases', index, 'grants', String(i), 'db_name'],
          `is "${grant.db_name}", not the database's db_name "${database.db_name}"`,
        );
    });
  }
  for (const [stack, index] of list('stacks')) {
    if (!serverNames.has(stack.server))
      refuse(['stacks', index, 'server'], `"${stack.server}" is not a name of servers`);
  }
  for (const address of Object.keys(fixture.bandwidth ?? {})) {
    const ip = address.split('/')[0] ?? '';
    if (!ips.has(ip)) refuse(['bandwidth', address], `${ip} is not an ip_addr of ips`);
  }
  for (const server of Object.keys(fixture.mail_domains ?? {})) {
    if (!serverNames.has(server)) refuse(['mail_domains', server], `"${server}" is not a name of servers`);
  }
  return problems;
}
