// changes() (what the docs' changelog lists), answerFields() (the fields of a successful answer)
// and sectionRoute(), on small hand-written descriptions: each kind of change once, where it is
// reported, and whether it breaks a client.
import { describe, expect, it } from 'vitest';
import { type Change, changes } from '../lib/compat.ts';
import { answerFields, type Node, sectionRoute, tagRoute } from '../lib/document.ts';

const json = (schema: Node) => ({ description: 'ok', content: { 'application/json': { schema } } });
const FAILURE = { $ref: '#/components/schemas/Failure' };

/** A description of one GET (`/1.0/list.json`, its query `params`) and one POST (`/1.0/add.json`, its `form`). */
function describeApi({
  params = [],
  form = {},
  answer = { type: 'object' },
}: {
  params?: Node[];
  form?: Node;
  answer?: Node;
}) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    paths: {
      '/1.0/list.json': {
        get: {
          operationId: 'list',
          tags: ['Things'],
          parameters: params,
          responses: { 200: json({ anyOf: [answer, FAILURE] }) },
        },
      },
      '/1.0/add.json': {
        post: {
          operationId: 'add',
          tags: ['Things'],
          requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', ...form } } } },
          responses: { 200: json({ type: 'object' }) },
        },
      },
    },
    components: {
      schemas: {
        Failure: { type: 'object', properties: { msg: { type: 'string' }, status: { const: false } } },
        Thing: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, note: { type: 'string' } } },
      },
    },
  };
}

const query = (name: string, schema: Node, required = false) => ({ name, in: 'query', required, schema });
const said = (list: Change[]) =>
  list.map((c) => `${c.breaking ? '!' : ' '} ${c.change} ${c.kind} ${c.field ?? c.operation}: ${c.detail}`);

describe('changes()', () => {
  it('finds nothing between a description and itself', () => {
    const doc = describeApi({ params: [query('client_id', { type: 'integer' }, true)] });
    expect(changes(doc, structuredClone(doc))).toEqual([]);
  });

  it('an operation added or removed: one change, its fields not listed apart; removing breaks', () => {
    const both = describeApi({ form: { properties: { label: { type: 'string' } } } });
    const onlyGet: Node = structuredClone(both);
    delete onlyGet.paths['/1.0/add.json'];
    expect(said(changes(onlyGet, both))).toEqual(['  added operation POST /1.0/add.json: added']);
    const removed = changes(both, onlyGet);
    expect(said(removed)).toEqual(['! removed operation POST /1.0/add.json: removed']);
    expect(removed[0]).toMatchObject({ operation: 'POST /1.0/add.json', field: undefined, kind: 'operation' });
    expect(removed[0]!.text).toBe('removed operation: POST /1.0/add.json');
  });

  it('request fields by wire name: optional added is compatible; required added, removed, made required break', () => {
    const before = describeApi({
      params: [query('filters', { type: 'object', properties: { state: { type: 'string' } } })],
      form: { required: ['client_id'], properties: { client_id: { type: 'integer' }, label: { type: 'string' } } },
    });
    const after = describeApi({
      params: [query('filters', { type: 'object', properties: { type: { type: 'string' } } }), query('page', {})],
      form: {
        required: ['client_id', 'label', 'zone'],
        properties: { client_id: { type: 'integer' }, label: { type: 'string' }, zone: { type: 'string' } },
      },
    });
    expect(said(changes(before, after))).toEqual([
      '! removed request filters[state]: removed',
      '! changed request label: now required',
      '  added request filters[type]: added',
      '  added request page: added',
      '! added request zone: added, required',
    ]);
  });

  it('types and enumerations: widening a request is compatible, narrowing breaks; new answer values break', () => {
    const before = describeApi({
      params: [query('id', { type: 'integer' }), query('state', { enum: ['On', 'Off'] })],
      answer: { type: 'object', properties: { kind: { type: 'string', enum: ['a'] } } },
    });
    const after = describeApi({
      params: [query('id', { type: ['integer', 'string'] }), query('state', { enum: ['On', 'Other'] })],
      answer: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'] } } },
    });
    expect(said(changes(before, after))).toEqual([
      '  changed request id: type integer → integer|string',
      '! changed request state: narrowed enumeration: removed Off',
      '  changed request state: new values: Other',
      '! changed response kind: new values: b',
    ]);
    expect(said(changes(after, before))).toContain('! changed request id: type integer|string → integer');
  });

  it('answer fields: added is compatible; removed or no longer always there breaks', () => {
    const list = (item: Node) => ({ type: 'object', properties: { return: { type: 'array', items: item } } });
    const before = describeApi({ answer: list({ $ref: '#/components/schemas/Thing' }) });
    const after: Node = structuredClone(before);
    after.components.schemas.Thing = {
      type: 'object',
      properties: { id: { type: 'integer' }, ip: { type: 'string' } },
    };
    expect(said(changes(before, after))).toEqual([
      '! changed response return[].id: no longer always present',
      '! removed response return[].note: removed',
      '  added response return[].ip: added',
    ]);
  });
});

describe('answerFields()', () => {
  const doc = describeApi({
    answer: {
      type: 'object',
      required: ['return', 'status'],
      properties: {
        status: { const: true, description: 'Success.' },
        return: {
          type: 'object',
          properties: {
            data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
            usage: {
              type: 'object',
              additionalProperties: { type: 'object', properties: { peak: { type: 'number' } } },
            },
          },
        },
      },
    },
  });
  const fields = answerFields(doc, doc.paths['/1.0/list.json'].get);

  it("names every field by its JSON path, depth first, the failure envelope's left out", () => {
    expect(fields.map((f) => f.name)).toEqual([
      'status',
      'return',
      'return.data',
      'return.data[]',
      'return.data[].id',
      'return.data[].note',
      'return.usage',
      'return.usage.<key>',
      'return.usage.<key>.peak',
    ]);
    expect(fields.map((f) => f.name)).not.toContain('msg');
  });

  it("says which are always there (their object requires them), follows $ref, keeps each one's description", () => {
    const by = (name: string) => fields.find((f) => f.name === name)!;
    expect([by('status').required, by('return.data').required, by('return.data[].id').required]).toEqual([
      true,
      false,
      true,
    ]);
    expect(by('return.data[]').schema.properties.id).toEqual({ type: 'integer' });
    expect(by('status').description).toBe('Success.');
  });

  it('has none for a status without a JSON answer', () => {
    expect(answerFields(doc, doc.paths['/1.0/list.json'].get, '404')).toEqual([]);
  });
});

describe('sectionRoute()', () => {
  it("is the docs' route of an introduction's section: lower case, dashes for spaces", () => {
    expect(sectionRoute('The envelope')).toBe('#/section/the-envelope');
    expect(sectionRoute('Versions per operation')).toBe('#/section/versions-per-operation');
    expect(tagRoute('Changelog')).toBe('#/changelog');
  });
});
