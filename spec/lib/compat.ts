// Compares two bundled descriptions and sorts every difference into breaking (callers written
// against the old one may fail) and compatible. Operations, request fields and response fields
// are flattened to wire names first (`filters[state]`, `return.data[].server_id`).
import { existsSync, readFileSync } from 'node:fs';
import { deref, type Node, operationsOf, propertiesOf, requiredOf } from './document.ts';
import { pointer, URL_ENCODED, wireName } from './wire.ts';

/** What a caller depends on at one place of the description. */
export interface Fact {
  kind: 'operation' | 'request' | 'response';
  type?: string;
  required?: boolean;
  enum?: unknown[];
}

/** Every fact a caller depends on: `{ key: { kind, type, required, enum } }`. */
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
  function walk(prefix: string, kind: 'request' | 'response', schema: Node, isRequired: boolean, depth = 0) {
    const s = deref(doc, schema);
    out[prefix] = { kind, type: typeOf(s), required: isRequired, ...(s.enum ? { enum: s.enum } : {}) };
    if (depth > 8) return;
    const join = (key: string) => (kind === 'response' ? `${prefix}.${key}` : wireName([prefix, key]));
    const props = properties(s);
    const req = required(s);
    for (const [key, value] of Object.entries(props)) walk(join(key), kind, value, req.includes(key), depth + 1);
    if (s.type === 'array' && s.items)
      walk(kind === 'response' ? `${prefix}[]` : `${prefix}[<n>]`, kind, s.items, false, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      walk(join('<key>'), kind, s.additionalProperties, false, depth + 1);
    for (const member of (s.oneOf ?? []) as Node[])
      if (deref(doc, member).type === 'object') walk(prefix, kind, member, isRequired, depth + 1);
  }
  for (const { path, method, op } of operationsOf(doc)) {
    const id = `${method.toUpperCase()} ${path}`;
    out[id] = { kind: 'operation' };
    for (const p of ((op.parameters ?? []) as Node[]).map((x) => deref(doc, x)))
      walk(`${id} ${p.name}`, 'request', p.schema, Boolean(p.required));
    const form = deref(doc, op.requestBody)?.content?.[URL_ENCODED]?.schema;
    if (form) {
      const req = required(form);
      for (const [key, value] of Object.entries(properties(form)))
        walk(`${id} ${key}`, 'request', value, req.includes(key));
    }
    const answer = deref(doc, op.responses?.['200'])?.content?.['application/json']?.schema;
    const success = ((answer?.anyOf ?? [answer]) as Node[]).filter(
      (m) => m && m.$ref !== pointer('components', 'schemas', 'Failure'),
    );
    for (const member of success) {
      const req = required(member);
      for (const [key, value] of Object.entries(properties(member)))
        walk(`${id} → ${key}`, 'response', value, req.includes(key));
    }
  }
  return out;
}

const wireTexts = (values: unknown[]) => values.map(String).sort().join('\n');

/** `{ breaking: string[], compatible: string[] }` between an old and a new description. */
export function compare(oldDoc: Node, newDoc: Node): { breaking: string[]; compatible: string[] } {
  const before = facts(oldDoc);
  const after = facts(newDoc);
  const breaking: string[] = [];
  const compatible: string[] = [];
  for (const [key, was] of Object.entries(before)) {
    const now = after[key];
    if (!now) {
      // A field under a removed operation is reported with the operation.
      const parentGone = was.kind !== 'operation' && !after[key.split(' ').slice(0, 2).join(' ')];
      if (!parentGone) breaking.push(`removed ${was.kind === 'operation' ? 'operation' : `${was.kind} field`}: ${key}`);
      continue;
    }
    if (was.kind === 'operation') continue;
    // A request reaches the service as text: an enumeration retyped with the same texts
    // (`'0' | '1'` → `0 | 1`) accepts exactly the same requests.
    const sameWireValues =
      was.kind === 'request' && was.enum && now.enum && wireTexts(was.enum) === wireTexts(now.enum);
    if (was.type !== now.type && sameWireValues)
      compatible.push(`type of ${key}: ${was.type} → ${now.type} (same wire values)`);
    else if (was.type !== now.type) {
      // A request field that still takes every type it took accepts every request it accepted
      // (`integer` → `integer|string` is widened); a caller may read a response field's new type wrong.
      const nowTypes = String(now.type).split('|');
      const takes = (type: string) =>
        nowTypes.includes(type) || nowTypes.includes('any') || (type === 'integer' && nowTypes.includes('number'));
      const narrowed = was.kind === 'request' ? !String(was.type).split('|').every(takes) : true;
      (narrowed ? breaking : compatible).push(`type of ${key}: ${was.type} → ${now.type}`);
    }
    if (was.kind === 'request' && !was.required && now.required) breaking.push(`now required: ${key}`);
    if (was.kind === 'response' && was.required && !now.required) breaking.push(`no longer always present: ${key}`);
    if (sameWireValues) continue;
    const removedValues = (was.enum ?? []).filter((v) => now.enum && !now.enum.includes(v));
    if (was.kind === 'request' && (removedValues.length || (!was.enum && now.enum))) {
      breaking.push(
        `narrowed enumeration of ${key}: ${
          removedValues.length ? `removed ${removedValues.join(', ')}` : `now only ${now.enum?.join(', ')}`
        }`,
      );
    }
    const addedValues = (now.enum ?? []).filter((v) => was.enum && !was.enum.includes(v));
    if (addedValues.length)
      (was.kind === 'response' ? breaking : compatible).push(`new values of ${key}: ${addedValues.join(', ')}`);
  }
  for (const [key, now] of Object.entries(after)) {
    if (before[key]) continue;
    const parentNew = now.kind !== 'operation' && !before[key.split(' ').slice(0, 2).join(' ')];
    if (parentNew) continue;
    if (now.kind === 'request' && now.required) breaking.push(`new required request field: ${key}`);
    else compatible.push(`added ${now.kind === 'operation' ? 'operation' : `${now.kind} field`}: ${key}`);
  }
  return { breaking, compatible };
}

/**
 * The description as last released (released/openapi.json, recorded by `pnpm release:version`),
 * or undefined before the first release: then nothing is published and nothing can break.
 */
export const RELEASED = new URL('../released/openapi.json', import.meta.url);
export const readReleased = (): Node | undefined =>
  existsSync(RELEASED) ? JSON.parse(readFileSync(RELEASED, 'utf8')) : undefined;
