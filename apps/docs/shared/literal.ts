// Values written as TypeScript source, for the code samples the build writes and the snippets the
// browser console shows. Pure and free of Node APIs, like curl.ts.

/** The API key as every sample and snippet shows it: never a real key. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/**
 * `value` as a TypeScript literal: objects one key a line (unquoted where they can be), strings in
 * single quotes. `indent` is the indentation of the line the literal starts on.
 */
export function typescriptLiteral(value: unknown, indent = ''): string {
  if (Array.isArray(value)) return `[${value.map((item) => typescriptLiteral(item, indent)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(
      ([key, item]) =>
        `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${typescriptLiteral(item, inner)},`,
    );
    return entries.length ? `{\n${entries.join('\n')}\n${indent}}` : '{}';
  }
  return typeof value === 'string' ? quote(value) : String(value);
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
