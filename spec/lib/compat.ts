// Compares two bundled descriptions and sorts every difference into breaking (callers written
// against the old one may fail) and compatible. Operations, request fields and response fields
// are flattened to wire names first (`filters[state]`, `return.data[].server_id`).
import { existsSync, readFileSync } from 'node:fs';
import { answerFields, deref, type Node, operationsOf } from './document.ts';
import { INDEX_SLOT, KEY_SLOT, requestFields, type Slot, shownName, type WireShape } from './fields.ts';

/** What a caller depends on at one place of the description. */
export interface Fact {
  kind: 'operation' | 'request' | 'response';
  /** The operation it belongs to: `GET /1.3/server/list_servers.json`. */
  operation: string;
  /** The field, by its wire name (a request's) or JSON path (an answer's); none for the operation itself. */
  field?: string;
  type?: string;
  required?: boolean;
  enum?: unknown[];
}

/** Every fact a caller depends on: `{ key: { kind, operation, field, type, required, enum } }`. */
export function facts(doc: Node): Record<string, Fact> {
  const out: Record<string, Fact> = {};
  const fact = (kind: Fact['kind'], operation: string, field: string, schema: Node, required: boolean): Fact => {
    const s = deref(doc, schema);
    return { kind, operation, field, type: typeOf(s), required, ...(s.enum ? { enum: s.enum } : {}) };
  };
  // Every field on the way to a value is a fact of its own: a field made required inside an
  // optional group still breaks a caller who sends the group. `required` is the field's own.
  function visit(
    operation: string,
    segments: (string | Slot)[],
    shape: WireShape,
    required: boolean,
    inside = new Set<WireShape>(),
  ) {
    if (inside.has(shape)) return;
    const within = new Set(inside).add(shape);
    const field = shownName(segments);
    out[`${operation} ${field}`] = fact('request', operation, field, shape.schema, required);
    if (shape.kind === 'object')
      for (const f of shape.fields) visit(operation, [...segments, f.name], f.shape, f.required, within);
    if (shape.kind === 'object' && shape.additional && shape.additional !== true)
      visit(operation, [...segments, KEY_SLOT], shape.additional, false, within);
    if (shape.kind === 'map') visit(operation, [...segments, KEY_SLOT], shape.value, false, within);
    if (shape.kind === 'list')
      visit(operation, [...segments, shape.brackets === 'empty' ? '' : INDEX_SLOT], shape.item, false, within);
  }
  for (const operation of operationsOf(doc)) {
    const id = `${operation.method.toUpperCase()} ${operation.path}`;
    out[id] = { kind: 'operation', operation: id };
    for (const field of requestFields(doc, operation)) visit(id, [field.name], field.shape, field.required);
    for (const field of answerFields(doc, operation.op))
      out[`${id} → ${field.name}`] = fact('response', id, field.name, field.schema, field.required);
  }
  return out;
}

/** A schema's JSON types, as one text (`integer|string`). */
function typeOf(s: Node): string {
  if (s.type) return [].concat(s.type).sort().join('|');
  if (s.const !== undefined) return typeof s.const;
  return s.anyOf || s.oneOf ? 'union' : 'any';
}

const wireTexts = (values: unknown[]) => values.map(String).sort().join('\n');

/** One difference between two descriptions, for a caller of the old one. */
export interface Change {
  change: 'added' | 'removed' | 'changed';
  kind: Fact['kind'];
  /** The operation it is in: `GET /1.3/server/list_servers.json`. */
  operation: string;
  /** The field, by its wire name or JSON path; none for an operation added or removed. */
  field?: string | undefined;
  /** Whether a caller written against the old description may fail. */
  breaking: boolean;
  /** The change in a line: `removed request field: GET /1.5/dns/list_ips.json zone`. */
  text: string;
  /** What changed, without where: `removed`, `type integer → integer|string`, `now required`. */
  detail: string;
}

/** Every difference between an old and a new description, in the order of the old one's facts, then the new ones. */
export function changes(oldDoc: Node, newDoc: Node): Change[] {
  const before = facts(oldDoc);
  const after = facts(newDoc);
  const out: Change[] = [];
  const add = (change: Change['change'], fact: Fact, breaking: boolean, text: string, detail: string) =>
    out.push({ change, kind: fact.kind, operation: fact.operation, field: fact.field, breaking, text, detail });
  for (const [key, was] of Object.entries(before)) {
    const now = after[key];
    if (!now) {
      // A field under a removed operation is reported with the operation.
      const parentGone = was.kind !== 'operation' && !after[was.operation];
      if (!parentGone)
        add(
          'removed',
          was,
          true,
          `removed ${was.kind === 'operation' ? 'operation' : `${was.kind} field`}: ${key}`,
          'removed',
        );
      continue;
    }
    if (was.kind === 'operation') continue;
    // A request reaches the service as text: an enumeration retyped with the same texts
    // (`'0' | '1'` → `0 | 1`) accepts exactly the same requests.
    const sameWireValues =
      was.kind === 'request' && was.enum && now.enum && wireTexts(was.enum) === wireTexts(now.enum);
    if (was.type !== now.type && sameWireValues)
      add(
        'changed',
        now,
        false,
        `type of ${key}: ${was.type} → ${now.type} (same wire values)`,
        `type ${was.type} → ${now.type} (same wire values)`,
      );
    else if (was.type !== now.type) {
      // A request field that still takes every type it took accepts every request it accepted
      // (`integer` → `integer|string` is widened); a caller may read a response field's new type wrong.
      const nowTypes = String(now.type).split('|');
      const takes = (type: string) =>
        nowTypes.includes(type) || nowTypes.includes('any') || (type === 'integer' && nowTypes.includes('number'));
      const narrowed = was.kind === 'request' ? !String(was.type).split('|').every(takes) : true;
      add('changed', now, narrowed, `type of ${key}: ${was.type} → ${now.type}`, `type ${was.type} → ${now.type}`);
    }
    if (was.kind === 'request' && !was.required && now.required)
      add('changed', now, true, `now required: ${key}`, 'now required');
    if (was.kind === 'response' && was.required && !now.required)
      add('changed', now, true, `no longer always present: ${key}`, 'no longer always present');
    if (sameWireValues) continue;
    const removedValues = (was.enum ?? []).filter((v) => now.enum && !now.enum.includes(v));
    if (was.kind === 'request' && (removedValues.length || (!was.enum && now.enum))) {
      const narrowed = removedValues.length
        ? `removed ${removedValues.join(', ')}`
        : `now only ${now.enum?.join(', ')}`;
      add('changed', now, true, `narrowed enumeration of ${key}: ${narrowed}`, `narrowed enumeration: ${narrowed}`);
    }
    const addedValues = (now.enum ?? []).filter((v) => was.enum && !was.enum.includes(v));
    const values = addedValues.join(', ');
    if (addedValues.length)
      add('changed', now, was.kind === 'response', `new values of ${key}: ${values}`, `new values: ${values}`);
  }
  for (const [key, now] of Object.entries(after)) {
    if (before[key]) continue;
    const parentNew = now.kind !== 'operation' && !before[now.operation];
    if (parentNew) continue;
    if (now.kind === 'request' && now.required)
      add('added', now, true, `new required request field: ${key}`, 'added, required');
    else
      add(
        'added',
        now,
        false,
        `added ${now.kind === 'operation' ? 'operation' : `${now.kind} field`}: ${key}`,
        'added',
      );
  }
  return out;
}

/** `{ breaking: string[], compatible: string[] }` between an old and a new description. */
export function compare(oldDoc: Node, newDoc: Node): { breaking: string[]; compatible: string[] } {
  const all = changes(oldDoc, newDoc);
  return {
    breaking: all.filter((c) => c.breaking).map((c) => c.text),
    compatible: all.filter((c) => !c.breaking).map((c) => c.text),
  };
}

/**
 * The description as last released (released/openapi.json, recorded by `pnpm release:version`),
 * or undefined before the first release: then nothing is published and nothing can break.
 */
export const RELEASED = new URL('../released/openapi.json', import.meta.url);
export const readReleased = (): Node | undefined =>
  existsSync(RELEASED) ? JSON.parse(readFileSync(RELEASED, 'utf8')) : undefined;
