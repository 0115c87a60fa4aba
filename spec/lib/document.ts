// Reading the bundled description: the helpers every generator and test needs
// (`@hostapi/spec/document`).
// No node: import at the top: the mock's engine uses these helpers in a browser too (its MSW
// handlers), where only readBundle() and bundlePath() cannot run.
import { pointer, pointerSegments } from './wire.ts';

export type Node = Record<string, any>;

export interface DocOperation {
  path: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  op: Node;
}

/** dist/openapi.json of this package, found by the package's own name (from its sources or its build). */
export function bundlePath(): string {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { dirname, join } = process.getBuiltinModule('node:path');
  return join(dirname(createRequire(import.meta.url).resolve('@hostapi/spec/package.json')), 'dist/openapi.json');
}

/** The bundled description, parsed. */
export function readBundle(): Node {
  const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');
  const path = bundlePath();
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm --filter @hostapi/spec bundle\` (turbo runs it first).`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** The node a local `$ref` points at, following chains (or the node itself). */
export function deref(doc: Node, node: Node | undefined): Node {
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Non-local $ref in the bundle: ${ref}`);
    current = pointerSegments(ref).reduce<Node | undefined>((n, key) => n?.[key], doc);
    if (current === undefined) throw new Error(`Unresolved $ref ${ref}`);
  }
  return current as Node;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation, in document order. */
export function operationsOf(doc: Node): DocOperation[] {
  return Object.entries(doc.paths as Record<string, Node>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Node })),
  );
}

/** The named examples of an operation's JSON response with this status code: `{ name: value }`. */
export function responseExamples(doc: Node, op: Node, code: string): Record<string, any> {
  const examples: Record<string, Node> =
    deref(doc, op.responses?.[code])?.content?.['application/json']?.examples ?? {};
  return Object.fromEntries(Object.entries(examples).map(([name, example]) => [name, deref(doc, example).value]));
}

/** The properties of an object schema, looking through `$ref` and `allOf`. */
export function propertiesOf(doc: Node, schema: Node | undefined): Record<string, Node> {
  const s = deref(doc, schema);
  return Object.assign(
    {},
    ...((s.allOf ?? []) as Node[]).map((member) => propertiesOf(doc, member)),
    s.properties ?? {},
  );
}

/** The required property names of an object schema, looking through `$ref` and `allOf`. */
export function requiredOf(doc: Node, schema: Node | undefined): string[] {
  const s = deref(doc, schema);
  return [...((s.allOf ?? []) as Node[]).flatMap((member) => requiredOf(doc, member)), ...(s.required ?? [])];
}

/** A field of an operation's answer, named by its JSON path: `return.data[].server_id`, `return.<key>.ip`. */
export interface AnswerField {
  /** Object keys joined by `.`, `[]` for an array's items, `<key>` for a map's keys. */
  readonly name: string;
  /**
   * Whether the answer always has it where its parent is: its object requires it (an array's
   * items and a map's values do not count as always there).
   */
  readonly required: boolean;
  /** The field's schema, its `$ref` followed. */
  readonly schema: Node;
  /** The field's own description, else its schema's. */
  readonly description: string | undefined;
}

/**
 * Every field of an operation's successful answer with this status (HTTP 200 by default), depth
 * first in the description's order: each member of the answer's `anyOf` but the failure envelope,
 * an array's items (`[]`), a map's values (`<key>`) and a `oneOf`'s object members walked in turn.
 * A name reached twice (two members that share a field) is listed once, as first reached.
 */
export function answerFields(doc: Node, op: Node, code = '200'): AnswerField[] {
  const answer = deref(doc, op.responses?.[code])?.content?.['application/json']?.schema;
  if (!answer) return [];
  const failure = pointer('components', 'schemas', 'Failure');
  const members = ((answer.anyOf ?? [answer]) as Node[]).filter((m) => m && m.$ref !== failure);
  const fields = new Map<string, AnswerField>();
  /** What is inside a value named `name` (none for the answer itself): fields, items, map values, object members. */
  const inside = (name: string, schema: Node, depth: number) => {
    const s = deref(doc, schema);
    if (depth > 8) return;
    const required = requiredOf(doc, s);
    const prefix = name ? `${name}.` : '';
    for (const [key, given] of Object.entries(propertiesOf(doc, s)))
      field(`${prefix}${key}`, given, required.includes(key), depth + 1);
    if (s.type === 'array' && s.items) field(`${name}[]`, s.items, false, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      field(`${prefix}<key>`, s.additionalProperties, false, depth + 1);
    for (const member of (s.oneOf ?? []) as Node[])
      if (deref(doc, member).type === 'object') inside(name, member, depth + 1);
  };
  const field = (name: string, given: Node, required: boolean, depth: number) => {
    const s = deref(doc, given);
    if (!fields.has(name))
      fields.set(name, { name, required, schema: s, description: given.description ?? s.description });
    inside(name, s, depth);
  };
  for (const member of members) inside('', member, 0);
  return [...fields.values()];
}

/** The docs' route of a section of the introduction (`#/section/the-envelope`), by its heading. */
export const sectionRoute = (heading: string): string => `#/section/${heading.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * The docs' route of a tag (`#/domain-registration`) and of an operation
 * (`#/domain-registration/updatedomaincontact`): Redoc CE 3 shows one operation per route. The
 * docs build and the client's doc comments link to operations with these.
 */
export const tagRoute = (tag: string): string => `#/${tag.toLowerCase().replace(/\s+/g, '-')}`;
export const operationRoute = (tag: string, operationId: string): string =>
  `${tagRoute(tag)}/${operationId.toLowerCase()}`;
