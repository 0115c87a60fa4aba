// The call in the form, written out for the reader to copy: the curl command (built by the docs'
// one curl builder, with the same fields, encoding and Prefer the console sends) and the
// @hostapi/client call. The key is a placeholder in both, as in the docs' samples.
import { OPERATIONS } from '@hostapi/client';
import { type FormShape, toPairs } from '@hostapi/spec/wire';
import { curlCommand } from '../../shared/curl.ts';
import { KEY_PLACEHOLDER, typescriptLiteral } from '../../shared/literal.ts';
import type { Call } from './send.js';

/** The call in the form; the key is never in a snippet. */
type Snippet = Omit<Call, 'apiKey'>;

export function curlSnippet({ operation, baseUrl, input, prefer, multipart }: Snippet): string {
  const table = OPERATIONS[operation.id as keyof typeof OPERATIONS] as { form?: FormShape };
  const pairs = toPairs({ apikey: KEY_PLACEHOLDER, ...input }, table.form);
  const headers: Array<[string, string]> = prefer ? [['Prefer', prefer]] : [];
  return curlCommand({
    method: operation.method,
    url: `${trimSlash(baseUrl)}${operation.path}`,
    pairs,
    headers,
    multipart,
  });
}

export function clientSnippet({ operation, baseUrl, input, prefer, multipart }: Snippet): string {
  const options: Record<string, unknown> = operation.method === 'GET' ? { params: { query: input } } : { body: input };
  if (multipart) options.multipart = true;
  if (prefer) options.headers = { Prefer: prefer };
  return `import { createPathClient } from '@hostapi/client/paths';

const paths = createPathClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: ${typescriptLiteral(trimSlash(baseUrl))},
});

const { data, error, response } = await paths.${operation.method}(${[
    typescriptLiteral(operation.path),
    typescriptLiteral(options),
  ].join(', ')});
`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
