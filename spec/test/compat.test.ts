// The breaking-change check: the description against the last release (released/openapi.json,
// absent before the first release), and each kind of breaking change caught on a copy.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compare, facts, readReleased, RELEASED } from '../lib/compat.ts';
import { readBundle, type Node } from '../lib/document.ts';
import spec from '../package.json' with { type: 'json' };
import { PORTABLE } from '../scripts/portable.ts';

const released = readReleased();
const current = readBundle();

/** The current description with one change applied. */
function changed(edit: (doc: Node) => void): Node {
  const doc = structuredClone(current);
  edit(doc);
  return doc;
}

describe('compatibility with the last release', () => {
  it('has the released description exactly when the package carries a released version', () => {
    // 0.0.0: never released (the first release makes it 0.1.0 and records the description).
    expect(existsSync(RELEASED)).toBe(spec.version !== '0.0.0');
  });

  it("says the package's version in every bundled form (package.json, which the release bumps)", () => {
    const yaml = readFileSync(new URL('../dist/openapi.yaml', import.meta.url), 'utf8');
    const portable = JSON.parse(readFileSync(PORTABLE, 'utf8'));
    expect([current.info.version, yaml.match(/^ {2}version: (.+)$/m)?.[1], portable.info.version]).toEqual(
      Array(3).fill(spec.version),
    );
    // The released description says the version it was released as.
    if (released) expect(released.info.version).toBe(spec.version);
  });

  it('the description breaks no caller of the released one', () => {
    // Before the first release nothing is published, so nothing can break.
    expect(released ? compare(released, current).breaking : []).toEqual([]);
  });

  it('flattens operations, request fields and response fields to wire names', () => {
    const keys = Object.keys(facts(current));
    expect(keys).toContain('GET /1.3/server/list_servers.json filters[state]');
    expect(keys).toContain('POST /1.1/cloud/stack/copy.json params[databases][<n>][db_name]');
    // Named through the one walk to the wire: an index-keyed object is a list, `x-array-brackets: empty` is `[]`.
    expect(keys).toContain('POST /1.2/cloud/stack/backup.json containers[<n>]');
    expect(keys).toContain('POST /1.1/cloud/stack/copy.json params[the service][]');
    expect(keys).toContain('GET /1.3/server/list_servers.json → return.data[].primary_ips[].ip_addr');
    expect(keys).toContain('GET /1.5/bandwidth/get_usage_by_day.json → return.<key>.<key>.DOMESTIC.peak_in');
  });
});

describe('each kind of breaking change is caught', () => {
  const schemas = (doc: Node) => doc.components.schemas;
  const cases: [string, (doc: Node) => void, string][] = [
    [
      'a removed operation',
      (doc) => delete doc.paths['/1.3/mail/list_domains.json'],
      'removed operation: GET /1.3/mail/list_domains.json',
    ],
    [
      'a removed parameter',
      (doc) => {
        doc.paths['/1.3/srs/domain_tlds_available.json'].get.parameters.splice(3, 1);
      },
      'removed request field: GET /1.3/srs/domain_tlds_available.json suggest',
    ],
    [
      'a removed response field',
      (doc) => delete schemas(doc).Server.properties.mirror,
      'removed response field: GET /1.3/server/list_servers.json → return.data[].mirror',
    ],
    [
      'a new required parameter',
      (doc) => {
        doc.paths['/1.5/dns/list_ips.json'].get.parameters.push({
          name: 'zone',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        });
      },
      'new required request field: GET /1.5/dns/list_ips.json zone',
    ],
    [
      'an optional field made required',
      (doc) => {
        doc.paths['/1.0/dns/update_soa.json'].post.requestBody.content[
          'application/x-www-form-urlencoded'
        ].schema.required.push('ttl');
      },
      'now required: POST /1.0/dns/update_soa.json ttl',
    ],
    [
      'a narrowed type',
      (doc) => {
        schemas(doc).MailDomain.properties.parent_domain.type = 'string';
      },
      'type of GET /1.3/mail/list_domains.json → return[].parent_domain: null|string → string',
    ],
    [
      'a narrowed request type',
      (doc) => {
        doc.paths['/1.3/srs/get_domain.json'].get.parameters[1] = {
          name: 'domain',
          in: 'query',
          required: true,
          schema: { type: 'integer' },
        };
      },
      'type of GET /1.3/srs/get_domain.json domain: string → integer',
    ],
    [
      'a narrowed enumeration',
      (doc) => {
        schemas(doc).ServerFilters.properties.state.enum = ['On', 'Off'];
      },
      'narrowed enumeration of GET /1.3/server/list_servers.json filters[state]: removed Other',
    ],
  ];

  it.each(cases)('%s', (_what, edit, message) => {
    expect(compare(current, changed(edit)).breaking).toContain(message);
  });

  it('an enumerated request field retyped with the same wire values is compatible, with others not', () => {
    const key = 'POST /1.2/srs/create_domain.json params[protect]';
    const withProtect = (schema: Node) =>
      changed((doc) => {
        doc.paths['/1.2/srs/create_domain.json'].post.requestBody.content[
          'application/x-www-form-urlencoded'
        ].schema.properties.params.properties.protect = schema;
      });
    // As the description types it: a string "0" or "1".
    const asString = withProtect({ type: 'string', enum: ['0', '1'] });
    const retyped = compare(asString, withProtect({ $ref: '#/components/schemas/Switch' }));
    expect(retyped.breaking.filter((line) => line.includes(key))).toEqual([]);
    expect(retyped.compatible).toContain(`type of ${key}: string → integer (same wire values)`);
    const narrowed = compare(asString, withProtect({ type: 'integer', enum: [1] }));
    expect(narrowed.breaking).toContain(`type of ${key}: string → integer`);
  });

  it('a request field that takes more types is compatible; one that takes fewer breaks callers', () => {
    const key = 'GET /1.3/ssh/key/get.json key_id';
    const withKeyId = (schema: Node) =>
      changed((doc) => {
        doc.paths['/1.3/ssh/key/get.json'].get.parameters[1].schema = schema;
      });
    // Issue 37: an integer identifier that now also takes the string an answer gives.
    const asInteger = withKeyId({ type: 'integer', minimum: 1 });
    const widened = compare(asInteger, current);
    expect(widened.breaking).toEqual([]);
    expect(widened.compatible).toContain(`type of ${key}: integer → integer|string`);
    expect(compare(asInteger, withKeyId({ type: 'number' })).breaking).toEqual([]);
    expect(compare(current, asInteger).breaking).toContain(`type of ${key}: integer|string → integer`);
    expect(compare(current, withKeyId({ type: 'string' })).breaking).toContain(
      `type of ${key}: integer|string → string`,
    );
  });

  it('additions are compatible and listed in the changelog', () => {
    const { breaking, compatible } = compare(
      current,
      changed((doc) => {
        schemas(doc).Server.properties.cores = { type: 'integer' };
        doc.paths['/1.5/dns/list_ips.json'].get.parameters.push({
          name: 'zone',
          in: 'query',
          required: false,
          schema: { type: 'string' },
        });
        schemas(doc).ServerFilters.properties.state.enum.push('Rebooting');
      }),
    );
    expect(breaking).toEqual([]);
    expect(compatible).toEqual(
      expect.arrayContaining([
        'added response field: GET /1.3/server/list_servers.json → return.data[].cores',
        'added request field: GET /1.5/dns/list_ips.json zone',
        'new values of GET /1.3/server/list_servers.json filters[state]: Rebooting',
      ]),
    );
  });
});
