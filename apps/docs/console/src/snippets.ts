// The call in the form, written out for the reader to copy: the curl command (built by the docs'
// one curl builder, with the same bytes the client sends) and the @hostapi/client call. The key
// is a placeholder in both, as in the docs' samples.
import { OPERATIONS, toPairs } from '@hostapi/client';
import { curlCommand } from '../../scripts/curl.mjs';
import type { OperationModel } from './model.js';

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

interface Snippet {
  operation: OperationModel;
  baseUrl: string;
  input: Record<string, unknown>;
  prefer: string;
  multipart: boolean;
}

type Shape = Parameters<typeof toPairs>[1];

export function curlSnippet({ operation, baseUrl, input }: Snippet): string {
  const table = OPERATIONS[operation.id as keyof typeof OPERATIONS] as { form?: Shape } | undefined;
  const pairs = toPairs({ apikey: KEY_PLACEHOLDER, ...input }, table?.form);
  return curlCommand({ method: operation.method, url: `${trimSlash(baseUrl)}${operation.path}`, pairs });
}

export function clientSnippet({ operation, baseUrl, input, prefer, multipart }: Snippet): string {
  const options: Record<string, unknown> = operation.method === 'GET' ? { params: { query: input } } : { body: input };
  if (multipart) options.multipart = true;
  if (prefer) options.headers = { Prefer: prefer };
  return `import { createPathClient } from '@hostapi/client';

const paths = createPathClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: ${literal(trimSlash(baseUrl), '')},
});

const { data, error, response } = await paths.${operation.method}(${literal(operation.path, '')}, ${literal(options, '')});
`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A TypeScript literal: keys unquoted where they can be, strings in single quotes. */
function literal(value: unknown, indent: string): string {
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, indent)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(([key, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${literal(v, inner)},`);
    return entries.length ? `{\n${entries.join('\n')}\n${indent}}` : '{}';
  }
  return typeof value === 'string' ? quote(value) : String(value);
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
