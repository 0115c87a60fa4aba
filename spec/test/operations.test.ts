// The document against the interface description, operation by operation and record by record.
import { describe, expect, it } from 'vitest';
import { FORM_TYPES } from '../lib/wire.ts';
import { OPERATIONS, RECORDS, RECORD_ENUMS, type Param, type Returns } from './description.js';
import {
  doc,
  deref,
  formFields,
  jsonType,
  operations,
  propertiesOf,
  queryParams,
  refName,
  requiredOf,
  schemaAt,
  successSchema,
  type DocOperation,
  type Node,
} from './document.js';

function find(method: string, path: string): DocOperation {
  const found = operations.find((o) => o.method === method && o.path === path);
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
}

/** The table's parameters in the shape the document is read into. */
const expected = (params: readonly Param[]) =>
  params.map((p) => ({
    name: p.name,
    type: p.type,
    required: Boolean(p.required),
    ...(p.enum ? { enum: [...p.enum] } : {}),
    ...(p.default !== undefined ? { default: p.default } : {}),
  }));

describe('the document has exactly the 22 operations of the description', () => {
  it('no more, no fewer', () => {
    const inDoc = operations.map((o) => `${o.method} ${o.path}`).sort();
    const inTable = Object.values(OPERATIONS)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(inDoc).toEqual(inTable);
    expect(inDoc).toHaveLength(22);
  });

  it('operationIds and client method names are unique identifiers', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(22);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z]+$/);
    const methods = operations.map((o) => o.op['x-client-method']);
    expect(new Set(methods).size).toBe(22);
  });
});

describe.each(Object.entries(OPERATIONS))('%s', (_name, spec) => {
  const { op } = find(spec.method, spec.path);

  it('is tagged with its area and tells the user what it does', () => {
    expect(op.tags).toEqual([spec.tag]);
    expect(doc.tags.map((t: Node) => t.name)).toContain(spec.tag);
    expect(op.summary?.length).toBeGreaterThan(5);
    expect(op.description?.length).toBeGreaterThan(40);
  });

  if (spec.method === 'get') {
    it('takes exactly the described query parameters: types, required-ness, enumerations, defaults', () => {
      expect(queryParams(op)).toEqual(expected(spec.params));
      for (const p of (op.parameters ?? []).map(deref)) {
        expect(p.in).toBe('query');
        expect(p.description?.length).toBeGreaterThan(5);
      }
    });

    it('is authenticated by the apikey query scheme', () => {
      expect(op.security).toBeUndefined();
      expect(doc.security).toEqual([{ apiKey: [] }]);
      expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'query', name: 'apikey' });
    });
  } else {
    it('takes exactly the described form fields, in order, apikey first and required, with defaults', () => {
      const body = deref(op.requestBody);
      expect(body.required).toBe(true);
      expect(Object.keys(body.content).sort()).toEqual(FORM_TYPES);
      for (const type of FORM_TYPES) {
        expect(formFields(body.content[type].schema), type).toEqual(expected(spec.params));
      }
    });

    it('encodes every bracketed field as deepObject/explode under both media types', () => {
      const body = deref(op.requestBody);
      for (const type of FORM_TYPES) {
        const media = body.content[type];
        const bracketed = Object.entries(propertiesOf(media.schema))
          .filter(([, s]) => ['object', 'array'].includes(deref(s as Node).type))
          .map(([k]) => k);
        expect(Object.keys(media.encoding ?? {}).sort(), type).toEqual(bracketed.sort());
        for (const key of bracketed) expect(media.encoding[key]).toEqual({ style: 'deepObject', explode: true });
      }
    });

    it('takes the key as its first form field instead of a security scheme, and says why', () => {
      expect(op.security).toEqual([]);
      expect(op.description).toMatch(/first form field/);
    });
  }

  // Clients derive their yes/no input type from the shared schema, so every 0/1 input uses it.
  it('takes every yes/no input (1 or 0 in the description) as the shared Switch', () => {
    const switches = spec.params.filter((p) => p.enum?.join() === '0,1');
    for (const p of switches) expect(refName(schemaAt(op, p.name)), p.name).toBe('Switch');
  });

  it('answers exactly the described envelope fields, each always or sometimes there, and `return`', () => {
    const success = successSchema(op);
    const props = propertiesOf(success);
    const required = requiredOf(success);
    const envelope = Object.fromEntries(
      Object.keys(props)
        .filter((field) => field !== 'return')
        .map((field) => [field, required.includes(field) ? 'always' : 'sometimes']),
    );
    expect(envelope).toEqual(spec.envelope);
    if (spec.envelope.status) expect(deref(props.status).const).toBe(true);
    checkReturn(props.return, required.includes('return'), spec.returns);
  });

  it('models the failures seen from the live service: status false on 200, msg-only on 400, rate limit on 500', () => {
    const schemaOf = (code: string) => deref(op.responses[code]).content['application/json'].schema;
    expect(schemaOf('200').anyOf.map(refName)).toContain('Failure');
    expect(refName(schemaOf('400'))).toBe('Failure');
    expect(refName(schemaOf('500'))).toBe('Failure');
    expect(deref(op.responses['500']).description).toMatch(/Seen from the live service/);
  });
});

function checkReturn(ret: Node | undefined, required: boolean, returns: Returns) {
  if ('none' in returns) {
    expect(ret).toBeUndefined();
    return;
  }
  expect(required).toBe(true);
  expect(ret).toBeDefined();
  const schema = ret as Node;
  if ('record' in returns) expect(refName(schema)).toBe(returns.record);
  if ('arrayOf' in returns) {
    expect(schema.type).toBe('array');
    expect(refName(schema.items)).toBe(returns.arrayOf);
  }
  if ('pageOf' in returns) {
    const page = deref(schema);
    expect(page.allOf.map(refName)).toContain('PagedList');
    expect(refName(propertiesOf(page).data.items)).toBe(returns.pageOf);
  }
  if ('mapOf' in returns) {
    const map = deref(schema);
    const objectForm = [map, ...(map.oneOf ?? [])].find((m: Node) => m.type === 'object');
    expect(refName(objectForm.additionalProperties)).toBe(returns.mapOf);
  }
}

describe.each(Object.entries(RECORDS))('record %s', (name, fields) => {
  const schema = doc.components.schemas[name];

  it('is a named schema with exactly the described fields and JSON types', () => {
    expect(schema, `components.schemas.${name}`).toBeDefined();
    const props = propertiesOf(schema);
    const described = Object.fromEntries(Object.entries(fields).map(([k, t]) => [k.replace(/\?$/, ''), t]));
    expect(Object.keys(props).sort()).toEqual(Object.keys(described).sort());
    for (const [field, type] of Object.entries(described)) {
      expect(jsonType(props[field]), `${name}.${field}`).toBe(type);
    }
  });

  it('requires every field except those the description says are sometimes absent', () => {
    const always = Object.keys(fields).filter((k) => !k.endsWith('?'));
    expect(requiredOf(schema).sort()).toEqual(always.sort());
  });

  it('accepts fields the live service adds', () => {
    const s = deref(schema);
    expect(s.additionalProperties).not.toBe(false);
    expect(s.unevaluatedProperties).not.toBe(false);
  });
});

describe('record details the description spells out', () => {
  const schemas = doc.components.schemas;

  it('names the enumerations', () => {
    for (const [path, values] of Object.entries(RECORD_ENUMS)) {
      const [record, field] = path.split('.') as [string, string];
      expect(deref(propertiesOf(schemas[record])[field]).enum).toEqual(values);
    }
  });

  it('writes flags as "0"/"1" strings and timestamps that accept the all-zero unset form', () => {
    const flag = new RegExp(schemas.Flag.pattern);
    expect(['0', '1'].every((v) => flag.test(v))).toBe(true);
    expect(flag.test('2')).toBe(false);
    const timestamp = new RegExp(schemas.Timestamp.pattern);
    expect(timestamp.test('0000-00-00 00:00:00')).toBe(true);
    expect(timestamp.test('2026-03-14 09:26:53')).toBe(true);
    expect(timestamp.test('2026-03-14T09:26:53Z')).toBe(false);
    expect(new RegExp(schemas.Date.pattern).test('0000-00-00')).toBe(true);
    for (const field of ['locked', 'rescue']) expect(refName(schemas.Server.properties[field])).toBe('Flag');
    for (const field of ['created', 'date_updated', 'maint_date', 'maint_date_end']) {
      expect(refName(schemas.Server.properties[field])).toBe('Timestamp');
    }
  });

  it('keys bandwidth by address, then by date, then DOMESTIC/INTERNATIONAL counters', () => {
    const usage = schemas.BandwidthUsage;
    expect(usage.type).toBe('object');
    expect(refName(usage.additionalProperties.additionalProperties)).toBe('BandwidthDay');
    expect(refName(usage.additionalProperties.propertyNames)).toBe('Date');
    for (const side of ['DOMESTIC', 'INTERNATIONAL']) {
      expect(refName(schemas.BandwidthDay.properties[side])).toBe('BandwidthCounters');
    }
  });

  it('maps disk names to success flags in an upgrade result', () => {
    expect(schemas.UpgradeResult.properties.disk.additionalProperties).toEqual({ type: 'boolean' });
  });

  it('accepts the observed empty array for an empty list_ips', () => {
    expect(schemas.IpAddressMap.oneOf).toContainEqual({
      type: 'array',
      maxItems: 0,
      items: { $ref: '#/components/schemas/IpAddress' },
    });
  });

  it('types nested arrays of records', () => {
    expect(refName(schemas.Server.properties.primary_ips.items)).toBe('PrimaryIp');
    expect(refName(schemas.Database.properties.grants.items)).toBe('DatabaseGrant');
    expect(schemas.DatabaseGrant.properties.grants.items.type).toBe('string');
    expect(refName(schemas.SshKey.properties.users.items)).toBe('SshKeyUser');
    expect(propertiesOf(schemas.DomainAvailability.properties.other.items)).toHaveProperty('available');
  });
});

describe('the document explains itself', () => {
  it('has Authentication, envelope, failures, versions and pagination sections', () => {
    for (const heading of [
      '## Authentication',
      '## The envelope',
      '## Failures',
      '## Versions per operation',
      '## Pagination',
    ]) {
      expect(doc.info.description).toContain(heading);
    }
    expect(doc.info.description).toMatch(/client_id/);
  });

  it('never shows anything but the placeholder as an API key', () => {
    const keys = JSON.stringify(doc).match(/"apikey":"[^"]*"/g) ?? [];
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set(['"apikey":"YOUR_API_KEY"']));
  });
});
