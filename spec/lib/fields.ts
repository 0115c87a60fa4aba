// The one walk from a schema to the wire (`@hostapi/spec/fields`): what each field of a request
// is on the wire. The client's generator, the mock's reader, the docs, the console, the portable
// description, the MCP server and the CLI all read an operation's fields here; how a field is
// named and encoded is `@hostapi/spec/wire`.
//
// A field is one of:
// - `value`:  one name, one value (`name=web01`);
// - `object`: bracketed fields (`params[Phone][Country]`), each a field again;
// - `list`:   items indexed from 0 (`containers[0]`), or sent with empty brackets (`list[]`) where
//             the schema says `x-array-brackets: empty`. The description writes an indexed list as
//             an array, or as an object keyed by the index (OpenAPI's deepObject is for objects);
//             both are lists here (`keyed` tells which);
// - `map`:    keys chosen by the caller (`upgrade[disk][xvda1]`), each a field again.
import { deref, type DocOperation, type Node, propertiesOf, requiredOf } from './document.ts';
import { asList, type FormShape, INDEX_PATTERN, setOwn, URL_ENCODED, wireName } from './wire.ts';

export type WireShape = WireValue | WireObject | WireList | WireMap;

interface ShapeBase {
  /** The schema, `$ref`s followed and `allOf` merged. */
  readonly schema: Node;
  /** The schema as the description writes it (its `$ref` kept, for names and `Switch`). */
  readonly given: Node;
}

export interface WireValue extends ShapeBase {
  readonly kind: 'value';
}

export interface WireObject extends ShapeBase {
  readonly kind: 'object';
  /** The named fields, in the description's order. */
  readonly fields: readonly WireField[];
  /** Fields of other names: their shape, `true` for any, `undefined` for none. */
  readonly additional: WireShape | true | undefined;
}

export interface WireList extends ShapeBase {
  readonly kind: 'list';
  readonly item: WireShape;
  /** `indexed`: `name[0]`, `name[1]`…; `empty`: `name[]` once per item. */
  readonly brackets: 'indexed' | 'empty';
  /** The description writes it as an object keyed by the index (`propertyNames` INDEX_PATTERN). */
  readonly keyed: boolean;
}

export interface WireMap extends ShapeBase {
  readonly kind: 'map';
  readonly value: WireShape;
}

/** A named field: of a request (a query parameter, a form field) or of an object. */
export interface WireField {
  readonly name: string;
  readonly required: boolean;
  /** The field's own description, else its schema's. */
  readonly description: string | undefined;
  readonly shape: WireShape;
}

/** A schema's shape on the wire. Shapes are made once per schema node (a recursive schema is a cycle). */
export function wireShape(doc: Node, schema: Node | undefined): WireShape {
  let known = shapes.get(doc);
  if (!known) shapes.set(doc, (known = new WeakMap()));
  return shapeOf(doc, schema ?? {}, known);
}

const shapes = new WeakMap<Node, WeakMap<Node, WireShape>>();

function shapeOf(doc: Node, given: Node, known: WeakMap<Node, WireShape>): WireShape {
  const cached = known.get(given);
  if (cached) return cached;
  const s = merged(doc, given);
  const types = [s.type].flat().filter((type) => type !== undefined && type !== 'null');
  const itemSchema = isIndexed(s) ? s.additionalProperties : types.includes('array') ? (s.items ?? {}) : undefined;
  const additional = s.additionalProperties;
  const properties = propertiesOf(doc, s);
  let shape: WireShape;
  if (itemSchema) {
    const brackets = s['x-array-brackets'] === 'empty' ? 'empty' : 'indexed';
    shape = { kind: 'list', schema: s, given, brackets, keyed: isIndexed(s), item: undefined as unknown as WireShape };
  } else if ((!types.length || types.includes('object')) && !Object.keys(properties).length && isSchema(additional)) {
    shape = { kind: 'map', schema: s, given, value: undefined as unknown as WireShape };
  } else if (types.includes('object') || Object.keys(properties).length) {
    shape = { kind: 'object', schema: s, given, fields: [], additional: undefined };
  } else shape = { kind: 'value', schema: s, given };
  // Known before its parts are walked: a schema that contains itself is walked once.
  known.set(given, shape);
  const fill = shape as { item?: WireShape; value?: WireShape; fields?: WireField[]; additional?: unknown };
  if (shape.kind === 'list') fill.item = shapeOf(doc, itemSchema, known);
  if (shape.kind === 'map') fill.value = shapeOf(doc, additional, known);
  if (shape.kind === 'object') {
    const required = new Set(requiredOf(doc, s));
    fill.fields = Object.entries(properties).map(([name, property]) =>
      fieldOf(doc, name, property, required.has(name), undefined, known),
    );
    fill.additional =
      additional === true || (additional === undefined && !Object.keys(properties).length)
        ? true
        : isSchema(additional)
          ? shapeOf(doc, additional, known)
          : undefined;
  }
  return shape;
}

function fieldOf(
  doc: Node,
  name: string,
  given: Node,
  required: boolean,
  description: string | undefined,
  known: WeakMap<Node, WireShape>,
): WireField {
  const shape = shapeOf(doc, given, known);
  return { name, required, description: description ?? given.description ?? shape.schema.description, shape };
}

/** A schema with its `$ref` followed (its siblings kept, as OpenAPI 3.1 allows) and `allOf` merged. */
function merged(doc: Node, given: Node): Node {
  const { $ref, ...siblings } = given;
  const s = $ref ? { ...deref(doc, { $ref }), ...siblings } : given;
  if (!s.allOf) return s;
  const { allOf, ...own } = s;
  const members = (allOf as Node[]).map((member) => merged(doc, member));
  return Object.assign({}, ...members, own, { properties: propertiesOf(doc, s), required: requiredOf(doc, s) });
}

const isSchema = (node: unknown): node is Node => Boolean(node) && typeof node === 'object';

/** An object keyed by the index whose `additionalProperties` is the item: a list sent by index. */
const isIndexed = (s: Node): boolean =>
  !s.properties && s.propertyNames?.pattern === INDEX_PATTERN && isSchema(s.additionalProperties);

/**
 * The fields of an operation's request, in the description's order: a GET's query parameters, a
 * POST's form fields (`apikey` among them, where the description lists it).
 */
export function requestFields(doc: Node, operation: Pick<DocOperation, 'method' | 'op'>): WireField[] {
  let known = shapes.get(doc);
  if (!known) shapes.set(doc, (known = new WeakMap()));
  const { op } = operation;
  if (op.requestBody) {
    const schema = deref(doc, op.requestBody).content?.[URL_ENCODED]?.schema;
    const shape = wireShape(doc, schema);
    return shape.kind === 'object' ? [...shape.fields] : [];
  }
  const fields: WireField[] = [];
  for (const parameter of ((op.parameters ?? []) as Node[]).map((p) => deref(doc, p))) {
    if (parameter.in !== 'query') continue;
    const given = parameter.schema ?? {};
    fields.push(fieldOf(doc, parameter.name, given, Boolean(parameter.required), parameter.description, known));
  }
  return fields;
}

/** A segment of a field's name where the caller chooses it: a list's index, or a map's key. */
export type Slot = { readonly slot: 'index' } | { readonly slot: 'key' };
export const INDEX_SLOT: Slot = { slot: 'index' };
export const KEY_SLOT: Slot = { slot: 'key' };

/** One name a value is sent under: literal segments and slots (`upgrade[disk][<key>]`). */
export interface WireLeaf {
  /** The segments; `''` is the empty brackets of `name[]`. */
  readonly segments: readonly (string | Slot)[];
  /** Whether every field on the way to it is required (a list's and map's entries are not). */
  readonly required: boolean;
  /** The nearest description on the way to it. */
  readonly description: string | undefined;
  readonly shape: WireValue;
}

/**
 * Every name a field's values are sent under, depth first in the description's order: a list's
 * items as one slot, a map's keys as one slot, an object's own fields (an open object's other
 * names are not listed). Stops at a schema it is already inside.
 */
export function leavesOf(field: WireField): WireLeaf[] {
  const leaves: WireLeaf[] = [];
  const visit = (
    shape: WireShape,
    segments: (string | Slot)[],
    required: boolean,
    description: string | undefined,
    inside: Set<WireShape>,
  ) => {
    if (inside.has(shape)) return;
    const within = new Set(inside).add(shape);
    switch (shape.kind) {
      case 'value':
        leaves.push({ segments, required, description, shape });
        return;
      case 'list':
        return visit(
          shape.item,
          [...segments, shape.brackets === 'empty' ? '' : INDEX_SLOT],
          false,
          description,
          within,
        );
      case 'map':
        return visit(shape.value, [...segments, KEY_SLOT], false, description, within);
      case 'object':
        for (const f of shape.fields)
          visit(f.shape, [...segments, f.name], required && f.required, f.description ?? description, within);
    }
  };
  visit(field.shape, [field.name], field.required, field.description, new Set());
  return leaves;
}

/** A leaf's name as the docs and help texts show it: `containers[<n>]`, `upgrade[disk][<key>]`, `list[]`. */
export const shownName = (segments: readonly (string | Slot)[]): string =>
  wireName(segments.map((s) => (typeof s === 'string' ? s : s.slot === 'index' ? '<n>' : '<key>')));

/**
 * The order of a field's value on the wire, as the client's tables hold it (wire's FormShape):
 * `0` for a value or a map (its keys go out in the caller's order), an object for a group of
 * fields in their order (also the shape of each item of a list), `'[]'` for a `name[]` list.
 */
export function formShapeOf(shape: WireShape, inside: ReadonlySet<WireShape> = new Set()): FormShape {
  if (inside.has(shape)) return 0;
  const within = new Set(inside).add(shape);
  if (shape.kind === 'list') return shape.brackets === 'empty' ? '[]' : formShapeOf(shape.item, within);
  if (shape.kind === 'object' && shape.fields.length)
    return Object.fromEntries(shape.fields.map((f) => [f.name, formShapeOf(f.shape, within)]));
  return 0;
}

/** A value with each index-keyed object (keys exactly 0…n-1) made a list where the shape has a list. */
export function asLists(shape: WireShape, value: unknown): unknown {
  return listsIn(shape, value, new Set());
}

/** asLists below the shapes `inside` (a recursive shape is walked once on each path). */
function listsIn(shape: WireShape, value: unknown, inside: Set<WireShape>): unknown {
  if (!value || typeof value !== 'object' || inside.has(shape)) return value;
  inside.add(shape);
  let out: unknown = value;
  if (shape.kind === 'list') {
    const items = Array.isArray(value) ? value : asList(value as Record<string, unknown>);
    if (items) out = items.map((item) => listsIn(shape.item, item, inside));
  } else if (!Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      const inner =
        shape.kind === 'object'
          ? (fieldShape(shape, key) ?? (shape.additional === true ? undefined : shape.additional))
          : shape.kind === 'map'
            ? shape.value
            : undefined;
      setOwn(copy, key, inner ? listsIn(inner, record[key], inside) : record[key]);
    }
    out = copy;
  }
  inside.delete(shape);
  return out;
}

const byName = new WeakMap<WireObject, Map<string, WireShape>>();
/** The shape of an object's named field, or undefined for a name it does not name. */
export function fieldShape(shape: WireObject, name: string): WireShape | undefined {
  let fields = byName.get(shape);
  if (!fields) byName.set(shape, (fields = new Map(shape.fields.map((field) => [field.name, field.shape]))));
  return fields.get(name);
}

/**
 * The example call of an operation, without `apikey`: a POST's first request body example, or
 * a GET's required query parameters with their schema examples. Indexed lists are given as
 * lists, as a client takes them; they go out as the same fields.
 */
export function exampleInput(doc: Node, op: Node, method: string): Record<string, unknown> {
  if (method === 'post') {
    const media = deref(doc, op.requestBody).content[URL_ENCODED];
    const first = deref(doc, Object.values(media.examples as Record<string, Node>)[0]).value;
    const { apikey: _key, ...input } = asLists(wireShape(doc, media.schema), first) as Record<string, unknown>;
    return input;
  }
  const input: Record<string, unknown> = {};
  for (const field of requestFields(doc, { method: 'get', op })) {
    if (!field.required) continue;
    const schema = field.shape.schema;
    input[field.name] = schema.examples?.[0] ?? schema.enum?.[0];
  }
  return input;
}
