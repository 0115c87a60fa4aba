// Compares two bundled descriptions and sorts every difference into breaking (callers written
// against the old one may fail) and compatible. Operations, request fields and response fields
// are flattened to wire names first (`filters[state]`, `return.data[].server_id`).
import { existsSync, readFileSync } from 'node:fs';
import { answerFields, deref, type Node, operationsOf, propertiesOf, requiredOf } from './document.ts';
import { URL_ENCODED, wireName } from './wire.ts';

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
  const typeOf = (schema: Node): string => {
    const s = deref(doc, schema);
    if (s.type) return [].concat(s.type).sort().join('|');
    if (s.const !== undefined) return typeof s.const;
    return s.anyOf || s.oneOf ? 'union' : 'any';
  };
  const properties = (schema: Node) => propertiesOf(doc, schema);
  const required = (schema: Node) => requiredOf(doc, schema);
  const fact = (kind: Fact['kind'], operation: string, field: string, schema: Node, isRequired: boolean): Fact => {
    const s = deref(doc, schema);
    return { kind, operation, field, type: typeOf(s), required: isRequired, ...(s.enum ? { enum: s.enum } : {}) };
  };
  function walk(operation: string, field: string, schema: Node, isRequired: boolean, depth = 0) {
    const s = deref(doc, schema);
    out[`${operation} ${field}`] = fact('request', operation, field, s, isRequired);
    if (depth > 8) return;
    const props = properties(s);
    const req = required(s);
    for (const [key, value] of Object.entries(props))
      walk(operation, wireName([field, key]), value, req.includes(key), depth + 1);
    if (s.type === 'array' && s.items) walk(operation, `${field}[<n>]`, s.items, false, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      walk(operation, wireName([field, '<key>']), s.additionalProperties, false, depth + 1);
    for (const member of (s.oneOf ?? []) as Node[])
      if (deref(doc, member).type === 'object') walk(operation, field, member, isRequired, depth + 1);
  }
  for (const { path, method, op } of operationsOf(doc)) {
    const id = `${method.toUpperCase()} ${path}`;
    out[id] = { kind: 'operation', operation: id };
    for (const p of ((op.parameters ?? []) as Node[]).map((x) => deref(doc, x)))
      walk(id, p.name, p.schema, Boolean(p.required));
    const form = deref(doc, op.requestBody)?.content?.[URL_ENCODED]?.schema;
    if (form) {
      const req = required(form);
      for (const [key, value] of Object.entries(properties(form))) walk(id, key, value, req.includes(key));
    }
    for (const field of answerFields(doc, op))
      out[`${id} → ${field.name}`] = fact('response', id, field.name, field.schema, field.required);
  }
  return out;
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
