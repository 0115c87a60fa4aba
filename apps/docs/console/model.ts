// The console's model of every operation (see src/model.ts for its shape), derived from the
// bundled description at build time: the console carries no fact about the API of its own.
import { deref, type Node, operationRoute, operationsOf, propertiesOf, requiredOf } from '@hostapi/spec/document';
import { exampleInput, wireShape } from '@hostapi/spec/fields';
import { MOCK_URL } from '../scripts/mock.ts';
import type { ConsoleModel, Field, OperationModel, ValueField } from './src/model.ts';

export { MOCK_URL };

export function consoleModel(doc: Node): ConsoleModel {
  const servers = [
    { url: MOCK_URL, description: 'Local mock' },
    ...doc.servers.map(({ url, description }: Node) => ({ url, description: plain(description ?? '') })),
  ];
  return {
    servers: servers.filter((server, i) => servers.findIndex((s) => s.url === server.url) === i),
    operations: operationsOf(doc).map(
      ({ path, method, op }): OperationModel => ({
        id: op.operationId,
        summary: op.summary,
        tag: op.tags[0],
        route: operationRoute(op.tags[0], op.operationId),
        method: method.toUpperCase() as OperationModel['method'],
        path,
        fields: method === 'get' ? queryFields(doc, op) : formFields(doc, op),
        example: exampleInput(doc, op, method),
        responses: Object.keys(op.responses).flatMap((code) =>
          Object.entries<Node>(deref(doc, op.responses[code]).content?.['application/json']?.examples ?? {}).map(
            ([name, example]) => ({
              status: Number(code),
              name,
              summary: plain(deref(doc, example).summary ?? name),
            }),
          ),
        ),
      }),
    ),
  };
}

function queryFields(doc: Node, op: Node): Field[] {
  return (op.parameters ?? [])
    .map((p: Node) => deref(doc, p))
    .filter((p: Node) => p.in === 'query')
    .map((p: Node) => field(doc, p.name, p.schema, p.required, p.description));
}

function formFields(doc: Node, op: Node): Field[] {
  const { schema } = deref(doc, op.requestBody).content['application/x-www-form-urlencoded'];
  return objectFields(doc, schema).filter((f) => f.name !== 'apikey');
}

function objectFields(doc: Node, schema: Node): Field[] {
  const required = new Set(requiredOf(doc, schema));
  return Object.entries(propertiesOf(doc, schema)).map(([name, property]) =>
    field(doc, name, property, required.has(name)),
  );
}

function field(doc: Node, name: string, node: Node, required?: boolean, description?: string): Field {
  const schema = deref(doc, node);
  const base = { name, ...(required && { required: true as const }), ...hint(description ?? schema.description) };
  // `integer|string`: an identifier, a number or the digits an answer gives (sent as typed).
  const type = [schema.type]
    .flat()
    .filter((t) => t !== 'null')
    .join('|');
  // A list the service reads by index is an object keyed by the index in the description.
  if (type === 'array' || wireShape(doc, node).kind === 'list') {
    return {
      ...base,
      kind: 'list',
      item: field(doc, '', schema.items ?? schema.additionalProperties),
      ...(schema['x-array-brackets'] === 'empty' && { emptyBrackets: true as const }),
    };
  }
  if (type === 'object' && !schema.properties && !schema.allOf && schema.additionalProperties) {
    return { ...base, kind: 'map', value: field(doc, '', schema.additionalProperties) };
  }
  if (type === 'object') return { ...base, kind: 'object', fields: objectFields(doc, schema) };
  if (!['string', 'integer', 'integer|string', 'number', 'boolean'].includes(type))
    throw new Error(`console: no input for ${name} of type ${type}`);
  const example = schema.examples?.[0] ?? schema.example;
  return {
    ...base,
    kind: 'value',
    type: type as ValueField['type'],
    ...(schema.enum && { enum: schema.enum }),
    ...(example !== undefined && { example }),
    ...(schema.pattern && { pattern: schema.pattern }),
    ...(schema.minimum !== undefined && { minimum: schema.minimum }),
  };
}

/** The first sentence of a description, as plain text. */
function hint(description: string | undefined): { description?: string } {
  if (!description) return {};
  return { description: plain(description).split(/(?<=\.)\s/)[0]! };
}

/** Markdown's backticks and emphasis out, whitespace collapsed. */
const plain = (text: string) => text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
