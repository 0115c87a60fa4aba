// The tools, derived from the bundled description when the server starts: one per operation,
// named after its client method (`x-client-method: servers.list` → `servers_list`), taking what
// that method takes (no `apikey`, nested objects, indexed lists as arrays) as JSON Schema.
import { deref, type Node, operationsOf, propertiesOf } from '@hostapi/spec/document';
import { wireShape } from '@hostapi/spec/fields';
import { URL_ENCODED } from '@hostapi/spec/wire';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export interface HostTool {
  /** What an MCP client lists: name, title, description, input and output schemas, annotations. */
  tool: Tool;
  /** The client's group (`servers`): the area `--tools` filters by. */
  area: string;
  /** The method of that group (`list`): the tool calls `client.servers.list(arguments)`. */
  method: string;
  /** A GET: it only reads. */
  readOnly: boolean;
}

/** Keywords whose value is a schema, a list of schemas, or a map of names to schemas. */
const SCHEMA = new Set(['items', 'additionalProperties', 'propertyNames', 'not']);
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
const SCHEMA_MAP = new Set(['properties']);

/**
 * A description schema as self-contained JSON Schema: `$ref`s inlined (their siblings, such as a
 * field's own description, kept over the target's), vendor extensions left out, and each list
 * the service reads by index (`containers[0]`) a plain array, as the client takes it. `closed`
 * refuses fields an object does not name, so that a misspelt argument is named, not ignored.
 */
function toJsonSchema(doc: Node, node: Node, closed: boolean): Node {
  const { $ref, ...own } = node;
  const schema: Node = $ref ? { ...deref(doc, { $ref }), ...own } : own;
  const shape = wireShape(doc, node);
  if (shape.kind === 'list' && shape.keyed) {
    const { description } = schema;
    const items = toJsonSchema(doc, schema.additionalProperties, closed);
    return { type: 'array', ...(description && { description }), items };
  }
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-')) continue;
    if (SCHEMA.has(key) && typeof value === 'object') out[key] = toJsonSchema(doc, value, closed);
    else if (SCHEMA_LIST.has(key)) out[key] = value.map((member: Node) => toJsonSchema(doc, member, false));
    else if (SCHEMA_MAP.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(doc, v as Node, closed)]));
    } else out[key] = value;
  }
  if (closed && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The arguments of an operation: its query parameters (GET) or its form (POST), without `apikey`. */
function inputOf(doc: Node, method: string, op: Node): Node {
  if (method === 'post') {
    const form = toJsonSchema(doc, deref(doc, op.requestBody).content[URL_ENCODED].schema, true);
    const { apikey: _key, ...properties } = form.properties;
    return { ...form, properties, required: (form.required ?? []).filter((name: string) => name !== 'apikey') };
  }
  const parameters = ((op.parameters ?? []) as Node[]).map((p) => deref(doc, p)).filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((p) => [p.name, { ...toJsonSchema(doc, p.schema, true), description: p.description }]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/**
 * The result as structured content, `{ result }` (MCP's structured content is an object; some
 * results are lists): the `return` of the operation's success answer, where it has one.
 */
function outputOf(doc: Node, op: Node): Tool['outputSchema'] {
  const answer = deref(doc, deref(doc, op.responses?.['200'])?.content?.['application/json']?.schema);
  const success = [answer, ...(answer.anyOf ?? [])].find((s: Node) => propertiesOf(doc, s).return);
  if (!success) return undefined;
  const result = toJsonSchema(doc, propertiesOf(doc, success).return as Node, false);
  return { type: 'object', properties: { result }, required: ['result'] };
}

/** The tool's description: the operation's summary and description, then its arguments. */
function describe(op: Node, input: Node): string {
  const required = new Set<string>(input.required);
  const args = Object.entries(input.properties as Record<string, Node>).map(
    ([name, schema]) => `- ${name}${required.has(name) ? ' (required)' : ''}: ${schema.description ?? ''}`,
  );
  return `${op.summary}.\n\n${op.description}\n\nArguments:\n${args.join('\n')}`;
}

/** Every operation of the description as a tool. */
export function toolsOf(doc: Node): HostTool[] {
  return operationsOf(doc).map(({ method, op }) => {
    const [area, name] = String(op['x-client-method']).split('.') as [string, string];
    const readOnly = method === 'get';
    // A write states both facts in the description; a new one without them fails here, loudly.
    for (const fact of ['x-destructive', 'x-idempotent']) {
      if (!readOnly && typeof op[fact] !== 'boolean') throw new Error(`${op.operationId} states no ${fact}`);
    }
    const inputSchema = inputOf(doc, method, op) as Tool['inputSchema'];
    const outputSchema = outputOf(doc, op);
    const tool: Tool = {
      name: `${area}_${name}`,
      title: op.summary,
      description: describe(op, inputSchema),
      inputSchema,
      ...(outputSchema && { outputSchema }),
      annotations: {
        title: op.summary,
        readOnlyHint: readOnly,
        destructiveHint: readOnly ? false : op['x-destructive'],
        idempotentHint: readOnly ? true : op['x-idempotent'],
        openWorldHint: true,
      },
    };
    return { tool, area, method: name, readOnly };
  });
}
