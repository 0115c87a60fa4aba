// Code samples for every operation, read from the bundled description: a TypeScript sample
// using @hostapi/client (written to samples/generated/, type-checked and run by the tests), and
// a curl command and a Python (requests) script with exactly the fields the client sends.
import { OPERATIONS } from '@hostapi/client';
import { type Node, operationsOf, readBundle } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { type FormShape, toPairs } from '@hostapi/spec/wire';
import { curlCommand } from '../shared/curl.ts';
import { KEY_PLACEHOLDER, typescriptLiteral } from '../shared/literal.ts';
import { pythonSample } from './python.ts';

export { readBundle };
export const SAMPLES = new URL('../samples/generated/', import.meta.url);
/** The variable the curl and Python samples read their base URL from (production when unset). */
export const BASE_URL_VARIABLE = 'BASE_URL';
/** The variable the client and Python samples read the API key from. */
export const KEY_VARIABLE = 'HOSTAPI_KEY';

export interface Sample {
  curl: string;
  typescript: string;
  python: string;
  input: Record<string, unknown>;
  path: string;
  method: string;
}

/** The client's table of an operation: its method's name (`servers.list`) and its form's order. */
export const clientOperation = (id: string) =>
  (OPERATIONS as Record<string, { call: string; form?: FormShape }>)[id] ??
  (() => {
    throw new Error(`@hostapi/client has no operation ${id}`);
  })();

/** Every operation's samples, by operationId. */
export function samples(doc: Node): Record<string, Sample> {
  const baseUrl: string = doc.servers[0].url;
  const result: Record<string, Sample> = {};
  for (const { path, method, op } of operationsOf(doc)) {
    const id: string = op.operationId;
    const input = exampleInput(doc, op, method);
    const pairs = toPairs({ apikey: KEY_PLACEHOLDER, ...input }, clientOperation(id).form);
    const curl = curlCommand({
      method,
      url: `${baseUrl}${path}`,
      pairs,
      baseUrlVariable: { name: BASE_URL_VARIABLE, value: baseUrl },
    });
    const typescript = `import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.${KEY_VARIABLE}!,
  baseUrl: process.env.HOSTAPI_URL ?? '${baseUrl}',
});

const result = await api.${clientOperation(id).call}(${typescriptLiteral(input)});
console.log(result);
`;
    const python = pythonSample({
      method,
      path,
      pairs,
      baseUrl,
      baseUrlVariable: BASE_URL_VARIABLE,
      keyVariable: KEY_VARIABLE,
    });
    result[id] = { curl, typescript, python, input, path, method };
  }
  return result;
}

/** The file written to samples/generated/<operationId>.ts. */
export const sampleFile = (id: string, summary: string, typescript: string) =>
  `// ${id}: ${summary}. Generated from the description by scripts/generate-samples.ts; do not edit.\n${typescript}`;
