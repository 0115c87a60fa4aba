// The tools as derived from the description: valid JSON Schema 2020-12 in and out, the client's
// argument names (no brackets, no apikey, lists as arrays), every example accepted, every success
// answer matching its output schema, and each annotation as the description states it.
import { type Node, operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { toolsOf } from '../src/tools.js';

const doc = readBundle();
const tools = toolsOf(doc);
// Beside each tool, its operation: `verb` its HTTP method (a tool's `method` is the client's).
const cases = operationsOf(doc).map(({ method, op }, i) => ({
  verb: method,
  op,
  ...tools[i]!,
  name: tools[i]!.tool.name,
}));
// Strict, but for union types (`type: [integer, string]`), which are JSON Schema and which
// ajv's strict mode merely discourages.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });

/** Every key of every object in a schema, at any depth. */
const keysOf = (node: unknown): string[] =>
  node && typeof node === 'object' ? Object.entries(node).flatMap(([key, value]) => [key, ...keysOf(value)]) : [];

it('one tool per operation, named after its client method', () => {
  expect(tools).toHaveLength(22);
  for (const { op, tool } of cases) {
    expect(tool.name).toBe(op['x-client-method'].replace('.', '_'));
    // What every MCP host accepts as a name.
    expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  }
  expect(new Set(tools.map((t) => t.tool.name)).size).toBe(22);
});

describe.each(cases)('$name', ({ verb, op, tool, readOnly }) => {
  it('takes valid JSON Schema (2020-12, strict) with the client’s names: no brackets, apikey, $ref or x-', () => {
    expect(ajv.validateSchema(tool.inputSchema), ajv.errorsText()).toBe(true);
    ajv.compile(tool.inputSchema);
    expect(tool.inputSchema.type).toBe('object');
    const keys = keysOf(tool.inputSchema);
    expect(keys.filter((key) => /[[\]]|^apikey$|^\$ref$|^x-/.test(key))).toEqual([]);
  });

  it('accepts its example call, indexed lists given as arrays', () => {
    const validate = ajv.compile(tool.inputSchema);
    expect(validate(exampleInput(doc, op, verb)), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('describes itself with the summary, the description and each argument', () => {
    expect(tool.title).toBe(op.summary);
    expect(tool.description).toContain(`${op.summary}.\n\n${op.description}`);
    for (const name of Object.keys(tool.inputSchema.properties ?? {})) expect(tool.description).toContain(`- ${name}`);
    for (const name of tool.inputSchema.required ?? []) expect(tool.description).toContain(`- ${name} (required)`);
  });

  it('gives its result as structured content matching its output schema, where the description has one', () => {
    const success = responseExamples(doc, op, '200').success;
    if (!('return' in success)) {
      expect(tool.outputSchema).toBeUndefined();
      return;
    }
    expect(ajv.validateSchema(tool.outputSchema!), ajv.errorsText()).toBe(true);
    const validate = ajv.compile(tool.outputSchema!);
    expect(validate({ result: success.return }), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ result: 'not the answer' })).toBe(false);
  });

  it('is annotated as the operation is: a GET only reads; a write as the description states', () => {
    expect(readOnly).toBe(verb === 'get');
    expect(tool.annotations).toEqual({
      title: op.summary,
      readOnlyHint: readOnly,
      destructiveHint: readOnly ? false : op['x-destructive'],
      idempotentHint: readOnly ? true : op['x-idempotent'],
      openWorldHint: true,
    });
  });
});

it('the writes the description calls destructive or idempotent', () => {
  const writes = cases.filter((c) => !c.readOnly);
  const names = (hint: 'destructiveHint' | 'idempotentHint') =>
    writes.filter((c) => c.tool.annotations?.[hint]).map((c) => c.name);
  expect(names('destructiveHint')).toEqual([
    'servers_upgrade',
    'servers_upgradePlan',
    'dns_updateSoa',
    'domains_cancel',
    'domains_updateContact',
  ]);
  expect(names('idempotentHint')).toEqual([
    'servers_upgrade',
    'servers_upgradePlan',
    'dns_updateSoa',
    'domains_updateContact',
  ]);
});

it('refuses a description whose write does not state what it does', () => {
  const copy: Node = structuredClone(doc);
  delete copy.paths['/1.0/srs/cancel_domain.json'].post['x-idempotent'];
  expect(() => toolsOf(copy)).toThrow('cancelDomain states no x-idempotent');
});

it('refuses a misspelt or unknown argument at any depth', () => {
  const copy = cases.find((c) => c.name === 'cloud_copyStack')!;
  const validate = ajv.compile(copy.tool.inputSchema);
  const input = exampleInput(doc, copy.op, 'post') as Node;
  expect(validate({ ...input, clientid: 1 })).toBe(false);
  expect(
    validate({ ...input, params: { ...input.params, databases: [{ ...input.params.databases[0], db: 'x' }] } }),
  ).toBe(false);
  expect(validate.errors?.[0]).toMatchObject({ instancePath: '/params/databases/0', keyword: 'additionalProperties' });
});
