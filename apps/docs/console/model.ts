// The console's model of the API: its types, which the browser code reads, and consoleModel(),
// which the build runs over the bundled description (each field as @hostapi/spec/fields' walk
// says it is on the wire) and bundles into the script as JSON: the console has no fact of its own.
import { deref, type Node, operationRoute, operationsOf } from '@hostapi/spec/document';
import { exampleInput, requestFields, type WireField, type WireShape } from '@hostapi/spec/fields';
import { isKeyName } from '@hostapi/spec/wire';

/** One input of an operation; a field's wire name is built from its place (values.ts, with @hostapi/spec/wire). */
export type Field = ValueField | ObjectField | ListField | MapField;

interface FieldBase {
  /** The key under its parent (`Phone` in `params[Phone][Country]`); empty for list items and map values. */
  name: string;
  required?: true;
  /** The first sentence of the description, for a hint. */
  description?: string;
}

export type Scalar = string | number;

/** A value input's types; `integer|string` is an identifier, a number or the digits an answer gives (sent as typed). */
const VALUE_TYPES = ['string', 'integer', 'integer|string', 'number', 'boolean'] as const;

export interface ValueField extends FieldBase {
  kind: 'value';
  type: (typeof VALUE_TYPES)[number];
  /** Allowed values, offered as a choice. */
  enum?: Scalar[];
  /** The schema's example, shown as a placeholder. */
  example?: Scalar;
  pattern?: string;
  minimum?: number;
}

/** Bracketed fields: `params[Name]`, `params[Phone][Country]`. */
export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: Field[];
}

/** A list: `additional_tlds[0]`, `additional_tlds[1]`; `emptyBrackets` sends `name[]` for each item. */
export interface ListField extends FieldBase {
  kind: 'list';
  item: Field;
  emptyBrackets?: true;
}

/** A map keyed by the caller: `upgrade[disk][xvda1]`. */
export interface MapField extends FieldBase {
  kind: 'map';
  value: Field;
}

/** A named response example, selectable with `Prefer` on the mock. */
export interface ResponseExample {
  status: number;
  name: string;
  summary: string;
}

export interface OperationModel {
  id: string;
  summary: string;
  tag: string;
  /** Redoc's route of the operation's page: `#/servers/listservers`. */
  route: string;
  method: 'GET' | 'POST';
  path: string;
  /** Parameters (GET) or form fields (POST, without `apikey`), in the description's order. */
  fields: Field[];
  /** The description's example call, pre-filled in the form (without `apikey`). */
  example: Record<string, unknown>;
  responses: ResponseExample[];
}

export interface ConsoleModel {
  /** The local mock's address first, then the description's servers. */
  servers: { url: string; description: string }[];
  operations: OperationModel[];
}

/** The model of every operation of `doc`, with the local mock at `mockUrl` as the first server. */
export function consoleModel(doc: Node, mockUrl: string): ConsoleModel {
  const servers = [
    { url: mockUrl, description: 'Local mock' },
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
        // The key has an input of its own, beside the server.
        fields: requestFields(doc, { method, op })
          .filter((f) => !isKeyName(f.name))
          .map(fieldOf),
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

const fieldOf = ({ name, required, description, shape }: WireField): Field =>
  fromShape(shape, name, required, description);

/** The input for a field of this shape; a list's items and a map's values are unnamed. */
function fromShape(shape: WireShape, name: string, required = false, description?: string): Field {
  const base = { name, ...(required && { required: true as const }), ...hint(description ?? shape.schema.description) };
  switch (shape.kind) {
    case 'list':
      return {
        ...base,
        kind: 'list',
        item: fromShape(shape.item, ''),
        ...(shape.brackets === 'empty' && { emptyBrackets: true as const }),
      };
    case 'map':
      return { ...base, kind: 'map', value: fromShape(shape.value, '') };
    case 'object':
      return { ...base, kind: 'object', fields: shape.fields.map(fieldOf) };
    case 'value':
      return { ...base, ...valueInput(shape.schema, name) };
  }
}

function valueInput(schema: Node, name: string): Omit<ValueField, keyof FieldBase> {
  const type = [schema.type]
    .flat()
    .filter((t) => t !== 'null')
    .join('|');
  if (!(VALUE_TYPES as readonly string[]).includes(type))
    throw new Error(`console: no input for ${name} of type ${type}`);
  const example = schema.examples?.[0] ?? schema.example;
  return {
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
