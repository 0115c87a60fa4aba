// The shape of what a request may send, as the one walk from schema to wire (`wireShape` of
// @hostapi/spec/fields) says it: where each bracketed name leads, which objects of a request are
// lists (`containers[0]`, or `name[]` where the description says `x-array-brackets: empty`), and
// a copy to validate in which each list the description keys by index is an object again.
import { asLists, fieldShape, type WireShape, wireShape } from '@hostapi/spec/fields';
import { isIndex, type Nested, setOwn } from '@hostapi/spec/wire';
import type { Node } from './api.ts';
import type { Fields } from './read.ts';

/** Where a list item is written with the other brackets than the description's. */
export interface Misbracketed {
  at: number;
  brackets: 'indexed' | 'empty';
}

/** Where a name leads; see Shape.place. */
export interface Place {
  undescribed: number;
  misbracketed: Misbracketed | undefined;
}

export interface Shape {
  /**
   * `undescribed`: the index of the first segment no field describes (-1 when the schema
   * describes the whole name, or stops describing objects before it ends: validation then names
   * what is wrong); `misbracketed`: the first list item written with the other brackets.
   */
  place(segments: string[]): Place;
  /** The nested value with each object of indexed items (keys 0…n-1) made a list where the schema has one. */
  lists(value: Fields): Fields;
  /** A copy to validate (validation coerces in place), each list the description keys by index an object again. */
  forValidation(value: Fields): unknown;
}

/** The shape of the fields one schema describes (a request body's, or a GET's query as one object). */
export function shapeOf(document: Node, schema: Node): Shape {
  const root = wireShape(document, schema);
  return {
    place: (segments) => place(root, segments),
    lists: (value) => asLists(root, value) as Fields,
    forValidation: (value) => copy(root, value),
  };
}

function place(root: WireShape, segments: string[]): Place {
  let shape = root;
  let misbracketed: Misbracketed | undefined;
  for (let depth = 0; depth < segments.length; depth++) {
    const key = segments[depth] as string;
    if (shape.kind === 'list' && (key === '' || isIndex(key))) {
      if (!misbracketed && (key === '') !== (shape.brackets === 'empty'))
        misbracketed = { at: depth, brackets: shape.brackets };
      shape = shape.item;
      continue;
    }
    const next = within(shape, key);
    if (next === 'any') return { undescribed: -1, misbracketed };
    if (next === undefined) return { undescribed: depth, misbracketed };
    shape = next;
  }
  return { undescribed: -1, misbracketed };
}

/**
 * What a key leads to inside a shape: a shape, `any` where anything goes (an open object; a key
 * inside a value or an array, which validation names), or undefined for a name not described.
 */
function within(shape: WireShape, key: string): WireShape | 'any' | undefined {
  switch (shape.kind) {
    case 'object':
      return fieldShape(shape, key) ?? (shape.additional === true ? 'any' : shape.additional);
    case 'map':
      return shape.value;
    // A list the description keys by index takes any key as an item, which validation checks.
    case 'list':
      return shape.keyed ? shape.item : 'any';
    default:
      return 'any';
  }
}

function copy(shape: WireShape | undefined, value: Nested): unknown {
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const list = shape?.kind === 'list' ? shape : undefined;
    const items = value.map((item) => copy(list?.item, item));
    return list?.keyed ? Object.fromEntries(items.map((item, i) => [String(i), item])) : items;
  }
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    const inner = shape && within(shape, key);
    setOwn(out, key, copy(typeof inner === 'object' ? inner : undefined, value[key] as Nested));
  }
  return out;
}
