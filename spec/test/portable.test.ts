// The portable description (dist/openapi.portable.json, scripts/portable.ts) against the
// interface description's table: every field under its literal wire name, in order, the key a
// declared parameter or field, nothing a generic tool has to guess or honour (no deepObject, no
// `encoding`, no security scheme, no vendor extension), and every request example valid against
// the flat form.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { deref, operationsOf } from '../lib/document.ts';
import { INDEX_PATTERN, KEY_PATTERN, namePattern, pointer, segmentsOf } from '../lib/wire.ts';
import { PORTABLE, portable } from '../scripts/portable.ts';
import { OPERATIONS } from './description.js';
import { doc, isObject, jsonType, type Node } from './document.js';

const flat: Node = JSON.parse(readFileSync(PORTABLE, 'utf8'));
const YAML = fileURLToPath(new URL('../dist/openapi.portable.yaml', import.meta.url));

const derefIn = (node: Node): Node => deref(flat, node);

/** A table name (`additional_tlds[<n>]`, `upgrade[disk][<key>]`) as the pattern of the names it stands for. */
const patternFor = (name: string) =>
  namePattern(
    segmentsOf(name).map((s) =>
      s === '<n>' ? { pattern: INDEX_PATTERN } : s === '<key>' ? { pattern: KEY_PATTERN } : s,
    ),
  );

/**
 * The table rows in the order the names first stand for them: in the table's order when the
 * fields are (the slots of a list of records repeat its rows: entry 0's fields, then entry 1's).
 */
const firstRows = (rows: { row: number }[]) => [...new Set(rows.map((r) => r.row))];

function everyKey(node: unknown, visit: (key: string, value: unknown) => void) {
  if (Array.isArray(node)) node.forEach((n) => everyKey(n, visit));
  else if (isObject(node))
    for (const [k, v] of Object.entries(node)) {
      visit(k, v);
      everyKey(v, visit);
    }
}

describe('the portable description', () => {
  it('is what scripts/portable.ts derives from the bundle as it is (dist is fresh)', () => {
    expect(flat).toEqual(JSON.parse(JSON.stringify(portable(doc))));
    expect(readFileSync(YAML, 'utf8')).toMatch(/^openapi: 3\.1\.0\n/);
  });

  it('needs nothing a generic tool guesses or honours: no encoding or style, no security scheme, no extension', () => {
    const found: string[] = [];
    everyKey(flat, (key) => {
      if (key.startsWith('x-') || ['security', 'securitySchemes', 'encoding', 'style', 'explode'].includes(key))
        found.push(key);
    });
    expect(found).toEqual([]);
  });

  it('writes a schema of several types as one schema per type, taking exactly the same values', () => {
    const lists: string[] = [];
    everyKey(flat, (key, value) => {
      if (key === 'type' && Array.isArray(value) && value.filter((t) => t !== 'null').length > 1)
        lists.push(`${value}`);
    });
    // Swagger UI 5 reads a required parameter typed with a list of types as never given (swagger-ui#10646).
    expect(lists).toEqual([]);
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    const canonical = ajv.compile(doc.components.schemas.IdInput);
    const written = ajv.compile(flat.components.schemas.IdInput);
    expect(flat.components.schemas.IdInput.anyOf).toEqual([
      { type: 'integer', minimum: 1 },
      { type: 'string', pattern: '^[1-9][0-9]*$' },
    ]);
    for (const value of [293, '293', 0, '0', -1, 4.5, '042', 'abc', '', true, null, [1], { id: 1 }])
      expect(written(value), JSON.stringify(value)).toBe(canonical(value));
  });

  it("sends every form field as a value under OpenAPI's defaults: no object field, arrays of values only", () => {
    const found: string[] = [];
    for (const { op } of operationsOf(flat)) {
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Node>)) {
        const fields = { ...media.schema.properties, ...media.schema.patternProperties } as Record<string, Node>;
        for (const [name, field] of Object.entries(fields)) {
          const s = derefIn(field);
          // An array goes out once per item (style form, explode): only `name[]` is sent that way.
          const ok =
            s.type === 'array' ? name.endsWith('[]') && derefIn(s.items).type !== 'object' : s.type !== 'object';
          if (!ok) found.push(`${op.operationId} ${type} ${name}: ${s.type}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe.each(Object.entries(OPERATIONS))('%s', (_name, spec) => {
  const op: Node = flat.paths[spec.path][spec.method];
  const table = spec.params.filter((p) => p.name !== 'apikey');

  /** Each flat name or pattern with the index of the table row it stands for. */
  function rows(names: string[], patterns: string[]) {
    const byName = names.map((name) => ({
      name,
      row: table.findIndex((p) => new RegExp(patternFor(p.name)).test(name)),
    }));
    const byPattern = patterns.map((pattern) => ({
      name: pattern,
      row: table.findIndex((p) => patternFor(p.name) === pattern),
    }));
    return { byName, byPattern };
  }

  if (spec.method === 'get') {
    it('takes apikey first, then every described parameter under its wire name, in order', () => {
      const parameters = op.parameters as Node[];
      expect(parameters[0]).toMatchObject({ name: 'apikey', in: 'query', required: true });
      const rest = parameters.slice(1);
      for (const p of rest) expect(p.in).toBe('query');
      const { byName } = rows(
        rest.map((p) => p.name),
        [],
      );
      expect(byName.filter((r) => r.row < 0).map((r) => r.name)).toEqual([]);
      expect(firstRows(byName)).toEqual([...firstRows(byName)].sort((a, b) => a - b));
      expect(new Set(byName.map((r) => r.row)).size).toBe(table.length);
      for (const { name, row } of byName) {
        const p = rest.find((x) => x.name === name)!;
        expect(jsonType(derefIn(p.schema)), name).toBe(table[row]!.type);
        expect(p.required, name).toBe(Boolean(table[row]!.required));
        expect(p.description?.length, name).toBeGreaterThan(5);
      }
    });
  } else {
    it('takes apikey first, then every described field under its wire name, in order, under both media types', () => {
      for (const [type, media] of Object.entries(op.requestBody.content as Record<string, Node>)) {
        const schema = media.schema;
        const names = Object.keys(schema.properties);
        expect(names[0], type).toBe('apikey');
        expect(schema.required, type).toEqual(spec.params.filter((p) => p.required).map((p) => p.name));
        const { byName, byPattern } = rows(names.slice(1), Object.keys(schema.patternProperties ?? {}));
        expect(
          [...byName, ...byPattern].filter((r) => r.row < 0).map((r) => r.name),
          type,
        ).toEqual([]);
        expect(firstRows(byName), type).toEqual([...firstRows(byName)].sort((a, b) => a - b));
        expect(new Set([...byName, ...byPattern].map((r) => r.row)).size, type).toBe(table.length);
        for (const { name, row } of byName) {
          const field = derefIn(schema.properties[name]);
          // `params[the service][]` is one array field; its items are the table's type.
          const leaf = name.endsWith('[]') ? derefIn(field.items) : field;
          expect(jsonType(leaf), name).toBe(table[row]!.type);
        }
        for (const { name, row } of byPattern)
          expect(jsonType(schema.patternProperties[name]), name).toBe(table[row]!.type);
        expect(schema.additionalProperties, type).toBe(false);
      }
    });

    it('has named request examples in the flat form, valid against it', () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      ajv.addSchema(flat, 'portable');
      for (const [type, media] of Object.entries(op.requestBody.content as Record<string, Node>)) {
        const validate = ajv.compile({
          $ref: `portable${pointer('paths', spec.path, 'post', 'requestBody', 'content', type, 'schema')}`,
        });
        const examples = Object.entries(media.examples as Record<string, Node>);
        expect(examples.length, type).toBeGreaterThan(0);
        for (const [name, example] of examples) {
          expect(validate(example.value) ? [] : validate.errors, `${type} ${name}`).toEqual([]);
          expect(Object.keys(example.value)[0], name).toBe('apikey');
        }
      }
    });
  }
});
