// The command line, declared once: this table gives the parser (node:util parseArgs), `--help`
// and the README's options table (a test holds the README to optionsTable()).
import { parseArgs } from 'node:util';
import type { Node } from '@hostapi/spec/document';
import { maskKey } from '@hostapi/spec/wire';
import { toolsOf } from './tools.js';

interface Option {
  /** `--name`, or an environment variable. */
  name: string;
  /** What the option takes (`<n>`), for `--help` and the README. */
  value?: string;
  /** Default, as shown. */
  default?: string;
  description: string;
}

export const OPTIONS = [
  { name: '--read-only', description: 'Offer only the tools that read (GET); refuse any other.' },
  {
    name: '--tools',
    value: '<area,...>',
    // AREAS and SERVER (below): the description's, filled in where the table is shown.
    description: 'Offer only the tools of these areas (a tool is named `<area>_<method>`): AREAS.',
  },
  { name: '--http', description: 'Serve Streamable HTTP at `http://127.0.0.1:<port>/mcp` instead of stdio.' },
  { name: '--port', value: '<n>', default: '3000', description: 'The port of `--http` (0: any free port).' },
  { name: '--help', description: 'Print this and exit.' },
  { name: '--version', description: 'Print the version and exit.' },
] as const satisfies readonly Option[];

export const ENVIRONMENT: readonly Option[] = [
  {
    name: 'HOSTAPI_KEY',
    description: 'Your API key (required). Sent only to `HOSTAPI_URL`; never in a tool’s output.',
  },
  {
    name: 'HOSTAPI_URL',
    default: 'SERVER',
    description: 'The service, or a mock of it: an address without `user:password@`.',
  },
];

/** What the server reads from the environment, checked. */
export interface Environment {
  apiKey: string;
  baseUrl: string;
}

/** The key and the service's address from the environment, or a UsageError naming the variable. */
export function readEnvironment(env: Record<string, string | undefined>, doc: Node): Environment {
  const apiKey = env.HOSTAPI_KEY;
  if (!apiKey) throw new UsageError('HOSTAPI_KEY is not set: put your API key in the environment.');
  const baseUrl = env.HOSTAPI_URL || doc.servers[0].url;
  // Neither message echoes the address: it may carry a password (or the key).
  if (!URL.canParse(baseUrl)) throw new UsageError('HOSTAPI_URL is not a URL: give the address, such as https://…');
  const { username, password } = new URL(baseUrl);
  if (username || password) {
    throw new UsageError(
      'HOSTAPI_URL has a user name or password (user:password@), which fetch refuses: give the address alone.',
    );
  }
  return { apiKey, baseUrl };
}

/** The line the server writes to stderr once it serves, the key masked wherever it may be. */
export const startLine = (version: string, tools: number, baseUrl: string, where: string, apiKey: string): string =>
  maskKey(`hostapi-mcp ${version} on ${where}: ${tools} tools for ${baseUrl}`, [apiKey]);

export interface Options {
  readOnly: boolean;
  /** The areas offered, or undefined for all. */
  areas: string[] | undefined;
  http: boolean;
  port: number;
  help: boolean;
  version: boolean;
}

/** A command line the server cannot start with; the message says why. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseOptions(args: string[]): Options {
  const config = Object.fromEntries(
    OPTIONS.map((o: Option) => [
      o.name.slice(2),
      o.value ? { type: 'string' as const, ...(o.default && { default: o.default }) } : { type: 'boolean' as const },
    ]),
  );
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: config, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(String(values.port)) || port > 65_535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got ${values.port}`);
  }
  const tools = values.tools as string | undefined;
  return {
    readOnly: Boolean(values['read-only']),
    areas: tools === undefined ? undefined : tools.split(',').map((area) => area.trim()),
    http: Boolean(values.http),
    port,
    help: Boolean(values.help),
    version: Boolean(values.version),
  };
}

const usage = (o: Option) => `${o.name}${o.value ? ` ${o.value}` : ''}`;

/** An option's description and default, with the description's areas and server. */
function explain(o: Option, doc: Node): string {
  const areas = [...new Set(toolsOf(doc).map((t) => `\`${t.area}\``))].join(', ');
  const text = `${o.description}${o.default ? ` Default: ${o.default}.` : ''}`;
  return text.replace('AREAS', areas).replace('SERVER', doc.servers[0].url);
}

/** `--help`: the options and the environment. */
export function help(doc: Node): string {
  const width = Math.max(...[...OPTIONS, ...ENVIRONMENT].map((o) => usage(o).length));
  const line = (o: Option) => `  ${usage(o).padEnd(width)}  ${explain(o, doc).replace(/`/g, '')}`;
  return [
    'Usage: hostapi-mcp [options]',
    '',
    'An MCP server with one tool per operation of the hosting account-management API (stdio by default).',
    '',
    'Options:',
    ...OPTIONS.map(line),
    '',
    'Environment:',
    ...ENVIRONMENT.map(line),
    '',
  ].join('\n');
}

/** The README's options table. */
export function optionsTable(doc: Node): string {
  const row = (o: Option) => `| \`${usage(o)}\` | ${explain(o, doc)} |`;
  return ['| option or variable | what it does |', '|---|---|', ...OPTIONS.map(row), ...ENVIRONMENT.map(row)].join(
    '\n',
  );
}
