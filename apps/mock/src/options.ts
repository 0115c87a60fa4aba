// The mock's options, each declared once: its name in startMock(), its flag and environment
// variable on the command line, its type, default, the command and mode it belongs to, its help
// text and its validation. The CLI's parsing and --help (cli.ts), startMock()'s options type and
// checks (index.ts) and the README's options table (scripts/readme.ts) are all made from it.
import type { Answerer } from './engine/mode.ts';
import type { Node } from './engine/api.ts';

/** What an option's value is, and so how the command line reads it. */
interface Kinds {
  /** A flag: `--strict` (and `--no-cors` for one that is on by default). */
  flag: boolean;
  text: string;
  /** A whole number within `min` and `max`. */
  whole: number;
  /** In ms; on the command line, as 90s, 30m, 24h or 7d. */
  duration: number;
  /** An http:// or https:// URL. */
  http: string;
  /** A redis:// or rediss:// URL. */
  redis: string;
  /** A file (a path; on the command line, relative to where it is typed), or the data itself. */
  data: string | Record<string, unknown>;
  log: (line: string) => void;
  answerer: Answerer;
}
export type Kind = keyof Kinds;

export interface OptionSpec {
  /** The option of startMock(). */
  name: string;
  /** On the command line, without `--`; none for startMock()'s own. */
  flag?: string;
  short?: string;
  /** Its value in the usage: `<n>`. */
  placeholder?: string;
  /** An environment variable the command line reads it from when not given. */
  env?: string;
  kind: Kind;
  /** Which command takes it. */
  command: 'mock' | 'proxy' | 'both';
  /** The option it goes with (`--seed` with `--dynamic`); without it, it is refused. */
  with?: string;
  /** Options it cannot be given with, and why. */
  conflicts?: { name: string; why: string };
  /** startMock()'s default, and the command line's where it differs. */
  default?: string | number | boolean;
  cliDefault?: string | number | boolean;
  /** How the default is written in the usage and the README, where the value alone does not say it. */
  defaultText?: string;
  min?: number;
  max?: number;
  /** Only on the command line (--help). */
  cliOnly?: true;
  help: string;
}

export const OPTIONS = [
  {
    name: 'host',
    flag: 'host',
    placeholder: '<address>',
    env: 'HOST',
    kind: 'text',
    command: 'both',
    default: '127.0.0.1',
    help: 'address to listen on',
  },
  {
    name: 'port',
    flag: 'port',
    placeholder: '<number>',
    env: 'PORT',
    kind: 'whole',
    min: 0,
    max: 65535,
    command: 'both',
    default: 0,
    cliDefault: 4010,
    help: 'port to listen on, 0 for any free one',
  },
  {
    name: 'dynamic',
    flag: 'dynamic',
    kind: 'flag',
    command: 'mock',
    conflicts: { name: 'sandbox', why: 'are two modes: choose one' },
    help: 'answer with data generated from the schemas instead of the examples',
  },
  {
    name: 'seed',
    flag: 'seed',
    placeholder: '<number>',
    kind: 'whole',
    min: 0,
    command: 'mock',
    with: 'dynamic',
    default: 1,
    help: 'seed of the generated data, so that runs repeat',
  },
  {
    name: 'sandbox',
    flag: 'sandbox',
    kind: 'flag',
    command: 'mock',
    help: 'answer from data, remembering writes per API key',
  },
  {
    name: 'fixture',
    flag: 'fixture',
    placeholder: '<file>',
    kind: 'data',
    command: 'mock',
    with: 'sandbox',
    defaultText: 'built-in',
    help: "the sandbox's data, YAML or JSON (startMock() also takes the data itself)",
  },
  {
    name: 'rateLimit',
    flag: 'rate-limit',
    placeholder: '<n>',
    kind: 'whole',
    min: 0,
    command: 'mock',
    with: 'sandbox',
    defaultText: 'none',
    help:
      "beyond n requests per second per key, the service's rate-limit answer (HTTP 500); a client's " +
      'Prefer may only lower it',
  },
  {
    name: 'latencyMs',
    flag: 'latency',
    placeholder: '<ms>',
    kind: 'whole',
    min: 0,
    command: 'mock',
    with: 'sandbox',
    default: 0,
    help: 'delay every answer',
  },
  {
    name: 'maxKeys',
    flag: 'max-keys',
    placeholder: '<n>',
    kind: 'whole',
    min: 1,
    command: 'mock',
    with: 'sandbox',
    default: 10_000,
    conflicts: {
      name: 'store',
      why: "caps the in-memory store: with --store, a key's state expires after --store-ttl unused instead",
    },
    help:
      "keys whose writes are kept; beyond, the least recently used key's state is dropped, said in the " +
      "log and in that key's next sl-violations",
  },
  {
    name: 'store',
    flag: 'store',
    placeholder: '<url>',
    kind: 'redis',
    command: 'mock',
    with: 'sandbox',
    defaultText: 'memory',
    help:
      "keep each key's state in Redis (or Valkey), redis://[user:password@]host:port/db, shared by " +
      'every instance given the same URL and fixture, kept across restarts',
  },
  {
    name: 'storeTtlMs',
    flag: 'store-ttl',
    placeholder: '<time>',
    kind: 'duration',
    min: 1,
    max: 366 * 86_400_000,
    command: 'mock',
    with: 'store',
    default: 86_400_000,
    help: "a key's state expires after this long unused, as 90s, 30m, 24h or 7d",
  },
  {
    name: 'strict',
    flag: 'strict',
    kind: 'flag',
    command: 'both',
    help:
      'refuse every departure from the description (contract testing); by default the mock accepts what ' +
      'the live service accepts and names each departure in the sl-violations header',
  },
  {
    name: 'cors',
    flag: 'cors',
    kind: 'flag',
    command: 'both',
    default: true,
    help: 'no CORS headers (by default any origin may call it from a browser)',
  },
  {
    name: 'verbose',
    flag: 'verbose',
    kind: 'flag',
    command: 'both',
    help: 'log every request, its body, departures and violations (the key masked); the proxy always does',
  },
  {
    name: 'upstream',
    flag: 'upstream',
    placeholder: '<url>',
    kind: 'http',
    command: 'proxy',
    help: 'the server to forward to',
  },
  {
    name: 'upstreamTimeoutMs',
    flag: 'upstream-timeout',
    placeholder: '<ms>',
    kind: 'whole',
    min: 1,
    command: 'proxy',
    default: 60_000,
    help: "longest time for the upstream's whole answer; beyond, 504",
  },
  { name: 'help', flag: 'help', short: 'h', kind: 'flag', command: 'both', cliOnly: true, help: 'this text' },
  {
    name: 'version',
    flag: 'version',
    kind: 'flag',
    command: 'both',
    cliOnly: true,
    help: "the mock's version, and the Node it runs on (the one the executable carries)",
  },
  {
    name: 'log',
    kind: 'log',
    command: 'both',
    defaultText: 'stdout',
    help: 'receives each log line; warnings and errors are written even without verbose',
  },
  {
    name: 'document',
    kind: 'data',
    command: 'both',
    defaultText: '@hostapi/spec',
    help: 'the description: the path of a bundled JSON file, or the parsed document',
  },
  {
    name: 'answerer',
    kind: 'answerer',
    command: 'mock',
    help: 'your own mode: who writes the answers (see docs/modes.md)',
  },
] as const satisfies readonly OptionSpec[];

type Spec = (typeof OPTIONS)[number];

/** The options of startMock(), as the table declares them. */
export type MockOptions = {
  [S in Spec as S extends { cliOnly: true } ? never : S['name']]?: Kinds[S['kind']];
};

export type OptionName = keyof MockOptions;

const table: readonly OptionSpec[] = OPTIONS;
export const optionNamed = (name: string) => table.find((option) => option.name === name);

/** A refusal of an option or of a combination of options, naming it. */
export class OptionError extends Error {}

/** How an option is named on the command line: `--rate-limit`. */
export const flagOf = (option: OptionSpec) => `--${option.flag ?? option.name}`;

/** What an option's value must be, as messages say it (on the command line, or in code). */
export function expected(option: OptionSpec, cli: boolean): string {
  switch (option.kind) {
    case 'whole':
      if (option.max === 65535) return 'a port number (0 picks a free one)';
      return option.min ? `a whole number ≥ ${option.min}` : 'a whole number';
    case 'duration':
      return cli ? 'a duration such as 90s, 30m, 24h or 7d' : `a whole number of ms ≥ ${option.min ?? 0}`;
    case 'http':
      return 'an http(s) URL';
    case 'redis':
      return 'a Redis URL, redis://host:port/db (or rediss:// for TLS)';
    case 'flag':
      return 'true or false';
    case 'text':
      return 'text';
    case 'data':
      return 'a file path or an object';
    case 'log':
      return 'a function';
    case 'answerer':
      return 'an object with answer()';
  }
}

/** What was given as a URL, as typed but for its password (`//user:***@`). */
export const withoutPassword = (text: string) => text.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

/** `redis://user:***@host:port/db`: a store as messages and logs name it, never its password. */
export function storeName(url: string): string {
  if (!URL.canParse(url)) return withoutPassword(url);
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/** What an option's value was, as messages show it: a URL without its password. */
const shown = (value: unknown) => (typeof value === 'string' ? withoutPassword(value) : String(value));

/** Whether a value is what its option takes. */
export function valid(option: OptionSpec, value: unknown): boolean {
  switch (option.kind) {
    case 'whole':
    case 'duration':
      return (
        Number.isInteger(value) &&
        (value as number) >= (option.min ?? 0) &&
        (value as number) <= (option.max ?? Number.MAX_SAFE_INTEGER)
      );
    case 'http':
      return typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
    case 'redis':
      return isRedisUrl(value);
    case 'flag':
      return typeof value === 'boolean';
    case 'text':
      return typeof value === 'string';
    case 'data':
      return typeof value === 'string' || (typeof value === 'object' && value !== null);
    case 'log':
      return typeof value === 'function';
    case 'answerer':
      return typeof (value as Answerer | undefined)?.answer === 'function';
  }
}

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
export function checkOptions(options: Node, command: 'mock' | 'proxy', cli: boolean): void {
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
    if (!valid(option, value))
      throw new OptionError(`${label(option)} must be ${expected(option, cli)}, got ${shown(value)}`);
  }
  for (const option of given) {
    const other = option.conflicts && optionNamed(option.conflicts.name);
    if (other && isGiven(option.name) && isGiven(other.name)) {
      const both = option.kind === 'flag' ? `${label(option)} and ${label(other)}` : label(option);
      throw new OptionError(`${both} ${option.conflicts?.why}`);
    }
  }
  for (const option of given) {
    const goesWith = option.with && optionNamed(option.with);
    if (goesWith && !isGiven(goesWith.name)) throw new OptionError(`${label(option)} goes with ${label(goesWith)}`);
  }
}
