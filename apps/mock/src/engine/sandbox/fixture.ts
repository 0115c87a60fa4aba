// The sandbox's data: a fixture (YAML or JSON) read, completed with the fields the sandbox
// computes, checked against the description's schemas and for references between records, and
// frozen as the state every API key starts from. A bad fixture is refused with every problem
// named by record and field.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { pointer, pointerSegments } from '@hostapi/spec/wire';
import type { Node } from '../api.ts';
import { ref, type Schemas } from '../schemas.ts';
import type { Platform } from '../assemble.ts';
import { crossCheck, type Problem } from './cross-check.ts';
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

/** A fixture given as data, or read by the platform from a path (undefined: the built-in one). */
export function readFixture(fixture: string | Node | undefined, platform: Platform): FixtureSource {
  if (typeof fixture === 'object') return { source: '(object)', raw: fixture };
  try {
    return platform.fixture(fixture);
  } catch (error) {
    if (error instanceof FixtureError) throw error;
    throw new FixtureError(fixture ?? 'built-in', [`cannot be read: ${(error as Error).message}`]);
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
// How deep a section's records are, where not a list's (1) or a value's (0): by address, by server and index.
const DEPTHS: Record<string, number> = { bandwidth: 1, mail_domains: 2 };

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
      ...uncomputed,
      ...schemaProblems(validate.errors ?? []).filter(({ path }) => !missing.has(path.join('/'))),
    ];
    throw new FixtureError(source, [...new Set(problems.map((problem) => describe(fixture, problem)))]);
  }
  const problems = crossCheck(fixture).map((problem) => describe(fixture, problem));
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

/** A computed field left out whose source is missing: the problem is at the reference (`path`). */
interface Uncomputed extends Problem {
  field: string[];
}

/**
 * Fills in the fields the sandbox computes, where the fixture leaves them out. Returns those it
 * could not compute, the record they come from being missing.
 */
function complete(fixture: Node): Uncomputed[] {
  const uncomputed: Uncomputed[] = [];
  for (const server of records(fixture.servers)) {
    if (server.disk === undefined && records(server.partitions).length)
      server.disk = diskOf(records(server.partitions));
  }
  // An address's name and label are its server's; a database's server_id and server_label too.
  // `reference` names the server by its field `key`; `fields`: each field, and the server's field it is taken from.
  const fromServer = (section: string, reference: string, key: string, fields: Record<string, string>) => {
    const servers = new Map(records(fixture.servers).map((server) => [server[key], server]));
    records(fixture[section]).forEach((record, index) => {
      if (record[reference] === undefined) return;
      const server = servers.get(record[reference]);
      for (const [field, from] of Object.entries(fields)) {
        if (server) record[field] ??= server[from];
        else if (record[field] === undefined)
          uncomputed.push({
            field: [section, String(index), field],
            path: [section, String(index), reference],
            message: `"${record[reference]}" is not a ${key} of servers`,
          });
      }
    });
  };
  fromServer('ips', 'server_id', 'server_id', { name: 'name', label: 'label' });
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
  fromServer('databases', 'server_name', 'name', { server_id: 'server_id', server_label: 'label' });
  return uncomputed;
}

/** ajv's errors as `{ path, message }`: the path of the field (or record) and what is wrong. */
function schemaProblems(errors: ErrorObject[]): Problem[] {
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
function describe(fixture: Node, { path, message }: Problem): string {
  const [section = '', ...rest] = path.map(String);
  const depth = DEPTHS[section] ?? (SECTIONS[section]?.schema.type === 'array' ? 1 : 0);
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
