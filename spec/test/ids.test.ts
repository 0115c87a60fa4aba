// Identifiers round-trip (issue 37): every identifier an answer gives (as a string of digits, as
// the service writes every one) is accepted by the request field that takes it back, as that
// string and as a number, through the one shared schema (components/schemas/IdInput.yaml), and
// goes out as the same digits either way.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { leavesOf, requestFields, shownName } from '../lib/fields.ts';
import { encodeFields } from '../lib/wire.ts';
import { doc, inline, type Node, operations } from './document.js';

const ID_INPUT = '#/components/schemas/IdInput';

/**
 * Each request identifier, by the operations that take it, and where answers give it: the names
 * of the answer properties that hold it (in any operation's answers, or in one operation's: `op:name`).
 */
const ROUND_TRIPS: { takes: string[]; gives: string[] }[] = [
  { takes: ['client_id'], gives: ['client_id', 'ClientID'] },
  { takes: ['key_id'], gives: ['key_id', 'getSshKey:id'] },
  { takes: ['template_id'], gives: ['template_id'] },
  {
    takes: [
      'contact_id',
      'registrant_contact',
      'params[AdminContact]',
      'params[TechContact]',
      'params[BillingContact]',
    ],
    gives: ['ContactID', 'RegistrantContactID', 'AdminContactID', 'TechnicalContactID'],
  },
];

/** Every request leaf: `{ operation, name, schema }` (the schema as the description writes it). */
const leaves = operations.flatMap((operation) =>
  requestFields(doc, operation)
    .flatMap(leavesOf)
    .map((leaf) => ({ operation: operation.op.operationId as string, name: shownName(leaf.segments), leaf })),
);

/** Every value an answer example of an operation gives under a property name, however deep. */
function answerValues(operationId: string | undefined, property: string): unknown[] {
  const values: unknown[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        if (name === property) values.push(inner);
        walk(inner);
      }
    }
  };
  for (const { op } of operations) {
    if (operationId && op.operationId !== operationId) continue;
    for (const example of Object.values<Node>(op.responses['200'].content['application/json'].examples ?? {}))
      walk(inline(example).value);
  }
  return values;
}

const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
const accepts = (schema: Node, value: unknown) => ajv.validate(inline(schema), value);

describe('identifiers a request takes back from an answer', () => {
  const taken = ROUND_TRIPS.flatMap((trip) => trip.takes);

  it('are every request field of the shared schema, and each uses it', () => {
    const shared = leaves.filter(({ leaf }) => leaf.shape.given.$ref === ID_INPUT).map(({ name }) => name);
    expect([...new Set(shared)].sort()).toEqual([...taken].sort());
    for (const { operation, name, leaf } of leaves.filter((l) => taken.includes(l.name)))
      expect(leaf.shape.given.$ref, `${operation} ${name}`).toBe(ID_INPUT);
  });

  it.each(ROUND_TRIPS)('$takes: every answer gives it as text the request takes, as it is or as a number', (trip) => {
    const given = trip.gives.flatMap((where) => {
      const [operation, property] = where.includes(':') ? where.split(':') : [undefined, where];
      const values = answerValues(operation, property as string);
      expect(values.length, `no answer example gives ${where}`).toBeGreaterThan(0);
      return values;
    });
    for (const { operation, name, leaf } of leaves.filter((l) => trip.takes.includes(l.name))) {
      for (const value of given) {
        expect(value, `${operation} ${name}`).toMatch(/^[0-9]+$/);
        expect(accepts(leaf.shape.given, value), `${operation} ${name} = ${JSON.stringify(value)}`).toBe(true);
        expect(accepts(leaf.shape.given, Number(value)), `${operation} ${name} = ${value}`).toBe(true);
      }
    }
  });

  it('is a whole number from 1, or its digits; nothing else', () => {
    const schema = { $ref: ID_INPUT };
    for (const value of [1, 42, 2 ** 53 - 1, '1', '42', '3310', '90071992547409930'])
      expect(accepts(schema, value), JSON.stringify(value)).toBe(true);
    const refused = [0, -1, 4.2, '0', '042', '-1', '4.2', '', ' 42', '42 ', '4e1', '0x2A', 'abc', true, null, [42]];
    for (const value of refused) expect(accepts(schema, value), JSON.stringify(value)).toBe(false);
  });

  it('goes out as the same digits, as a number or as the string', () => {
    expect(encodeFields({ client_id: '293', key_id: '42' })).toBe(encodeFields({ client_id: 293, key_id: 42 }));
    expect(encodeFields({ params: { AdminContact: '3310' } })).toBe('params[AdminContact]=3310');
  });
});
