// One operation, run: its input from the command line, the confirmation a destructive write
// needs, the client (@hostapi/client) with a fetch that shows each request as sent (--verbose) or
// prints it and stops (--dry-run), and the result printed.
import { createHostApiClient, VERSION as CLIENT_VERSION } from '@hostapi/client';
import type { Flag, OperationCommand } from './operations.js';
import { inputOf, UsageError } from './input.js';
import { type OutputOptions, prepareOutput, printAll, printResult } from './output.js';
import { checkUrl, credentials } from './profiles.js';
import { askYes, type Io } from './terminal.js';
import { VERSION } from './version.js';

/** The options every command takes (program-level), as parsed. */
export interface Globals extends OutputOptions {
  profile?: string;
  baseUrl?: string;
  verbose?: boolean;
  dryRun?: boolean;
  yes?: boolean;
  data?: [string, string][];
  header?: [string, string][];
  multipart?: boolean;
  all?: boolean;
}

/** What the client is given as the key for --dry-run without one: masked like any key. */
const NO_KEY = 'YOUR_API_KEY';

/**
 * The request as HTTP/1.1 puts it on the wire: request line, Host, the headers the client sets
 * (a multipart body's Content-Type with its boundary), a blank line and the body. fetch adds its
 * own connection headers (Content-Length, Connection, Accept-Encoding) when it sends it.
 */
async function requestText(url: string, init: RequestInit): Promise<string> {
  const target = new URL(url);
  const headers = Object.entries((init.headers ?? {}) as Record<string, string>);
  let body = typeof init.body === 'string' ? init.body : '';
  if (init.body instanceof FormData) {
    const request = new Request(url, { method: init.method ?? 'POST', body: init.body });
    headers.push(['Content-Type', request.headers.get('content-type') ?? '']);
    body = await request.text();
  }
  const head = [`${init.method} ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  return [...head, ...headers.map(([name, value]) => `${name}: ${value}`), '', body].join('\r\n');
}

/** fetch, showing each request as sent on stderr (--verbose), or printing it and sending nothing (--dry-run). */
function tracingFetch(globals: Globals, io: Io, trace: { printed: boolean }): typeof fetch {
  return async (url, init = {}) => {
    const text = await requestText(String(url), init);
    if (globals.dryRun) {
      io.out(text.endsWith('\r\n') ? text : `${text}\r\n`);
      trace.printed = true;
      throw new Error('dry run: nothing is sent'); // runOperation sees trace.printed and stops quietly
    }
    if (!globals.verbose) return fetch(url, init);
    const lines = text.replace(/\r\n$/, '').split('\r\n');
    io.err(`${lines.map((line) => `> ${line}`.trimEnd()).join('\n')}\n`);
    const response = await fetch(url, init);
    const head = [
      `HTTP ${response.status} ${response.statusText}`,
      ...[...response.headers].map(([n, v]) => `${n}: ${v}`),
    ];
    io.err(`${head.map((line) => `< ${line}`).join('\n')}\n<\n`);
    return response;
  };
}

/** A destructive write goes ahead only with --yes, or once confirmed on a terminal. */
async function confirm(command: OperationCommand, io: Io): Promise<void> {
  const what = `${command.group} ${command.name} (${command.summary}) changes or removes what exists`;
  if (!io.canAsk) throw new UsageError(`${what}: with no terminal to ask on, give --yes to go ahead`);
  if (!(await askYes(`${what}. Send it? [y/N] `))) throw new Error('not confirmed: nothing was sent');
}

/** Runs one operation's command with the values of its flags. */
export async function runOperation(
  command: OperationCommand,
  values: ReadonlyMap<Flag, unknown>,
  globals: Globals,
  io: Io,
): Promise<void> {
  const input = inputOf(command, values, globals.data ?? []);
  await prepareOutput(globals);
  const { key, baseUrl } = credentials(globals, io);
  if (!key && !globals.dryRun)
    throw new UsageError('no API key: set HOSTAPI_KEY, or save one with `hostapi login` (see hostapi login --help)');
  if (baseUrl) checkUrl(baseUrl, "--base-url (or HOSTAPI_URL, or the profile's)");
  if (command.destructive && !globals.dryRun && !globals.yes) await confirm(command, io);
  if (!key) io.keys.push(NO_KEY);
  const trace = { printed: false };
  const client = createHostApiClient({
    apiKey: key ?? NO_KEY,
    ...(baseUrl && { baseUrl }),
    fetch: tracingFetch(globals, io, trace),
    ...(globals.multipart && { multipart: true }),
    ...(globals.dryRun && { retries: 0 }),
  }) as unknown as Record<string, Record<string, (input: object, call: object) => any>>;
  const headers = {
    'User-Agent': `hostapi-cli/${VERSION} hostapi-client/${CLIENT_VERSION} node/${process.versions.node}`,
    ...Object.fromEntries(globals.header ?? []),
  };
  try {
    const [group, method] = globals.all ? command.callAll! : command.call;
    const result = client[group]![method]!(input, { headers });
    if (globals.all) await printAll(command, result, globals, io);
    else printResult(command, await result, globals, io);
  } catch (error) {
    if (!trace.printed) throw error;
  }
}
