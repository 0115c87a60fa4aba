// The mock's options, each declared once: its name in startMock(), its flag and environment
// variable on the command line, its type, its default, the command and mode it belongs to and its
// help text. Everything else is made from this table: the checks and the one complete
// configuration every face starts from (config.ts: each default is the table's), the CLI's
// parsing and --help (cli.ts), startMock()'s and the MSW handlers' option types, and the README's
// options table (scripts/readme.ts).
import type { Answerer } from './engine/mode.ts';
import { FAULT_OPTIONS, JOURNAL_OPTIONS, RECORD_OPTIONS, REPLAY_OPTIONS } from './options-traffic.ts';
import { MAX_RATE_LIMIT } from './engine/sandbox/rate-limit.ts';

/**
 * The longest timer Node and browsers run (2³¹−1 ms, about 24.8 days): a longer one fires at once,
 * so an option that becomes a timer goes no further.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

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
  /** A number from 0 to 1. */
  rate: number;
  /** One of `choices`. */
  choice: string;
  /** Some of `choices` (any text, without them); on the command line, separated by commas. */
  list: readonly string[];
  /** A file to write (on the command line, relative to where it is typed). */
  path: string;
  /** A file (a path; on the command line, relative to where it is typed), or the data itself. */
  data: string | Record<string, unknown> | readonly Record<string, unknown>[];
  log: (line: string) => void;
  answerer: Answerer;
}
export type Kind = keyof Kinds;

type Conflict = { name: string; why: string };

export interface OptionSpec {
  /** The option of startMock(). */
  name: string;
  /** On the command line, without `--` (default: the name); false for startMock()'s own. */
  flag?: string | false;
  short?: string;
  /** Its value in the usage: `<n>`. */
  placeholder?: string;
  /** An environment variable the command line reads it from when not given. */
  env?: string;
  kind: Kind;
  /** The one command that takes it; without, both do. */
  command?: 'mock' | 'proxy';
  /** The option it goes with (`--seed` with `--dynamic`); without it, it is refused. */
  with?: string;
  /** Options it cannot be given with, and why. */
  conflicts?: Conflict | readonly Conflict[];
  /** What a `choice` or `list` takes (a list without them takes any names). */
  choices?: readonly string[];
  /** The default, applied by config.ts wherever the option is not given; the command line's where it differs. */
  default?: string | number | boolean | readonly string[];
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
    placeholder: '<address>',
    env: 'HOST',
    kind: 'text',
    default: '127.0.0.1',
    help: 'address to listen on',
  },
  {
    name: 'port',
    placeholder: '<number>',
    env: 'PORT',
    kind: 'whole',
    min: 0,
    max: 65535,
    default: 0,
    cliDefault: 4010,
    help: 'port to listen on, 0 for any free one',
  },
  {
    name: 'dynamic',
    kind: 'flag',
    command: 'mock',
    conflicts: { name: 'sandbox', why: 'are two modes: choose one' },
    help: 'answer with data generated from the schemas instead of the examples',
  },
  {
    name: 'seed',
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
    kind: 'flag',
    command: 'mock',
    help: 'answer from data, remembering writes per API key',
  },
  {
    name: 'fixture',
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
    max: MAX_RATE_LIMIT,
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
    max: MAX_TIMER_MS,
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
    name: 'maxStateBytes',
    flag: 'max-state',
    placeholder: '<bytes>',
    kind: 'whole',
    min: 1,
    command: 'mock',
    with: 'sandbox',
    default: 65_536,
    help:
      "most bytes one key's writes may hold, as JSON; a write beyond is not made, and answered with the " +
      "service's refusal of a value (HTTP 400), named in sl-violations. In memory, --max-keys times this bounds " +
      "the sandbox's state",
  },
  {
    name: 'maxRecordBytes',
    flag: 'max-record',
    placeholder: '<bytes>',
    kind: 'whole',
    min: 1,
    command: 'mock',
    with: 'sandbox',
    default: 16_384,
    help: 'most bytes of one record a write makes (an SSH key, a domain, a contact), as JSON; beyond, refused alike',
  },
  {
    name: 'store',
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
    kind: 'flag',
    help:
      'refuse every departure from the description (contract testing); by default the mock accepts what ' +
      'the live service accepts and names each departure in the sl-violations header',
  },
  {
    name: 'cors',
    kind: 'flag',
    default: true,
    help: 'no CORS headers (by default any origin may call it from a browser)',
  },
  {
    name: 'verbose',
    kind: 'flag',
    help: 'log every request, its body, departures and violations (the key masked); the proxy always does',
  },
  ...JOURNAL_OPTIONS,
  ...FAULT_OPTIONS,
  ...REPLAY_OPTIONS,
  {
    name: 'upstream',
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
    max: MAX_TIMER_MS,
    command: 'proxy',
    default: 60_000,
    help: "longest time for the upstream's whole answer; beyond, 504",
  },
  ...RECORD_OPTIONS,
  { name: 'help', short: 'h', kind: 'flag', cliOnly: true, help: 'this text' },
  {
    name: 'version',
    kind: 'flag',
    cliOnly: true,
    help: "the mock's version, and the Node it runs on (the one the executable carries)",
  },
  {
    name: 'log',
    flag: false,
    kind: 'log',
    defaultText: 'stdout',
    help: 'receives each log line; warnings and errors are written even without verbose',
  },
  {
    name: 'document',
    flag: false,
    kind: 'data',
    defaultText: '@hostapi/spec',
    help: 'the description: the path of a bundled JSON file, or the parsed document',
  },
  {
    name: 'answerer',
    flag: false,
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

/** The table, as the code that reads any option sees it. */
export const table: readonly OptionSpec[] = OPTIONS;
export const optionNamed = (name: string) => table.find((option) => option.name === name);

/** An option's flag, without `--` (`rate-limit`); undefined for startMock()'s own. */
export const flagName = ({ flag, name }: OptionSpec) => (flag === false ? undefined : (flag ?? name));

/**
 * Who writes the answers: `examples` (unless an option says otherwise), `dynamic` and `sandbox`
 * (their flags), `proxy` (the command, or startMock()'s `upstream`), `replay` (a recording, `--replay`),
 * `answerer` (your own).
 */
export const MODES = ['examples', 'dynamic', 'sandbox', 'proxy', 'replay', 'answerer'] as const;
export type ModeName = (typeof MODES)[number];

/** The modes that need no server, file or connection of their own: those of the MSW handlers. */
export const HANDLER_MODES = ['examples', 'dynamic', 'sandbox'] as const satisfies readonly ModeName[];
