// The options resolved once into one complete configuration, which every face starts from
// (startMock, the CLI, the MSW handlers, the tests' createSandbox): each option checked, each
// default the options table's (options.ts), and the mode chosen once, as one tagged value.
import type { Node } from './engine/api.ts';
import type { Mode } from './engine/assemble.ts';
import type { FaultPlan } from './engine/faults.ts';
import type { JournalLimits } from './engine/journal/journal.ts';
import type { Answerer } from './engine/mode.ts';
import type { FaultName } from './options-traffic.ts';
import {
  flagName,
  type Kind,
  type MockOptions,
  type OptionName,
  type OptionSpec,
  optionNamed,
  table,
} from './options.ts';

/** Which command options are for: the mock, or the validating proxy. */
export type Command = 'mock' | 'proxy';

/** Every option's value, defaults applied, and the mode: what a face starts from. */
export interface MockConfig {
  host: string;
  port: number;
  strict: boolean;
  cors: boolean;
  /** Log every exchange (the proxy always does). */
  verbose: boolean;
  /** Receives each log line; undefined: the face's own (stdout, or the console). */
  log: ((line: string) => void) | undefined;
  /** The description; undefined: the face's own (@hostapi/spec's). */
  document: string | Node | undefined;
  mode: Mode;
  /** Whether to keep a request journal, and its bounds. */
  journal: boolean;
  journalMax: number;
  journalMaxPerKey: number;
  /** Faults across a run (undefined: only those a request asks for), which, and their seed. */
  faultRate: number | undefined;
  faultSeed: number;
  faults: readonly FaultName[];
}

/** The journal's bounds as the assembly takes them (false: no journal). */
export const journalOf = (config: MockConfig): JournalLimits | false =>
  config.journal && { max: config.journalMax, perKey: config.journalMaxPerKey };

/** The faults of a run as the assembly takes them (undefined: only those a request asks for). */
export const faultsOf = ({ faultRate, faultSeed, faults }: MockConfig): FaultPlan | undefined =>
  faultRate === undefined ? undefined : { rate: faultRate, seed: faultSeed, names: faults };

/** startMock()'s command: the proxy when it names an upstream (and no answerer of its own). */
export const commandOf = (options: MockOptions): Command =>
  options.upstream !== undefined && !options.answerer ? 'proxy' : 'mock';

/**
 * The options of `command`, checked (an OptionError names the first problem, as the command line
 * or code names it) and completed with the table's defaults (the command line's, with `cli`).
 */
export function resolveOptions(options: MockOptions, command: Command, cli: boolean): MockConfig {
  checkOptions(options, command, cli);
  const value = <N extends OptionName>(name: N): MockOptions[N] =>
    options[name] ?? (defaultValue(optionNamed(name) as OptionSpec, cli) as MockOptions[N]);
  const mode = modeOf(command, value);
  return {
    host: value('host') as string,
    port: value('port') as number,
    strict: value('strict') as boolean,
    cors: value('cors') as boolean,
    verbose: value('verbose') || mode.kind === 'proxy',
    log: value('log'),
    document: value('document'),
    mode,
    journal: value('journal') as boolean,
    journalMax: value('journalMax') as number,
    journalMaxPerKey: value('journalMaxPerKey') as number,
    faultRate: value('faultRate'),
    faultSeed: value('faultSeed') as number,
    faults: value('faults') as readonly FaultName[],
  };
}

/** An option's default: the table's (the command line's own, with `cli`); a flag without one is off. */
function defaultValue(option: OptionSpec, cli: boolean): unknown {
  const fallback = cli ? (option.cliDefault ?? option.default) : option.default;
  return fallback ?? (option.kind === 'flag' ? false : undefined);
}

/** The one place that decides which mode runs. */
function modeOf(command: Command, value: <N extends OptionName>(name: N) => MockOptions[N]): Mode {
  const answerer = value('answerer');
  if (answerer) return { kind: 'answerer', answerer };
  if (command === 'proxy')
    return {
      kind: 'proxy',
      upstream: value('upstream') as string,
      upstreamTimeoutMs: value('upstreamTimeoutMs') as number,
      record: value('record'),
      scrub: value('scrub') ?? [],
    };
  const replay = value('replay');
  if (replay !== undefined) return { kind: 'replay', replay, fallback: value('fallback') as 'none' | 'examples' };
  if (value('sandbox'))
    return {
      kind: 'sandbox',
      fixture: value('fixture'),
      rateLimit: value('rateLimit'),
      latencyMs: value('latencyMs') as number,
      maxKeys: value('maxKeys') as number,
      maxStateBytes: value('maxStateBytes') as number,
      maxRecordBytes: value('maxRecordBytes') as number,
      store: value('store'),
      storeTtlMs: value('storeTtlMs') as number,
    };
  const seed = value('seed') as number;
  return value('dynamic') ? { kind: 'dynamic', seed } : { kind: 'examples', seed };
}

/** The units of a duration as the command line takes it (`90s`), in ms. */
export const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration as --store-ttl takes it: in the largest unit it is a whole number of (hours up to 48). */
export function formatDuration(ms: number): string {
  const units = Object.entries(UNITS).reverse();
  const [unit, size] = units.find(([unit, size]) => ms % size === 0 && !(unit === 'd' && ms < 2 * size)) ?? ['ms', 1];
  return `${ms / size}${unit}`;
}

/** A refusal of an option or of a combination of options, naming it. */
export class OptionError extends Error {}

/** How an option is named on the command line: `--rate-limit`. */
export const flagOf = (option: OptionSpec) => `--${flagName(option) ?? option.name}`;

/** Each kind of value (options.ts): what it must be, as messages say it, and whether a value is one. */
const KINDS: Record<
  Kind,
  { expected(option: OptionSpec, cli: boolean): string; valid(value: unknown, option: OptionSpec): boolean }
> = {
  flag: { expected: () => 'true or false', valid: (value) => typeof value === 'boolean' },
  text: { expected: () => 'text', valid: (value) => typeof value === 'string' },
  whole: {
    expected: ({ min = 0, max }) =>
      max === 65535
        ? 'a port number (0 picks a free one)'
        : max !== undefined
          ? `a whole number from ${min} to ${max}`
          : min
            ? `a whole number ≥ ${min}`
            : 'a whole number',
    valid: inRange,
  },
  duration: {
    expected: ({ min, max }, cli) =>
      cli
        ? `a duration such as 90s, 30m, 24h or 7d${max === undefined ? '' : `, at most ${formatDuration(max)}`}`
        : `a whole number of ms from ${min} to ${max ?? Number.MAX_SAFE_INTEGER}`,
    valid: inRange,
  },
  http: {
    expected: () => 'an http(s) URL',
    valid: (value) => typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
  },
  redis: { expected: () => 'a Redis URL, redis://host:port/db (or rediss:// for TLS)', valid: isRedisUrl },
  data: {
    expected: () => 'a file path or an object',
    valid: (value) => typeof value === 'string' || (typeof value === 'object' && value !== null),
  },
  rate: { expected: () => 'a number from 0 to 1', valid: (v) => typeof v === 'number' && v >= 0 && v <= 1 },
  choice: {
    expected: ({ choices }) => `one of ${choices?.join(', ')}`,
    valid: (value, { choices }) => typeof value === 'string' && !!choices?.includes(value),
  },
  list: {
    expected: ({ choices }) => (choices ? `some of ${choices.join(', ')}` : 'a list of names'),
    valid: (value, { choices }) =>
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => typeof item === 'string' && item !== '' && (!choices || choices.includes(item))),
  },
  path: { expected: () => 'a file path', valid: (value) => typeof value === 'string' && value !== '' },
  log: { expected: () => 'a function', valid: (value) => typeof value === 'function' },
  answerer: {
    expected: () => 'an object with answer()',
    valid: (value) => typeof (value as Answerer | undefined)?.answer === 'function',
  },
};

function inRange(value: unknown, { min = 0, max = Number.MAX_SAFE_INTEGER }: OptionSpec): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** What an option's value must be, as messages say it. */
export const expected = (option: OptionSpec, cli: boolean) => KINDS[option.kind].expected(option, cli);

/** A URL as typed but for its password (`redis://user:***@host:port/db`): as messages and logs name a store. */
export const withoutPassword = (text: string) => text.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

/** What an option's value was, as messages show it: a URL without its password. */
const shown = (value: unknown) => (typeof value === 'string' ? withoutPassword(value) : String(value));

/** Whether `text` is a Redis URL: redis:// or rediss:// (TLS), a host, at most a database number as path. */
export function isRedisUrl(text: unknown): text is string {
  if (typeof text !== 'string' || !URL.canParse(text)) return false;
  const url = new URL(text);
  const path = /^(\/\d*)?$/.test(url.pathname);
  return /^rediss?:$/.test(url.protocol) && url.hostname !== '' && path && !url.search && !url.hash;
}

/**
 * Refuses options that cannot work together or values an option does not take, naming the first
 * problem as the command line (`cli`) or code names it: options of another command, a bad value,
 * two modes at once, an option without the mode it goes with.
 */
function checkOptions(options: Node, command: Command, cli: boolean): void {
  // Named as typed: `--rate-limit` on the command line, `rateLimit` in code.
  const label = (option: OptionSpec) => (cli ? flagOf(option) : option.name);
  const given = table.filter((option) => options[option.name] !== undefined && !option.cliOnly);
  const isGiven = (name: string) => options[name] !== undefined && options[name] !== false;
  for (const option of given) {
    if (option.command === 'proxy' && command !== 'proxy')
      throw new OptionError(`${label(option)} is an option of proxy: hostapi-mock proxy --upstream <url>`);
    if (option.command === 'mock' && command !== 'mock')
      throw new OptionError(`${label(option)} is not an option of proxy`);
  }
  const upstream = optionNamed('upstream') as OptionSpec;
  if (command === 'proxy' && !isGiven('upstream')) throw new OptionError(`proxy needs ${label(upstream)} <url>`);
  for (const option of given) {
    const value = options[option.name];
    if (!KINDS[option.kind].valid(value, option))
      throw new OptionError(`${label(option)} must be ${expected(option, cli)}, got ${shown(value)}`);
  }
  for (const option of given) {
    for (const conflict of [option.conflicts ?? []].flat()) {
      const other = optionNamed(conflict.name);
      if (!other || !isGiven(option.name) || !isGiven(other.name)) continue;
      const flags = option.kind === 'flag' || other.kind === 'flag';
      const both = flags ? `${label(option)} and ${label(other)}` : label(option);
      throw new OptionError(`${both} ${conflict.why}`);
    }
  }
  for (const option of given) {
    const goesWith = option.with && optionNamed(option.with);
    if (goesWith && !isGiven(goesWith.name)) throw new OptionError(`${label(option)} goes with ${label(goesWith)}`);
  }
}
