// The tools, derived from the bundled description when the server starts: one per operation,
// named after its client method (`x-client-method: servers.list` → `servers_list`), taking what
// that method takes (no `apikey`, nested objects, indexed lists as arrays) as JSON Schema.
import { type DocOperation, deref, type Node, operationsOf, propertiesOf } from '@hostapi/spec/document';
import { requestFields, type WireField, type WireShape } from '@hostapi/spec/fields';
import { KEY_NAME } from '@hostapi/spec/wire';
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
 * field's own description, kept over the target's) and vendor extensions left out. `closed`
 * refuses fields an object does not name, so that a misspelt argument is named, not ignored.
 */
function plain(doc: Node, node: Node, closed: boolean): Node {
  const { $ref, ...own } = node;
  const schema: Node = $ref ? { ...deref(doc, { $ref }), ...own } : own;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-')) continue;
    if (SCHEMA.has(key) && typeof value === 'object') out[key] = plain(doc, value, closed);
    else if (SCHEMA_LIST.has(key)) out[key] = value.map((member: Node) => plain(doc, member, false));
    else if (SCHEMA_MAP.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(doc, v as Node, closed)]));
    } else out[key] = value;
  }
  if (closed && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * A request field's argument, as the client takes it: what it is on the wire is the one walk's
 * answer (@hostapi/spec/fields), so that a list the service reads by index (`containers[0]`),
 * which the description may write as an object keyed by the index, is an array here.
 */
function argumentOf(doc: Node, shape: WireShape): Node {
  const own = () => plain(doc, shape.schema, true);
  switch (shape.kind) {
    case 'list': {
      const items = argumentOf(doc, shape.item);
      if (!shape.keyed) return { ...own(), items };
      const { description } = shape.schema;
      return { type: 'array', ...(description && { description }), items };
    }
    case 'map':
      return { ...own(), additionalProperties: argumentOf(doc, shape.value) };
    case 'object': {
      const additional = shape.additional === true ? undefined : shape.additional;
      return objectOf(doc, shape.fields, {
        ...own(),
        ...(additional && { additionalProperties: argumentOf(doc, additional) }),
      });
    }
    default:
      return own();
  }
}

/**
 * `base` with `fields` as its properties (each with its description) and the required ones as
 * `required` (where there are some, or `base` lists them).
 */
function objectOf(doc: Node, fields: readonly WireField[], base: Node): Node {
  const properties = Object.fromEntries(
    fields.map((f) => [f.name, { ...argumentOf(doc, f.shape), ...(f.description && { description: f.description }) }]),
  );
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const { required: given, ...rest } = base;
  return { ...rest, properties, ...((required.length || given) && { required }) };
}

/** The arguments of an operation: its request fields (a GET's query, a POST's form) without `apikey`. */
function inputOf(doc: Node, operation: DocOperation): Node {
  const fields = requestFields(doc, operation).filter((field) => field.name !== KEY_NAME);
  return objectOf(doc, fields, { type: 'object', required: [], additionalProperties: false });
}

/**
 * The result as structured content, `{ result }` (MCP's structured content is an object; some
 * results are lists): the `return` of the operation's success answer, where it has one.
 */
function outputOf(doc: Node, op: Node): Tool['outputSchema'] {
  const answer = deref(doc, deref(doc, op.responses?.['200'])?.content?.['application/json']?.schema);
  const success = [answer, ...(answer.anyOf ?? [])].find((s: Node) => propertiesOf(doc, s).return);
  if (!success) return undefined;
  const result = plain(doc, propertiesOf(doc, success).return as Node, false);
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
  return operationsOf(doc).map((operation) => {
    const { method, op } = operation;
    const [area, name] = String(op['x-client-method']).split('.') as [string, string];
    const readOnly = method === 'get';
    // A write states both facts in the description; a new one without them fails here, loudly.
    for (const fact of ['x-destructive', 'x-idempotent']) {
      if (!readOnly && typeof op[fact] !== 'boolean') throw new Error(`${op.operationId} states no ${fact}`);
    }
    const inputSchema = inputOf(doc, operation) as Tool['inputSchema'];
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
