// The curl command of one call, with exactly the bytes @hostapi/client sends. Pure and free of
// Node APIs: the build's code samples and the browser console both use it.
import { encodePairs, type Pair } from '@hostapi/spec/wire';

const shell = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export interface CurlCall {
  /** `get` or `post` (any case). */
  method: string;
  /** The base URL and path. */
  url: string;
  /** The fields in wire order, `apikey` first. */
  pairs: readonly Pair[];
  /** Sent as given (`-H 'Prefer: example=clientNotFound'`). */
  headers?: readonly (readonly [string, string])[];
  /**
   * A POST's fields as multipart/form-data parts instead (`--form-string`: a value starting with
   * `@` or `<` is never read as a file).
   */
  multipart?: boolean;
  /**
   * Where `value` is the start of `url`, the command reads that part from the shell variable
   * `name`, `value` when it is unset or empty, set on a line of its own first, so that the
   * command's own first line is short and shows the operation's path:
   * `BASE_URL="${BASE_URL:-https://api.hostapi.example}"`, then
   * `curl "$BASE_URL/1.3/server/list_servers.json"`.
   */
  baseUrlVariable?: { name: string; value: string };
}

/**
 * One field a line (`-d 'name=value'`, URL-encoded as the client sends it; a GET sends them as its
 * query with `-G`), lines joined with ` \`: a line breaks only between two parameters.
 */
export function curlCommand({
  method,
  url,
  pairs,
  headers = [],
  multipart = false,
  baseUrlVariable,
}: CurlCall): string {
  const get = method.toLowerCase() === 'get';
  if (get && multipart) throw new Error('curlCommand: a GET sends no form, multipart or other');
  const lines = [`curl${get ? ' -G' : ''} ${address(url, baseUrlVariable)}`];
  for (const [name, value] of headers) lines.push(`  -H ${shell(`${name}: ${value}`)}`);
  for (const pair of pairs)
    lines.push(multipart ? `  --form-string ${shell(`${pair[0]}=${pair[1]}`)}` : `  -d ${shell(encodePairs([pair]))}`);
  const command = lines.join(' \\\n');
  return baseUrlVariable ? `${fallback(baseUrlVariable)}\n${command}` : command;
}

function address(url: string, variable: CurlCall['baseUrlVariable']): string {
  if (!variable) return shell(url);
  const { name, value } = variable;
  if (!url.startsWith(value)) throw new Error(`curlCommand: ${url} does not start with ${value}`);
  const rest = literal(url.slice(value.length));
  // `$BASE_URL/1.3/...`; braces where the rest would read as more of the name.
  return /^\w/.test(rest) ? `"\${${checked(name)}}${rest}"` : `"$${checked(name)}${rest}"`;
}

/** The line that sets the variable to itself, or to its value when unset or empty. */
function fallback({ name, value }: { name: string; value: string }): string {
  return `${checked(name)}="\${${name}:-${literal(value).replace(/}/g, '\\}')}}"`;
}

function checked(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`curlCommand: "${name}" is not a shell variable name`);
  return name;
}

/** Text inside double quotes, where only $, `, \ and " are special (and } ends a fallback): escaped. */
const literal = (text: string) => text.replace(/[$`\\"]/g, '\\$&');
