// The shape of what a request may send: the schemas its names are looked up in, each schema
// node flattened once ($refs followed, allOf merged), with where its lists are and how the
// description writes their items (`containers[0]`, or `name[]` where it says
// `x-array-brackets: empty`).
import { INDEX_PATTERN, isIndex, type Nested, setOwn } from '@hostapi/spec/wire';
import type { Node } from './api.ts';
import type { Fields } from './read.ts';
import { resolve } from './schemas.ts';

/** Where a list item is written with the other brackets than the description's. */
export interface Misbracketed {
  at: number;
  brackets: 'indexed' | 'empty';
}

/** A schema node with `$ref`s followed and `allOf` merged. */
interface ShapeNode {
  properties: Map<string, Node>;
  additional: Node | boolean | undefined;
  items: Node | undefined;
  brackets: 'indexed' | 'empty';
  isObject: boolean;
  /** A list the description writes as an object keyed by index (`containers[0]`). */
  keyed: boolean;
}

export interface Shape {
  /**
   * `undescribed`: the index of the first segment no property nor additionalProperties describes
   * (-1 when the schema describes the whole name, or stops describing objects before it ends:
   * validation then names what is wrong); `misbracketed`: the first list item written with the
   * other brackets. Lists are indexed (`[0]`) unless the schema says `x-array-brackets: empty`.
   */
  place(segments: string[]): { undescribed: number; misbracketed: Misbracketed | undefined };
  /** The nested value with each object of indexed items (keys 0…n-1) made a list where the schema has one. */
  lists(value: Fields): Fields;
  /** A copy to validate (validation coerces in place), each list the description keys by index an object again. */
  forValidation(value: Fields): unknown;
}

/** The shapes of one description's schemas: each schema node flattened once. */
export function createShapes(document: Node) {
  const flattened = new WeakMap<object, ShapeNode>();
  const flatten = (schema: unknown): ShapeNode => {
    const known = schema && typeof schema === 'object' ? flattened.get(schema) : undefined;
    if (known) return known;
    const node: ShapeNode = {
      properties: new Map(),
      additional: undefined,
      items: undefined,
      brackets: 'indexed',
      isObject: false,
      keyed: false,
    };
    const visit = (given: unknown) => {
      const s = (given as Node | undefined)?.$ref
        ? resolve(document, (given as Node).$ref)
        : (given as Node | undefined);
      if (!s || typeof s !== 'object') return;
      if (s.properties) {
        node.isObject = true;
        for (const [name, property] of Object.entries(s.properties as Node)) node.properties.set(name, property);
      }
      if (s.additionalProperties !== undefined) {
        node.isObject = true;
        node.additional = s.additionalProperties;
      }
      if (s.items) node.items = s.items;
      // An object keyed by index (OpenAPI's deepObject is for objects): read as an indexed list,
      // so that its items are checked like a list's and modes get a list.
      if (
        s.propertyNames?.pattern === INDEX_PATTERN &&
        s.additionalProperties &&
        typeof s.additionalProperties === 'object'
      ) {
        node.items = s.additionalProperties;
        node.keyed = true;
      }
      if (s['x-array-brackets']) node.brackets = s['x-array-brackets'];
      for (const member of s.allOf ?? []) visit(member);
    };
    visit(schema);
    if (schema && typeof schema === 'object') flattened.set(schema, node);
    return node;
  };

  const child = (node: ShapeNode, key: string) =>
    node.properties.get(key) ?? (typeof node.additional === 'object' ? node.additional : undefined);

  function lists(node: ShapeNode | undefined, value: Nested): Nested {
    if (!node || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => lists(node.items ? flatten(node.items) : undefined, item));
    const keys = Object.keys(value);
    if (node.items && keys.length && keys.every((key, i) => key === String(i)))
      return keys.map((key) => lists(flatten(node.items), value[key] as Nested));
    for (const key of keys) {
      const schema = child(node, key);
      setOwn(value, key, lists(schema ? flatten(schema) : undefined, value[key] as Nested));
    }
    return value;
  }

  function copy(node: ShapeNode | undefined, value: Nested): unknown {
    if (typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      const items = value.map((item) => copy(node?.items ? flatten(node.items) : undefined, item));
      return node?.keyed ? Object.fromEntries(items.map((item, i) => [String(i), item])) : items;
    }
    const out: { [key: string]: unknown } = {};
    for (const key of Object.keys(value)) {
      const schema = node && child(node, key);
      setOwn(out, key, copy(schema ? flatten(schema) : undefined, value[key] as Nested));
    }
    return out;
  }

  return {
    of(schema: string | Node): Shape {
      const root = flatten(typeof schema === 'string' ? resolve(document, schema) : schema);
      return {
        place(segments) {
          let node = root;
          let misbracketed: Misbracketed | undefined;
          for (let depth = 0; depth < segments.length; depth++) {
            const key = segments[depth] as string;
            const property = node.properties.get(key);
            if (node.items && (key === '' || isIndex(key))) {
              if (!misbracketed && (key === '') !== (node.brackets === 'empty'))
                misbracketed = { at: depth, brackets: node.brackets };
              node = flatten(node.items);
            } else if (!node.isObject) return { undescribed: -1, misbracketed };
            else if (property !== undefined) node = flatten(property);
            else if (node.additional && typeof node.additional === 'object') node = flatten(node.additional);
            else if (node.additional === true) return { undescribed: -1, misbracketed };
            else return { undescribed: depth, misbracketed };
          }
          return { undescribed: -1, misbracketed };
        },
        lists: (value) => lists(root, value) as Fields,
        forValidation: (value) => copy(root, value),
      };
    },
  };
}
