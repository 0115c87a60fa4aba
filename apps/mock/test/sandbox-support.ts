// What the sandbox's tests share: the description the mock serves, the built-in fixture as data,
// and a check of any answer against its operation's response schema (ajv, independent of Prism).
import { readFileSync } from 'node:fs';
import { load as parse } from 'js-yaml';
import { DOCUMENT } from '../src/index.mjs';
import { BUILT_IN_FIXTURE } from '../src/sandbox/index.mjs';
import { specAjv, specRef } from '../src/sandbox/schemas.mjs';

export type Node = Record<string, any>;

/** The description the mock serves. */
export const document: Node = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
export const builtInFixture = parse(readFileSync(BUILT_IN_FIXTURE, 'utf8')) as Node;

const ajv = specAjv(document);

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
