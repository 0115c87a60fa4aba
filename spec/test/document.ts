// Loads the bundled document and answers questions about it, for the tests.
import {
  deref as derefIn,
  operationsOf,
  propertiesOf as propertiesIn,
  readBundle,
  requiredOf as requiredIn,
  type Node,
} from '../lib/document.ts';
import { INDEX_PATTERN, segmentsOf, URL_ENCODED, wireName } from '../lib/wire.ts';

/** A list sent by index, as the description writes it (read here on its own, apart from lib/fields.ts). */
const isIndexedList = (_doc: Node, s: Node) => s.propertyNames?.pattern === INDEX_PATTERN && !!s.additionalProperties;

export type { Node };

export const doc: Node = readBundle();

export const isObject = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node a local `$ref` points at (or the node itself). */
export const deref = (node: Node): Node => derefIn(doc, node);

/** A copy with every `$ref` replaced by what it points at (siblings such as `description` kept). */
export function inline(node: unknown): any {
  if (Array.isArray(node)) return node.map(inline);
  if (!isObject(node)) return node;
  const { $ref, ...rest } = node;
  const base = typeof $ref === 'string' ? inline(deref({ $ref })) : {};
  const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v)]));
  return { ...base, ...own };
}

/** Name of the component schema a `$ref` names, e.g. `Server`. */
export const refName = (schema: Node | undefined): string | undefined =>
  schema?.$ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];

/** The JSON type of a schema as the description writes it. */
export function jsonType(schema: Node): string {
  const s = deref(schema);
  // One branch per type (the portable form's way of writing several types).
  if (!s.type && s.anyOf?.every((branch: Node) => deref(branch).type)) return s.anyOf.map(jsonType).join('|');
  if (Array.isArray(s.type)) return [...s.type].sort((a, b) => (a === 'null' ? 1 : b === 'null' ? -1 : 0)).join('|');
  return s.type ?? 'any';
}

export interface DocOperation {
  path: string;
  method: 'get' | 'post';
  op: Node;
}

export const operations = operationsOf(doc) as DocOperation[];

/** Properties of an object schema, looking through `$ref` and `allOf`. */
export const propertiesOf = (schema: Node): Node => propertiesIn(doc, schema);

export const requiredOf = (schema: Node): string[] => requiredIn(doc, schema);

/** The success member of a 200 response (the `anyOf` member that is not the failure envelope). */
export function successSchema(op: Node): Node {
  const schema = deref(op.responses['200']).content['application/json'].schema;
  const members: Node[] = schema.anyOf ?? [schema];
  const success = members.filter((m) => refName(m) !== 'Failure');
  if (success.length !== 1) throw new Error(`${op.operationId}: expected one success schema`);
  return success[0]!;
}

export interface WireParam {
  name: string;
  type: string;
  required: boolean;
  enum?: unknown[];
  default?: unknown;
}

/** The enumeration and default of a schema, as far as it declares them (a `$ref`'s siblings first). */
function constraintsOf(schema: Node): Pick<WireParam, 'enum' | 'default'> {
  const target = deref(schema);
  const values = schema.enum ?? target.enum;
  const fallback = 'default' in schema ? schema.default : target.default;
  return { ...(values ? { enum: values } : {}), ...(fallback !== undefined ? { default: fallback } : {}) };
}

/** A form body schema walked into the bracketed names it is sent as, in order. */
export function formFields(schema: Node, prefix = '', required: string[] = requiredOf(schema)): WireParam[] {
  return Object.entries(propertiesOf(schema)).flatMap(([key, raw]) => {
    const name = prefix ? wireName([prefix, key]) : key;
    const s = deref(raw);
    const leaf = (wire: string, leafSchema: Node): WireParam => ({
      name: wire,
      type: jsonType(leafSchema),
      required: !prefix && required.includes(key),
      ...constraintsOf(leafSchema),
    });
    if (isIndexedList(doc, s)) return [leaf(`${name}[<n>]`, s.additionalProperties)];
    if (s.type === 'object' && s.additionalProperties) return [leaf(`${name}[<key>]`, s.additionalProperties)];
    if (s.type === 'object') return formFields(s, name, []);
    if (s.type === 'array') {
      const wire = `${name}${s['x-array-brackets'] === 'empty' ? '[]' : '[<n>]'}`;
      return deref(s.items).type === 'object' ? formFields(s.items, wire, []) : [leaf(wire, s.items)];
    }
    return [leaf(name, raw)];
  });
}

/** Query parameters as sent on the wire (deepObject objects and arrays spelled out). */
export function queryParams(op: Node): WireParam[] {
  return (op.parameters ?? []).map(deref).flatMap((p: Node): WireParam[] => {
    const s = deref(p.schema);
    if (p.style === 'deepObject' && isIndexedList(doc, s)) {
      return [
        {
          name: `${p.name}[<n>]`,
          type: jsonType(s.additionalProperties),
          required: Boolean(p.required),
          ...constraintsOf(s.additionalProperties),
        },
      ];
    }
    if (p.style === 'deepObject' && s.type === 'object') {
      return Object.entries(propertiesOf(s)).map(([k, v]) => ({
        name: wireName([p.name, k]),
        type: jsonType(v),
        required: false,
        ...constraintsOf(v),
      }));
    }
    return [{ name: p.name, type: jsonType(s), required: Boolean(p.required), ...constraintsOf(p.schema) }];
  });
}

/** The schema node (its `$ref` not followed) of the field an operation takes under a wire name (`params[protect]`). */
export function schemaAt(op: Node, name: string): Node | undefined {
  const [first, ...rest] = segmentsOf(name) as [string, ...string[]];
  const form = deref(op.requestBody ?? {}).content?.[URL_ENCODED]?.schema;
  let node: Node | undefined = form
    ? propertiesOf(form)[first]
    : (op.parameters ?? []).map(deref).find((p: Node) => p.name === first)?.schema;
  for (const key of rest) node = node && propertiesOf(node)[key];
  return node;
}
