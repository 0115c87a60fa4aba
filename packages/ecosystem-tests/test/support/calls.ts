// The example call of every operation, read from the portable description alone (what another
// team's tool sees): a GET's `apikey` and every query parameter that has an example, a POST's
// first named request example; with the fields it puts on the wire, in order, and the answer
// the mock gives it (the `success` example).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deref as derefIn, type Node } from '@hostapi/spec/document';
import { URL_ENCODED } from '@hostapi/spec/wire';

export type { Node };

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
  /** The call's input as the tools take it: flat wire names, each a value (or a `name[]` list). */
  input: Record<string, unknown>;
  /** The fields on the wire, in order (a `[]` field once per item). */
  pairs: Pair[];
  /** The answer the mock (examples mode) gives the call. */
  success: unknown;
}

/** The node a local `$ref` of the portable description points at. */
export const deref = (node: Node): Node => derefIn(portable, node);

/** The wire fields of a flat input, in order: a field per value, an array's items under one name. */
export function pairsOf(input: Record<string, unknown>): Pair[] {
  return Object.entries(input).flatMap(([name, value]): Pair[] => {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => v !== null && typeof v === 'object')) throw new Error(`${name}: not a flat field`);
    return values.map((item) => [name, String(item)]);
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
        const media = op.requestBody.content[URL_ENCODED];
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

/** An example call with its fields changed: `change` maps the example's fields, in order, to the new ones. */
function changed(id: string, change: (fields: [string, unknown][]) => [string, unknown][]): ExampleCall {
  const call = exampleCalls.find((c) => c.id === id);
  if (!call) throw new Error(`no example call ${id}`);
  const input = Object.fromEntries(change(Object.entries(call.input)));
  return { ...call, input, pairs: pairsOf(input) };
}

/**
 * Calls beyond the examples, for the field shapes an example gives once or not at all: a map
 * keyed by the caller with two keys, a list sent with empty brackets with two items, and a list
 * read by index past its declared slots (a field by pattern).
 */
export const widerCalls = {
  twoDisks: changed('upgradeServer', (fields) =>
    fields.flatMap(([name, value]) =>
      name === 'upgrade[disk][xvda1]'
        ? [
            [name, value],
            ['upgrade[disk][xvdb]', 40],
          ]
        : [[name, value]],
    ),
  ),
  twoServices: changed('copyStack', (fields) =>
    fields.flatMap(([name, value]) =>
      name === 'label'
        ? [
            [name, value],
            ['params[the service][]', ['shop-staging', 'shop-staging-worker']],
          ]
        : [[name, value]],
    ),
  ),
  sixContainers: changed('backupStack', (fields) => [
    ...fields.filter(([name]) => !name.startsWith('containers[') && name !== 'params[label]'),
    ...['web', 'worker', 'cron', 'redis', 'search', 'mail'].map((c, i): [string, unknown] => [`containers[${i}]`, c]),
    ...fields.filter(([name]) => name === 'params[label]'),
  ]),
} satisfies Record<string, ExampleCall>;
