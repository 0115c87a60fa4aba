// Reading the bundled description: the helpers every generator and test needs
// (`@hostapi/spec/document`).
// No node: import at the top: the mock's engine uses these helpers in a browser too (its MSW
// handlers), where only readBundle() and bundlePath() cannot run.
import { pointerSegments } from './wire.ts';

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

/**
 * The docs' route of a tag (`#/domain-registration`) and of an operation
 * (`#/domain-registration/updatedomaincontact`): Redoc CE 3 shows one operation per route. The
 * docs build and the client's doc comments link to operations with these.
 */
export const tagRoute = (tag: string): string => `#/${tag.toLowerCase().replace(/\s+/g, '-')}`;
export const operationRoute = (tag: string, operationId: string): string =>
  `${tagRoute(tag)}/${operationId.toLowerCase()}`;
