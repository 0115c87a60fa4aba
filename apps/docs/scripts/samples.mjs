// Code samples for every operation, read from the bundled description: a TypeScript sample
// using @hostapi/client (written to samples/generated/, type-checked and run by the tests) and
// a curl command with the exact bytes the client sends.
import { OPERATIONS } from '@hostapi/client';
import { toPairs } from '@hostapi/spec/wire';
import { exampleInput, operationsOf, readBundle } from '@hostapi/spec/document';
import { curlCommand } from './curl.mjs';
import { KEY_PLACEHOLDER, typescriptLiteral } from './literal.mjs';

export { readBundle };
export const SAMPLES = new URL('../samples/generated/', import.meta.url);
/** The shell variable the curl samples read their base URL from (production when unset). */
export const BASE_URL_VARIABLE = 'BASE_URL';

export function samples(doc) {
  const baseUrl = doc.servers[0].url;

  const result = {};
  for (const { path, method, op } of operationsOf(doc)) {
    const id = op.operationId;
    const input = exampleInput(doc, op, method);
    const pairs = toPairs({ apikey: KEY_PLACEHOLDER, ...input }, OPERATIONS[id].form);
    const curl = curlCommand({
      method,
      url: `${baseUrl}${path}`,
      pairs,
      baseUrlVariable: { name: BASE_URL_VARIABLE, value: baseUrl },
    });
    const typescript = `import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? '${baseUrl}',
});

const result = await api.${OPERATIONS[id].call}(${typescriptLiteral(input)});
console.log(result);
`;
    result[id] = { curl, typescript, input, path, method };
  }
  return result;
}

/** The file written to samples/generated/<operationId>.ts. */
export const sampleFile = (id, summary, typescript) =>
  `// ${id}: ${summary}. Generated from the description by scripts/generate-samples.mjs; do not edit.\n${typescript}`;
