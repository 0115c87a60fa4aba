// The command line, read once: `hostapi-mock [proxy] [options]` → the mock's configuration
// (config.ts, as startMock() resolves its options), its parsing and its usage text made from the
// options table (options.ts).
import { isAbsolute, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { MAX_DEPTH } from '@hostapi/spec/wire';
import {
  expected,
  flagOf,
  formatDuration,
  type MockConfig,
  OptionError,
  resolveOptions,
  UNITS,
  withoutPassword,
} from './config.ts';
import { FAULT_NAMES, MAX_DURATION_MS } from './engine/faults.ts';
import { MAX_BODY_BYTES } from './engine/fetch.ts';
import { MAX_NOTES } from './engine/problems.ts';
import { MAX_LATENCY_MS } from './engine/sandbox/faults.ts';
import { MAX_RATE_LIMIT } from './engine/sandbox/rate-limit.ts';
import { MAX_DROPPED } from './engine/sandbox/store.ts';
import { MAX_PIPELINED } from './node/front.ts';
import { MAX_CHECKED_BYTES } from './node/proxy.ts';
import { flagName, MAX_TIMER_MS, type OptionSpec, optionNamed, table } from './options.ts';

export { OptionError };

const flags = table.filter((option) => flagName(option) !== undefined);
const MAX_KEYS = optionNamed('maxKeys')?.default;
const MAX_STATE = optionNamed('maxStateBytes')?.default;
const MAX_RECORD = optionNamed('maxRecordBytes')?.default;

/** How an option is typed: `--rate-limit <n>`, and `--no-cors` for a flag on by default. */
function spelled(option: OptionSpec): string {
  if (option.kind === 'flag' && option.default === true) return `--no-${flagName(option)}`;
  const short = option.short ? `-${option.short}, ` : '';
  return `${short}${flagOf(option)}${option.placeholder ? ` ${option.placeholder}` : ''}`;
}

/**
 * An option's help as the usage and the README write it: its scope (the mode or command it goes
 * with), its text, its bound (a port's is its name's).
 */
export function helpOf(option: OptionSpec): string {
  const { max, kind, placeholder } = option;
  const within = option.with && optionNamed(option.with);
  const scope = within ? `with ${flagOf(within)}: ` : option.command === 'proxy' ? 'proxy only: ' : '';
  let bound = '';
  if (max === MAX_TIMER_MS) bound = `; at most ${max} ms, the longest timer Node runs`;
  else if (max !== undefined && max !== 65535)
    bound = `; at most ${kind === 'duration' ? formatDuration(max) : `${max}${placeholder === '<ms>' ? ' ms' : ''}`}`;
  return `${scope}${option.help}${bound}`;
}

/** An option's default as the usage and the README write it, or undefined where there is none to say. */
export function defaultOf(option: OptionSpec, cli: boolean): string | undefined {
  if (option.defaultText) return option.defaultText;
  const value = cli ? (option.cliDefault ?? option.default) : option.default;
  if (value === undefined || typeof value === 'boolean' || value === 0) return undefined;
  const text = option.kind === 'duration' ? formatDuration(Number(value)) : String(value);
  return cli && option.env ? `$${option.env} or ${text}` : text;
}

/** Text wrapped to `width` columns, its lines after the first indented by `indent`. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

const COLUMN = 2 + Math.max(...flags.map((option) => spelled(option).length)) + 2;
const optionLines = flags.map((option) => {
  const fallback = defaultOf(option, true);
  const help = `${helpOf(option)}${fallback === undefined ? '' : ` (default: ${fallback})`}`;
  return `  ${spelled(option).padEnd(COLUMN - 2)}${wrap(help, COLUMN, 100)}`;
});

export const USAGE = `Usage:
  hostapi-mock [options]                          the mock: answers from the description's examples
  hostapi-mock proxy --upstream <url> [options]   forwards to <url>, logs what breaks the description

Options:
${optionLines.join('\n')}

Limits (bad input gets a 4xx naming the problem; the mock keeps running):
  request body       at most ${MAX_BODY_BYTES} bytes (413)
  pipelining         at most ${MAX_PIPELINED} requests waiting for their answers on one connection;
                     the next closes it
  field names        brackets balanced, at most ${MAX_DEPTH} levels deep (422)
  sl-violations      at most ${MAX_NOTES} entries, the last saying how many more
  Prefer: latency    at most ${MAX_LATENCY_MS} ms (422 beyond)
  Prefer: rate-limit at most ${MAX_RATE_LIMIT} a second, as --rate-limit (422 beyond)
  Prefer: fault      one of ${FAULT_NAMES.join(', ')};
                     with slow-body, duration=<ms> at most ${MAX_DURATION_MS} (422 beyond)
  journal            the last --journal-max-per-key requests of a key, --journal-max in all (the
                     oldest dropped, and counted); of a large request, about 2 kB of its fields
  sandbox state      each key's writes at most ${MAX_STATE} bytes of JSON (--max-state), each record
                     ${MAX_RECORD} (--max-record): a write beyond is not made, HTTP 400; in memory,
                     the last ${MAX_KEYS} keys that wrote (--max-keys), the last ${MAX_DROPPED} keys
                     dropped told so on their next answer; with --store: any number of keys, each
                     until --store-ttl unused; while Redis cannot be reached, 503 naming the store,
                     and answers again once it is back
  proxy              an upstream answer over ${MAX_CHECKED_BYTES} bytes is passed through unchecked;
                     an upstream failure is 502, its timeout 504, a loop back to itself 508

The mock's own routes, each for one key (?apikey=<key>), described at GET /__mock/openapi.json:
  GET /__mock/journal            the key's requests (filters: operation, since, limit, field=value)
  DELETE /__mock/journal         forgets them
  POST /__mock/journal/verify    checks a JSON expectation: {"operation", "fields", "times"}
  POST /__mock/reset             restores the key (sandbox state, fault count, journal)

Options go after the command: hostapi-mock --port 4020. Through a package script, pnpm and npm
pass them after --: pnpm -C apps/mock start -- --port 4020`;

export type Cli =
  | { help: true }
  | { help?: false; version: true }
  | { help?: false; version?: false; config: MockConfig };

/**
 * The arguments (without node and the script) as `{ help }`, `{ version }` or `{ config }`, each
 * option typed or taken from its environment variable, every other one the table's default.
 * Throws an OptionError naming what is wrong.
 */
export function parseCli(argv: string[], env: Record<string, string | undefined> = process.env): Cli {
  // pnpm 12 forwards the `--` of `pnpm start -- --port 1`; it marks nothing here.
  const args = [...argv];
  const dashes = args.indexOf('--');
  if (dashes >= 0) args.splice(dashes, 1);

  const config: ParseArgsConfig['options'] = Object.fromEntries(
    flags.map((option) => [
      flagName(option),
      {
        type: option.kind === 'flag' ? 'boolean' : 'string',
        ...(option.short ? { short: option.short } : {}),
        ...(option.kind === 'flag' && option.default === true ? { default: true } : {}),
      },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: config, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const name = /'([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new OptionError(`Unknown option: ${name}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new OptionError(`${name?.split(' ')[0] ?? 'An option'} needs a value`);
    throw new OptionError(message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (values.version) return { version: true };
  const command = positionals[0] ?? 'mock';
  if ((command !== 'mock' && command !== 'proxy') || positionals.length > 1)
    throw new OptionError(`Unknown command: ${positionals.join(' ')}`);

  const options: Record<string, unknown> = {};
  for (const option of flags) {
    if (option.cliOnly) continue;
    const given = values[flagName(option) as string] ?? (option.env ? env[option.env] || undefined : undefined);
    if (given !== undefined) options[option.name] = typeof given === 'string' ? fromText(option, given, env) : given;
  }
  return { config: resolveOptions(options, command, true) };
}

/** An option's value from the text typed. */
function fromText(option: OptionSpec, text: string, env: Record<string, string | undefined>): unknown {
  const refuse = () =>
    new OptionError(`${flagOf(option)} must be ${expected(option, true)}, got ${withoutPassword(text)}`);
  switch (option.kind) {
    case 'whole':
      if (!/^\d+$/.test(text)) throw refuse();
      return Number(text);
    case 'duration': {
      const match = /^([1-9]\d*)(ms|s|m|h|d)$/.exec(text);
      const ms = match ? Number(match[1]) * UNITS[match[2] as keyof typeof UNITS] : Number.NaN;
      if (!(ms <= (option.max ?? Number.POSITIVE_INFINITY))) throw refuse();
      return ms;
    }
    case 'rate':
      if (!/^(0|1|0?\.\d+|1\.0*)$/.test(text)) throw refuse();
      return Number(text);
    case 'list':
      return text.split(',').map((name) => name.trim());
    case 'data':
    case 'path':
      // A path as typed where the command was typed (pnpm runs scripts in the package's folder).
      return isAbsolute(text) ? text : resolve(env.INIT_CWD ?? process.cwd(), text);
    default:
      return text;
  }
}

/** What the mock says once it listens: its mode, and whatever is not the default. */
export function describe({ mode, strict, journal, faultRate, faults }: MockConfig): string {
  const chaos = faultRate ? `, faults (${faults.join(', ')}) in ${faultRate * 100}% of requests` : '';
  if (mode.kind === 'proxy')
    return `validating proxy to ${mode.upstream}${mode.record ? `, recording to ${mode.record}` : ''}${chaos}`;
  const sandbox = mode.kind === 'sandbox' ? mode : undefined;
  const traits = [
    mode.kind === 'dynamic' && `dynamic, seed ${mode.seed}`,
    // The sandbox's data and faults, so that a tester sees what is running.
    sandbox && `sandbox${typeof sandbox.fixture === 'string' ? ` of ${sandbox.fixture}` : ''}`,
    sandbox?.rateLimit !== undefined && `rate limit ${sandbox.rateLimit}/s per key`,
    sandbox?.latencyMs && `latency ${sandbox.latencyMs} ms`,
    sandbox && sandbox.maxKeys !== MAX_KEYS && `state of ${sandbox.maxKeys} keys at most`,
    sandbox?.store && `state in ${withoutPassword(sandbox.store)}, kept ${formatDuration(sandbox.storeTtlMs)} unused`,
    mode.kind === 'replay' &&
      `replay of ${typeof mode.replay === 'string' ? mode.replay : 'the recording given'}, ` +
        `else ${mode.fallback === 'none' ? '404' : 'the examples'}`,
    chaos.slice(2),
    !journal && 'no journal',
    strict && 'strict',
  ].filter(Boolean);
  return `mock${traits.length ? ` (${traits.join(', ')})` : ''}`;
}
