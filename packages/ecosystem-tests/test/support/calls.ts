// The example call of every operation, read from the portable description alone (what another
// team's tool sees): a GET's `apikey` and every query parameter that has an example, a POST's
// first named request example; with the fields it puts on the wire, in order, and the answer
// the mock gives it (the `success` example).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Node = Record<string, any>;

const require = createRequire(import.meta.url);
export const PORTABLE_PATH = require.resolve('@hostapi/spec/openapi.portable.json');
export const portable: Node = JSON.parse(readFileSync(PORTABLE_PATH, 'utf8'));

/** The key every call sends: the mock takes any, and the sandbox keeps each key's writes apart. */
export const API_KEY = 'sk_test_ecosystem';

export type Pair = [name: string, value: string];

export interface ExampleCall {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  /** The call's input as the tools take it: flat wire names, a map field as one object. */
  input: Record<string, unknown>;
  /** The fields on the wire, in order (a map field's keys in brackets, a `[]` field once per item). */
  pairs: Pair[];
  /** The answer the mock (examples mode) gives the call. */
  success: unknown;
}

/** The node a local `$ref` points at. */
export function deref(node: Node): Node {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((n: Node, key: string) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')], portable);
  }
  return current;
}

/** The wire fields of a flat input, in order. */
export function pairsOf(input: Record<string, unknown>): Pair[] {
  return Object.entries(input).flatMap(([name, value]): Pair[] => {
    if (Array.isArray(value)) return value.map((item) => [name, String(item)]);
    if (value && typeof value === 'object')
      return Object.entries(value).map(([key, item]) => [`${name}[${key}]`, String(item)]);
    return [[name, String(value)]];
  });
}

export const exampleCalls: ExampleCall[] = Object.entries(portable.paths as Record<string, Node>).flatMap(
  ([path, item]) =>
    Object.entries(item).map(([method, op]: [string, Node]) => {
      let input: Record<string, unknown>;
      if (method === 'get') {
        input = Object.fromEntries(
          (op.parameters as Node[])
            .filter((p) => p.name === 'apikey' || p.example !== undefined)
            .map((p) => [p.name, p.name === 'apikey' ? API_KEY : p.example]),
        );
      } else {
        const media = op.requestBody.content['application/x-www-form-urlencoded'];
        const first = deref(Object.values(media.examples as Node)[0]).value as Record<string, unknown>;
        input = { ...first, apikey: API_KEY };
      }
      const success = deref(deref(op.responses['200']).content['application/json'].examples.success).value;
      return {
        id: op.operationId as string,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        input,
        pairs: pairsOf(input),
        success,
      };
    }),
);
