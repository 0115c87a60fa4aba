// What the sandbox's tests share: a sandbox on its own (assembled as startMock() assembles it, its
// answerer called directly), the description the mock serves, the built-in fixture as data, and a
// check of any answer against its operation's response schema (ajv, independent of Prism).
import { readFileSync } from 'node:fs';
import { load as parse } from 'js-yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { pointer } from '@hostapi/spec/wire';
import { resolveOptions } from '../src/config.ts';
import { assemble, type Platform } from '../src/engine/assemble.ts';
import { createLog } from '../src/engine/log.ts';
import type { Clock, Sandbox } from '../src/engine/sandbox/index.ts';
import { DOCUMENT, type MockOptions } from '../src/index.ts';
import { BUILT_IN_FIXTURE } from '../src/node/files.ts';
import { NODE, readDocument } from '../src/node/serve.ts';

export type Node = Record<string, any>;

export type SandboxOptions = Pick<
  MockOptions,
  'fixture' | 'rateLimit' | 'latencyMs' | 'maxKeys' | 'maxStateBytes' | 'maxRecordBytes' | 'store' | 'storeTtlMs'
> & {
  /** The description, as an object or the path of its JSON. */
  document: string | Node;
  /** Told the sandbox's warnings. */
  log?: { warn(line: string): void };
  clock?: Clock;
  /** In place of Node's Redis store, for `store`: the platform's shared store. */
  sharedStore?: Platform['sharedStore'];
};

/** The sandbox's answerer, its options checked and completed as startMock() does. */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const { document, log, clock, sharedStore, ...rest } = options;
  if (!(typeof document === 'string' || document?.paths))
    throw new TypeError('createSandbox needs the description (document) as an object or the path of its JSON');
  const { answerer } = await assemble({
    document: readDocument(document),
    mode: resolveOptions({ sandbox: true, ...rest }, 'mock', false).mode,
    strict: false,
    log: createLog({ verbose: false, write: (line) => log?.warn(line) }),
    platform: sharedStore ? { ...NODE, sharedStore } : NODE,
    clock,
    journal: false,
    faults: undefined,
  });
  return answerer as Sandbox;
}

/** The description the mock serves. */
export const document: Node = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
export const builtInFixture = parse(readFileSync(BUILT_IN_FIXTURE, 'utf8')) as Node;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajv.addSchema(document, 'spec');
const specRef = (...segments: (string | number)[]) => `spec${pointer(...segments)}`;

/** Every operation: operationId → { path, method }. */
export const operations: Record<string, { path: string; method: string; op: Node }> = {};
for (const [path, item] of Object.entries(document.paths as Node)) {
  for (const [method, op] of Object.entries(item as Node)) operations[op.operationId] = { path, method, op };
}

/** ajv's complaints about `body` as the answer of `operationId` with HTTP `status` ([] when valid). */
export function responseProblems(operationId: string, status: number, body: unknown): string[] {
  const { path, method, op } = operations[operationId]!;
  const response = op.responses[String(status)];
  if (!response) return [`${operationId} documents no HTTP ${status} answer`];
  const pointer = response.$ref
    ? `spec${response.$ref}/content/application~1json/schema`
    : specRef('paths', path, method, 'responses', status, 'content', 'application/json', 'schema');
  const validate = ajv.getSchema(pointer);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** An operation's named examples of one response, by name, `$ref`s followed. */
export function examplesOf(operationId: string, status = '200'): Record<string, Node> {
  const response = operations[operationId]!.op.responses[status];
  const media = (response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response).content[
    'application/json'
  ];
  return Object.fromEntries(
    Object.entries(media.examples as Node).map(([name, example]) => [
      name,
      example.$ref ? document.components.examples[example.$ref.split('/').pop()].value : example.value,
    ]),
  );
}

const isFailure = (body: Node) => typeof body?.msg === 'string' && !('return' in body) && body.status !== true;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Why an answer of HTTP 200 that is a failure is not one of its own operation's named failure
 * examples, which it must name (`example`) and equal (where the example's message names the
 * reserved extension `.example`, the answer names the one asked for); [] when it is, or when it
 * is no failure.
 */
export function undocumentedFailure(
  operationId: string,
  { status, body, example }: { status: number; body?: unknown; example?: string | undefined },
): string[] {
  if (status !== 200 || !isFailure(body as Node)) return [];
  const answered = `${operationId} answered ${JSON.stringify(body)}`;
  const examples = examplesOf(operationId);
  const documented = example === undefined ? undefined : examples[example];
  if (!documented || !isFailure(documented))
    return [
      `${answered} as "${example}", not a failure example of ${operationId} (${Object.keys(examples).join(', ')})`,
    ];
  const { msg, ...rest } = body as Node;
  const { msg: documentedMsg, ...documentedRest } = documented;
  const message = new RegExp(`^${escaped(documentedMsg).replace(escaped('.example'), '\\.[a-z0-9][a-z0-9.-]*')}$`);
  return JSON.stringify(rest) === JSON.stringify(documentedRest) && message.test(msg)
    ? []
    : [`${answered}, not its example "${example}": ${JSON.stringify(documented)}`];
}
