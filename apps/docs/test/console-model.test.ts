// The console's model of every operation, derived from the bundle, held to the hand-written
// table of the interface description (spec/test/description.ts, nothing in it read from the
// spec): every input's wire name, type, required mark and choices. And the form's values: the
// pre-filled example goes to the client unchanged, blanks are left out, required blanks named.
import { gzipSync } from 'node:zlib';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { describe, expect, it } from 'vitest';
import { bundleConsole } from '../build/console.ts';
import { MOCK_URL } from '../build/mock.ts';
import { consoleModel, type Field } from '../console/model.ts';
import { operationAt } from '../console/src/route.js';
import { initialValues, missingRequired, toInput } from '../console/src/values.js';
import { asText } from '../console/src/verdict.js';
import { OPERATIONS as DESCRIBED } from '../../../spec/test/description.js';

const doc = readBundle();
const model = consoleModel(doc, MOCK_URL);
const described = new Map(Object.values(DESCRIBED).map((op) => [op.path, op]));

/** Every input as the table writes it: `params[databases][<n>][db_name]`, `upgrade[disk][<key>]`. */
function wirePatterns(
  fields: Field[],
  parent = '',
  required = true,
): { name: string; type: string; required?: boolean; enum?: unknown[] }[] {
  return fields.flatMap((f) => {
    const name = parent ? `${parent}[${f.name}]` : f.name;
    const isRequired = required && f.required === true;
    switch (f.kind) {
      case 'value':
        return [{ name, type: f.type, ...(isRequired && { required: true }), ...(f.enum && { enum: f.enum }) }];
      case 'object':
        return wirePatterns(f.fields, name, isRequired);
      case 'list':
        return wirePatterns([{ ...f.item, name: f.emptyBrackets ? '' : '<n>' }], name, false);
      case 'map':
        return wirePatterns([{ ...f.value, name: '<key>' }], name, false);
    }
  });
}

describe('the console model', () => {
  it('has every operation of the description, in its order, with its route, method and path', () => {
    expect(model.operations.map((op) => `${op.method} ${op.path}`)).toEqual(
      operationsOf(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`),
    );
    expect(model.operations.map((op) => op.path).sort()).toEqual([...described.keys()].sort());
    expect(model.operations.find((op) => op.id === 'updateDomainContact')!.route).toBe(
      '#/domain-registration/updatedomaincontact',
    );
  });

  it.each(model.operations.map((op) => [op.id, op] as const))(
    '%s: every input with its wire name, type, required mark and choices',
    (_id, op) => {
      const table = described.get(op.path)!;
      expect(op.method.toLowerCase()).toBe(table.method);
      const expected = table.params
        .filter((p) => p.name !== 'apikey')
        .map((p) => ({
          name: p.name,
          type: p.type,
          ...(p.required && { required: true }),
          ...(p.enum && { enum: [...p.enum] }),
        }));
      expect(wirePatterns(op.fields)).toEqual(expected);
    },
  );

  it.each(model.operations.map((op) => [op.id, op] as const))(
    "%s: the pre-filled form sends the description's example call",
    (_id, op) => {
      const { method, op: described } = operationsOf(doc).find(({ op: o }) => o.operationId === op.id)!;
      const example = exampleInput(doc, described, method);
      expect(toInput(op.fields, initialValues(op.fields, op.example))).toEqual(example);
      expect(missingRequired(op.fields, initialValues(op.fields, op.example))).toEqual([]);
    },
  );

  it.each(model.operations.map((op) => [op.id, op] as const))(
    '%s: offers every named response example for Prefer',
    (_id, op) => {
      const { op: described } = operationsOf(doc).find(({ op: o }) => o.operationId === op.id)!;
      const expected = Object.keys(described.responses).flatMap((code) =>
        Object.keys(responseExamples(doc, described, code)).map((name) => `${code} ${name}`),
      );
      expect(op.responses.map((r) => `${r.status} ${r.name}`)).toEqual(expected);
      expect(expected.length).toBeGreaterThanOrEqual(4); // success, a failure, missing key, rate limit
      for (const r of op.responses) expect(r.summary).not.toBe('');
    },
  );

  it("hints each field by its own description, where one is written beside its schema's $ref", () => {
    const copy = model.operations.find((op) => op.id === 'copyStack')!;
    const params = copy.fields.find((f) => f.name === 'params') as Extract<Field, { kind: 'object' }>;
    const hint = (name: string) => params.fields.find((f) => f.name === name)!.description;
    expect(hint('copy_env_file')).toBe('1 to copy the environment variables, 0 (the default) not to.');
    expect(hint('shutdown')).toBe('1 to shut the new stack down after cloning, 0 (the default) not to.');
  });

  it("offers the local mock first, then the description's servers", () => {
    expect(model.servers.map((s) => s.url)).toEqual([
      MOCK_URL,
      ...doc.servers.map((s: { url: string }) => s.url).filter((url: string) => url !== MOCK_URL),
    ]);
    expect(MOCK_URL).toBe('http://127.0.0.1:4010');
  });
});

describe('the operation of a route', () => {
  const at = (hash: string) => operationAt(hash, model.operations)?.id;

  it("is found for every operation's deep link, in any case, with a trailing slash or a sub-route", () => {
    for (const op of model.operations) expect(at(op.route)).toBe(op.id);
    expect(at('#/Domain-Registration/UpdateDomainContact/')).toBe('updateDomainContact');
    expect(at('#/servers/listservers/responses')).toBe('listServers');
  });

  it('is none for other pages, look-alikes and malformed addresses', () => {
    for (const hash of ['', '#/', '#/servers', '#/section/authentication', '#/servers/listserversx', '#/%E0%A4%A'])
      expect(at(hash), hash).toBeUndefined();
  });
});

describe('the form values', () => {
  const copy = model.operations.find((op) => op.id === 'copyStack')!;
  const upgrade = model.operations.find((op) => op.id === 'upgradeServer')!;
  const tlds = model.operations.find((op) => op.id === 'checkDomainAvailability')!;

  it('leave blank inputs and empty groups out, and keep text that is not a number as typed', () => {
    const values = initialValues(upgrade.fields, {});
    expect(toInput(upgrade.fields, values)).toEqual({});
    values.client_id = 'abc';
    values.upgrade = {
      cores: ' 4',
      ram: '8',
      disk: [
        ['xvda1', '120'],
        ['', '5'],
        ['xvdb', ''],
      ],
    };
    expect(toInput(upgrade.fields, values)).toEqual({
      client_id: 'abc',
      upgrade: { cores: ' 4', ram: '8', disk: { xvda1: 120 } },
    });
  });

  it('turn choices into their enumerated values: integers stay integers, digit strings stay strings', () => {
    const values = initialValues(copy.fields, copy.example);
    const params = values.params as Record<string, unknown>;
    params.copy_env_file = '1';
    params['the service'] = ['a.example', '', 'b.example'];
    const input = toInput(copy.fields, values) as { params: Record<string, unknown> };
    expect(input.params.copy_env_file).toBe(1);
    expect(input.params['the service']).toEqual(['a.example', 'b.example']);
    const digits: Field[] = [{ kind: 'value', name: 'flag', type: 'string', enum: ['0', '1'] }];
    expect(toInput(digits, initialValues(digits, { flag: '0' }))).toEqual({ flag: '0' });
  });

  it('take an identifier as the digits an answer gives, kept exact (issue 37)', () => {
    const getKey = model.operations.find((op) => op.id === 'getSshKey')!;
    const key = getKey.fields.find((f) => f.name === 'key_id');
    expect(key).toMatchObject({ kind: 'value', type: 'integer|string', pattern: '^[1-9][0-9]*$' });
    const values = initialValues(getKey.fields, {});
    Object.assign(values, { client_id: '293', key_id: '42' });
    expect(toInput(getKey.fields, values)).toEqual({ client_id: 293, key_id: 42 });
    // Past what a number holds exactly, the digits as typed; text that is no identifier goes as typed.
    Object.assign(values, { key_id: '90071992547409931' });
    expect(toInput(getKey.fields, values)).toEqual({ client_id: 293, key_id: '90071992547409931' });
    Object.assign(values, { key_id: 'abc' });
    expect(toInput(getKey.fields, values)).toEqual({ client_id: 293, key_id: 'abc' });
  });

  it('name the required inputs left blank by their wire names, nested ones only when their group is sent', () => {
    expect(missingRequired(copy.fields, initialValues(copy.fields, {}))).toEqual([
      'client_id',
      'source_server',
      'name',
      'destination_server',
      'label',
    ]);
    expect(missingRequired(tlds.fields, initialValues(tlds.fields, { client_id: 293 }))).toEqual(['domain']);
  });

  it("name a list item's required inputs left blank by the item's wire name, only for items sent", () => {
    const host: Field = { kind: 'value', name: 'host', type: 'string', required: true };
    const item: Field = { kind: 'object', name: '', fields: [host, { kind: 'value', name: 'db', type: 'string' }] };
    const fields: Field[] = [{ kind: 'object', name: 'params', fields: [{ kind: 'list', name: 'dbs', item }] }];
    const values = initialValues(fields, { params: { dbs: [{ host: 'a', db: 'x' }, {}, { db: 'y' }] } });
    expect(missingRequired(fields, values)).toEqual(['params[dbs][2][host]']);
  });
});

describe("an answer's values as text", () => {
  it('shows any JSON a server sends, nested as deep as JSON.parse takes, without throwing', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(asText(deep)).toBe('[object Array]');
    expect(asText({ toString: 1 })).toBe('{"toString":1}');
    expect(asText('text')).toBe('text');
    expect(asText(undefined)).toBe('');
  });
});

describe('the console script', () => {
  it('is one minified script with the model, Preact and the client bundled, and no API key in it', async () => {
    const { code } = await bundleConsole(doc);
    expect(code).not.toMatch(/^\s*import\s/m); // a classic script: runs from a plain file too
    expect(code).toContain('"updateDomainContact"');
    expect(code).toContain('/1.2/srs/update_contact.json');
    expect(code).not.toMatch(/apikey=/); // the docs' check: the only key a page may show is the samples' placeholder
    // Really bundled (the budget itself is in packages/benchmarks).
    expect(gzipSync(code).length).toBeGreaterThan(10_000);
  });
});
