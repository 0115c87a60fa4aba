// The one walk from schema to wire (lib/fields.ts): every field of the 22 operations, held to a
// table written out by hand (the name each value is sent under, `*` where required, its type).
import { describe, expect, it } from 'vitest';
import { operationsOf, readBundle } from '../lib/document.ts';
import {
  asLists,
  exampleInput,
  fieldShape,
  formShapeOf,
  leavesOf,
  requestFields,
  shownName,
  wireShape,
} from '../lib/fields.ts';

const doc = readBundle();

const TABLE: Record<string, Record<string, string>> = {
  listImages: {
    'filters[type]': 'string',
    'filters[os]': 'string',
    'filters[include_disabled]': 'string',
    'filters[location]': 'string',
    'filters[sort_by]': 'string',
    'filters[sort_dir]': 'string',
    'filters[page_size]': 'integer',
    'filters[page_number]': 'integer',
  },
  listServers: {
    'client_id *': 'integer|string',
    'filters[state]': 'string',
    'filters[type]': 'string',
    'filters[name]': 'string',
    'filters[location]': 'string',
    'filters[location_node]': 'string',
    'filters[product_type]': 'string',
    'filters[product_code]': 'string',
    'filters[updated_since]': 'string',
    'filters[sort_by]': 'string',
    'filters[sort_dir]': 'string',
    'filters[page_size]': 'integer',
    'filters[page_number]': 'integer',
  },
  upgradeServer: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'name *': 'string',
    'upgrade[cores]': 'integer',
    'upgrade[ram]': 'string',
    'upgrade[disk][<key>]': 'integer',
  },
  upgradeServerPlan: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'name *': 'string',
    'plan *': 'string',
  },
  listIps: {
    'client_id *': 'integer|string',
    'filters[sort_by]': 'string',
    'filters[sort_dir]': 'string',
    'filters[page_size]': 'integer',
    'filters[page_number]': 'integer',
  },
  listDomainsUsingTemplate: {
    'client_id *': 'integer|string',
    'template_id *': 'integer|string',
  },
  listDnsTemplates: {
    'client_id *': 'integer|string',
  },
  updateSoa: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'domain *': 'string',
    'ns *': 'string',
    'email *': 'string',
    'refresh *': 'integer',
    'retry *': 'integer',
    'expire *': 'integer',
    'minimum *': 'integer',
    ttl: 'integer',
  },
  getPricingTiers: {
    'client_id *': 'integer|string',
  },
  getDomain: {
    'client_id *': 'integer|string',
    'domain *': 'string',
  },
  checkDomainAvailability: {
    'client_id *': 'integer|string',
    'domain *': 'string',
    'additional_tlds[<n>]': 'string',
    suggest: 'integer',
  },
  createDomain: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'domain *': 'string',
    'term *': 'integer',
    'registrant_contact *': 'integer|string',
    'params[RegisterExpired]': 'integer',
    'params[AdminContact]': 'integer|string',
    'params[TechContact]': 'integer|string',
    'params[BillingContact]': 'integer|string',
    'params[protect]': 'integer',
    'params[auid_type]': 'string',
    'params[auid_value]': 'string',
    'params[auid_reason]': 'string',
    'params[auid_cname]': 'string',
    'params[auid_ctype]': 'string',
  },
  cancelDomain: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'domain *': 'string',
  },
  updateDomainContact: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'contact_id *': 'integer|string',
    'params[Name]': 'string',
    'params[Email]': 'string',
    'params[Organization]': 'string',
    'params[PostalAddress]': 'string',
    'params[PostalAddress2]': 'string',
    'params[Suburb]': 'string',
    'params[City]': 'string',
    'params[Country]': 'string',
    'params[PostCode]': 'string',
    'params[Province]': 'string',
    'params[Phone][Country]': 'string',
    'params[Phone][Area]': 'string',
    'params[Phone][Local]': 'string',
    'params[Phone][Extension]': 'string',
    'params[Fax][Country]': 'string',
    'params[Fax][Area]': 'string',
    'params[Fax][Local]': 'string',
    'params[Fax][Extension]': 'string',
    'params[Mobile][Country]': 'string',
    'params[Mobile][Area]': 'string',
    'params[Mobile][Local]': 'string',
    'params[Mobile][Extension]': 'string',
  },
  listSubAccounts: {
    'client_id *': 'integer|string',
    'filters[name]': 'string',
    'filters[include_closed]': 'integer',
    'filters[sort_by]': 'string',
    'filters[sort_dir]': 'string',
    'filters[page_size]': 'integer',
    'filters[page_number]': 'integer',
  },
  getSshKey: {
    'client_id *': 'integer|string',
    'key_id *': 'integer|string',
    include_users: 'integer',
  },
  addSshKey: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'label *': 'string',
    'content *': 'string',
    'params[custom_image_access]': 'integer',
  },
  getDatabase: {
    'client_id *': 'integer|string',
    'server_name *': 'string',
    'mysql_host *': 'string',
    'database *': 'string',
  },
  backupStack: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'server *': 'string',
    'name *': 'string',
    'containers[<n>]': 'string',
    'params[label]': 'string',
  },
  copyStack: {
    'apikey *': 'string',
    'client_id *': 'integer|string',
    'source_server *': 'string',
    'name *': 'string',
    'destination_server *': 'string',
    'label *': 'string',
    'params[the service][]': 'string',
    'params[copy_env_file]': 'integer',
    'params[shutdown]': 'integer',
    'params[databases][<n>][clone_db_from]': 'string',
    'params[databases][<n>][mysql_host]': 'string',
    'params[databases][<n>][db_name]': 'string',
    'params[databases][<n>][origin_container]': 'string',
    'params[database_users][<n>][clone_grants_from]': 'string',
    'params[database_users][<n>][mysql_host]': 'string',
    'params[database_users][<n>][username]': 'string',
    'params[database_users][<n>][password]': 'string',
    'params[database_users][<n>][database]': 'string',
  },
  getBandwidthUsageByDay: {
    'client_id *': 'integer|string',
    'ip_addr *': 'string',
    'params[from]': 'string',
    'params[to]': 'string',
  },
  listMailDomains: {
    'client_id *': 'integer|string',
    'server_name *': 'string',
  },
};

describe('the walk from schema to wire', () => {
  it('names every field of every operation as the table does', () => {
    const walked = Object.fromEntries(
      operationsOf(doc).map((operation) => [
        operation.op.operationId,
        Object.fromEntries(
          requestFields(doc, operation)
            .flatMap(leavesOf)
            .map((leaf) => [
              `${shownName(leaf.segments)}${leaf.required ? ' *' : ''}`,
              [leaf.shape.schema.type].flat().join('|'),
            ]),
        ),
      ]),
    );
    expect(walked).toEqual(TABLE);
  });

  it('tells the four kinds apart: a value, bracketed fields, an indexed or `[]` list, a map', () => {
    const byId = (id: string) => operationsOf(doc).find((o) => o.op.operationId === id)!;
    const field = (id: string, name: string) => requestFields(doc, byId(id)).find((f) => f.name === name)!.shape;
    expect(field('backupStack', 'containers')).toMatchObject({ kind: 'list', keyed: true, brackets: 'indexed' });
    expect(field('checkDomainAvailability', 'additional_tlds')).toMatchObject({ kind: 'list', brackets: 'indexed' });
    const copy = field('copyStack', 'params');
    expect(copy.kind).toBe('object');
    if (copy.kind !== 'object') return;
    const listed = Object.fromEntries(copy.fields.map((f) => [f.name, f.shape.kind]));
    expect(listed).toMatchObject({ 'the service': 'list', databases: 'list', copy_env_file: 'value' });
    expect(copy.fields.find((f) => f.name === 'the service')?.shape).toMatchObject({ brackets: 'empty' });
    const upgrade = field('upgradeServer', 'upgrade');
    expect(upgrade.kind === 'object' && upgrade.fields.find((f) => f.name === 'disk')?.shape.kind).toBe('map');
    expect(field('upgradeServer', 'name').kind).toBe('value');
  });

  it('gives the client its form order', () => {
    const copy = operationsOf(doc).find((o) => o.op.operationId === 'copyStack')!;
    const params = requestFields(doc, copy).find((f) => f.name === 'params')!;
    expect(formShapeOf(params.shape)).toMatchObject({
      'the service': '[]',
      databases: { clone_db_from: 0, mysql_host: 0, db_name: 0, origin_container: 0 },
    });
  });

  it('makes an index-keyed example a list where the schema has one, and nothing else', () => {
    const backup = operationsOf(doc).find((o) => o.op.operationId === 'backupStack')!;
    expect(exampleInput(doc, backup.op, 'post').containers).toEqual(['shop-web', 'shop-worker']);
    const shape = wireShape(doc, {
      type: 'object',
      properties: { l: { type: 'array', items: {} }, m: { type: 'object' } },
    });
    expect(asLists(shape, { l: { 0: 'a', 1: 'b' }, m: { 0: 'a' } })).toEqual({ l: ['a', 'b'], m: { 0: 'a' } });
    expect(asLists(shape, { l: { 1: 'b' } })).toEqual({ l: { 1: 'b' } });
    if (shape.kind !== 'object') throw new Error('an object shape');
    expect(fieldShape(shape, 'l')?.kind).toBe('list');
    expect(fieldShape(shape, 'x')).toBeUndefined();
  });

  it('makes lists below a schema that contains itself, each of its fields once on a path', () => {
    const schemas = {
      Node: {
        type: 'object',
        properties: { l: { type: 'array', items: {} }, a: { $ref: '#/components/schemas/Node' } },
      },
    };
    const shape = wireShape({ components: { schemas } }, { $ref: '#/components/schemas/Node' });
    // The field `a` is a shape of its own: walked at its first turn on a path, not at its second.
    const node = (text: string, a?: object) => ({ l: { 0: text }, ...(a ? { a } : {}) });
    expect(asLists(shape, node('x', node('y', node('z'))))).toEqual({ l: ['x'], a: { l: ['y'], a: node('z') } });
    // Siblings are each on a path of their own.
    const pair = {
      type: 'object',
      properties: { p: { $ref: '#/components/schemas/Node' }, q: { $ref: '#/components/schemas/Node' } },
    };
    const nodes = node('x', node('y', node('z')));
    expect(asLists(wireShape({ components: { schemas } }, pair), { p: nodes, q: nodes })).toEqual({
      p: { l: ['x'], a: { l: ['y'], a: node('z') } },
      q: { l: ['x'], a: { l: ['y'], a: node('z') } },
    });
  });

  it('walks a schema that contains itself once', () => {
    const tree = {
      components: {
        schemas: {
          Node: { type: 'object', properties: { child: { $ref: '#/components/schemas/Node' }, v: { type: 'string' } } },
        },
      },
    };
    const shape = wireShape(tree, { $ref: '#/components/schemas/Node' });
    expect(shape.kind).toBe('object');
    const leaves = leavesOf({ name: 'n', required: false, description: undefined, shape });
    expect(leaves.map((l) => shownName(l.segments))).toEqual(['n[child][v]', 'n[v]']);
  });
});
