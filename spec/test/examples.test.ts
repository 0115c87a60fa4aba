// Every example validates against its schema, checked with ajv (independently of Redocly),
// strictly: an example may not carry a field its schema does not name. And the examples
// tell one consistent story: one client, the same servers, addresses and ids throughout.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { FORM_TYPES, URL_ENCODED } from '../lib/wire.ts';
import { deref, doc, inline, isObject, operations, type Node } from './document.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });

/**
 * Closes every object schema (`unevaluatedProperties: false`) unless it says otherwise.
 * Members of an `allOf` stay open, since their siblings add properties; the schema holding the
 * `allOf` is closed instead. Annotations (`examples`) are dropped.
 */
function closed(schema: unknown, inAllOf = false): any {
  if (Array.isArray(schema)) return schema.map((s) => closed(s));
  if (!isObject(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'example') continue;
    if (key === 'allOf') out[key] = (value as unknown[]).map((m) => closed(m, true));
    else if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value as Node).map(([k, v]) => [k, closed(v)]));
    else out[key] = closed(value);
  }
  const objectLike = out.type === 'object' || out.properties || out.allOf;
  if (objectLike && !inAllOf && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
    out.unevaluatedProperties = false;
  }
  return out;
}

function validate(schema: Node, value: unknown): string[] {
  const check = ajv.compile(closed(inline(schema)));
  return check(value)
    ? []
    : (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

interface NamedExample {
  where: string;
  name: string;
  schema: Node;
  value: unknown;
}

/** Every named example of every request body and response, with the schema it illustrates. */
const mediaExamples: NamedExample[] = operations.flatMap(({ op }) => {
  const bodies = Object.entries(deref(op.requestBody ?? { content: {} }).content as Node).map(
    ([type, media]) => [`${op.operationId} request ${type}`, media] as const,
  );
  const responses = Object.entries(op.responses as Node).flatMap(([code, response]) =>
    Object.entries((deref(response).content ?? {}) as Node).map(
      ([type, media]) => [`${op.operationId} ${code} ${type}`, media] as const,
    ),
  );
  return [...bodies, ...responses].flatMap(([where, media]: readonly [string, Node]) =>
    Object.entries((media.examples ?? {}) as Node).map(([name, example]) => ({
      where,
      name,
      schema: media.schema,
      value: deref(example).value,
    })),
  );
});

/** Every `examples` array written on a schema, with that schema. */
function schemaExamples(node: unknown, path: string, out: NamedExample[] = []): NamedExample[] {
  if (Array.isArray(node)) node.forEach((n, i) => schemaExamples(n, `${path}/${i}`, out));
  if (!isObject(node)) return out;
  if (Array.isArray(node.examples)) {
    node.examples.forEach((value: unknown, i: number) =>
      out.push({ where: path, name: `examples[${i}]`, schema: node, value }),
    );
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'examples') schemaExamples(value, `${path}/${key}`, out);
  return out;
}

describe('named examples validate against their media type schema', () => {
  it('there are examples for every operation', () => {
    expect(mediaExamples.length).toBeGreaterThan(22 * 3);
  });

  it.each(mediaExamples.map((e) => [`${e.where} ${e.name}`, e] as const))('%s', (_label, example) => {
    expect(validate(example.schema, example.value)).toEqual([]);
  });
});

describe('schema examples validate against their schema', () => {
  const all = [...schemaExamples(doc.components, '#/components'), ...schemaExamples(doc.paths, '#/paths')];

  it('there are schema examples', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it.each(all.map((e) => [`${e.where} ${e.name}`, e] as const))('%s', (_label, example) => {
    expect(validate(example.schema, example.value)).toEqual([]);
  });
});

describe('the strict check catches what it must', () => {
  const servers = mediaExamples.find((e) => e.where === 'listServers 200 application/json' && e.name === 'success')!;
  const value = structuredClone(servers.value) as Node;

  it('a misspelt field', () => {
    value.return.data[0].mirorr = '0';
    expect(validate(servers.schema, value).join()).toMatch(/unevaluated/);
  });

  it('a wrong JSON type (a number where the service writes a string)', () => {
    const wrong = structuredClone(servers.value) as Node;
    wrong.return.data[0].server_id = 10421;
    expect(validate(servers.schema, wrong)).not.toEqual([]);
  });

  it('a timestamp in another format', () => {
    const wrong = structuredClone(servers.value) as Node;
    wrong.return.data[0].created = '2024-02-01T10:12:44Z';
    expect(validate(servers.schema, wrong)).not.toEqual([]);
  });

  it('while extra fields of the live service are accepted by the open schema', () => {
    const live = structuredClone(servers.value) as Node;
    live.return.data[0].location_name = 'Auckland';
    const check = ajv.compile(inline(servers.schema));
    expect(check(live)).toBe(true);
  });
});

describe('every operation has the examples users need', () => {
  it.each(operations.map(({ op, method }) => [op.operationId as string, op, method] as const))(
    '%s',
    (_id, op, method) => {
      const own = mediaExamples.filter((e) => e.where.startsWith(`${op.operationId} `));
      const ok = own.filter((e) => e.where.includes(' 200 '));
      expect(ok.map((e) => e.name)).toContain('success');
      expect(ok.some((e) => (e.value as Node).status === false)).toBe(true);
      expect(ok.map((e) => e.name)).toContain('missingApiKey');
      expect(own.map((e) => e.name)).toContain('rateLimited');
      if (method === 'post') {
        for (const type of FORM_TYPES) {
          expect(own.filter((e) => e.where.endsWith(`request ${type}`)).length, type).toBeGreaterThan(0);
        }
      }
    },
  );
});

describe('the examples tell one consistent story', () => {
  const value = (operationId: string, name: string) =>
    mediaExamples.find((e) => e.where.startsWith(`${operationId} 200`) && e.name === name)!.value as Node;
  const request = (operationId: string) =>
    mediaExamples.find((e) => e.where === `${operationId} request ${URL_ENCODED}`)!.value as Node;

  /** Every value stored under `key` anywhere in a tree. */
  const collect = (node: unknown, keys: string[], out: unknown[] = []): unknown[] => {
    if (Array.isArray(node)) node.forEach((n) => collect(n, keys, out));
    else if (isObject(node)) {
      for (const [k, v] of Object.entries(node)) {
        if (keys.includes(k)) out.push(v);
        collect(v, keys, out);
      }
    }
    return out;
  };

  it('one client (293) throughout, and its sub-accounts only in the sub-account list', () => {
    const subAccounts = value('listSubAccounts', 'success').return.data.map((a: Node) => a.client_id);
    expect(subAccounts).toEqual(['301', '302']);
    const others = mediaExamples.filter((e) => !(e.where.startsWith('listSubAccounts 200') && e.name === 'success'));
    const ids = new Set(
      collect(
        others.map((e) => e.value),
        ['client_id', 'ClientID'],
      ).map(String),
    );
    expect(ids).toEqual(new Set(['293']));
  });

  it('addresses assigned to servers name the same servers as list_servers', () => {
    const servers = value('listServers', 'success').return.data as Node[];
    const ips = value('listIps', 'success').return as Node;
    for (const server of servers) {
      for (const { ip_addr } of server.primary_ips.filter((p: Node) => !p.ip_addr.includes(':'))) {
        expect(ips[ip_addr]).toMatchObject({ server_id: server.server_id, name: server.name, label: server.label });
      }
    }
    const [bandwidthKey] = Object.keys(value('getBandwidthUsageByDay', 'success').return);
    expect(Object.keys(ips)).toContain(bandwidthKey!.split('/')[0]);
  });

  it('template counts match the domains that use them', () => {
    const templates = value('listDnsTemplates', 'success').return as Node[];
    const domains = Object.values(value('listDomainsUsingTemplate', 'success').return) as Node[];
    const template = templates.find((t) => t.template_id === domains[0]!.template_id)!;
    expect(Number(template.domain_count)).toBe(domains.length);
  });

  it('the cloud stack, its database and its users agree across operations', () => {
    const db = value('getDatabase', 'success').return as Node;
    const copy = request('copyStack');
    expect(copy.source_server).toBe(db.server_name);
    expect(copy.params.databases[0]).toMatchObject({
      clone_db_from: db.db_name,
      mysql_host: db.mysql_host,
      origin_container: db.container,
    });
    expect(db.grants.map((g: Node) => g.username)).toContain(copy.params.database_users[0].clone_grants_from);
    expect(request('backupStack')).toMatchObject({ server: db.server_name, name: copy.name });
  });

  it('jobs have distinct ids, and a new SSH key a new id', () => {
    const jobs = ['createDomain', 'cancelDomain', 'backupStack', 'copyStack'].map(
      (id) => value(id, 'success').return.job_id,
    );
    expect(new Set(jobs).size).toBe(jobs.length);
    expect(value('addSshKey', 'success').return.key_id).not.toBe(value('getSshKey', 'success').return.id);
  });
});
