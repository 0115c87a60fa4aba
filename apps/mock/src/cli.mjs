// The command line, read once: `hostapi-mock [proxy] [options]` → the options of startMock().
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MAX_DEPTH } from './requests/fields.mjs';
import { MAX_NOTES } from './problems.mjs';
import { MAX_BODY_BYTES } from './server.mjs';
import { MAX_CHECKED_BYTES } from './modes/proxy.mjs';
import { MAX_LATENCY_MS } from './sandbox/prefer.mjs';
import { MAX_KEYS } from './sandbox/store.mjs';
import { DEFAULT_TTL_MS, isRedisUrl, storeName, withoutPassword } from './sandbox/redis-store.mjs';

export const USAGE = `Usage:
  hostapi-mock [options]                      the mock: answers from the description's examples
  hostapi-mock proxy --upstream <url> [options]   forwards to <url>, logs what breaks the description

Options:
  --host <address>   address to listen on (default: $HOST or 127.0.0.1)
  --port <number>    port to listen on, 0 for any free one (default: $PORT or 4010)
  --dynamic          answer with data generated from the schemas instead of the examples
  --seed <number>    seed of the generated data, so that runs repeat (default: 1; with --dynamic)
  --sandbox          answer from data, remembering writes per API key
  --fixture <file>   the sandbox's data (YAML or JSON; with --sandbox)
  --rate-limit <n>   with --sandbox: beyond n requests per second per key, the service's
                     rate-limit answer (HTTP 500); a client's Prefer may only lower it
  --latency <ms>     with --sandbox: delay every answer
  --max-keys <n>     with --sandbox: keys whose writes are kept (default: ${MAX_KEYS}); beyond, the
                     least recently used key's state is dropped, said in the log and in that
                     key's next sl-violations (the in-memory store only: not with --store)
  --store <url>      with --sandbox: keep each key's state in Redis (or Valkey),
                     redis://[user:password@]host:port/db, shared by every instance given the same
                     URL and fixture, kept across restarts (default: in this process's memory)
  --store-ttl <time> with --store: a key's state expires after this long unused, as 90s, 30m,
                     24h or 7d (default: 24h)
  --strict           refuse every departure from the description (contract testing); by default
                     the mock accepts what the live service accepts and names each departure in
                     the sl-violations header
  --no-cors          no CORS headers (by default any origin may call it from a browser)
  --verbose          log every request, its departures and violations (the key masked)
  --upstream <url>   proxy only: the server to forward to
  --upstream-timeout <ms>  proxy only: longest time for the upstream's whole answer
                     (default: 60000); beyond, 504
  -h, --help         this text

Limits (bad input gets a 4xx naming the problem; the mock keeps running):
  request body       at most ${MAX_BODY_BYTES} bytes (413)
  field names        brackets balanced, at most ${MAX_DEPTH} levels deep (422)
  sl-violations      at most ${MAX_NOTES} entries, the last saying how many more
  Prefer: latency    at most ${MAX_LATENCY_MS} ms (422 beyond)
  sandbox state      in memory: the last ${MAX_KEYS} keys that wrote (--max-keys); with --store: any
                     number, each until --store-ttl unused; while Redis cannot be reached, 503
                     naming the store, and answers again once it is back
  proxy              an upstream answer over ${MAX_CHECKED_BYTES} bytes is passed through unchecked;
                     an upstream failure is 502, its timeout 504

Options go after the command: hostapi-mock --port 4020. Through a package script, pnpm and npm
pass them after --: pnpm --filter @hostapi/mock start -- --port 4020`;

const OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  dynamic: { type: 'boolean' },
  seed: { type: 'string' },
  sandbox: { type: 'boolean' },
  fixture: { type: 'string' },
  'rate-limit': { type: 'string' },
  latency: { type: 'string' },
  'max-keys': { type: 'string' },
  store: { type: 'string' },
  'store-ttl': { type: 'string' },
  strict: { type: 'boolean' },
  cors: { type: 'boolean', default: true },
  verbose: { type: 'boolean' },
  upstream: { type: 'string' },
  'upstream-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export class UsageError extends Error {}

/**
 * The arguments (without node and the script) as `{ help }` or `{ command, options }`, where
 * options are startMock()'s. Throws a UsageError naming what is wrong.
 */
export function parseCli(argv, env = process.env) {
  // pnpm 12 forwards the `--` of `pnpm start -- --port 1`; it marks nothing here.
  const args = [...argv];
  const dashes = args.indexOf('--');
  if (dashes >= 0) args.splice(dashes, 1);

  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, allowNegative: true, strict: true });
  } catch (error) {
    const name = /'([^']+)'/.exec(error.message)?.[1];
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Unknown option: ${name}`);
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`${name?.split(' ')[0] ?? 'An option'} needs a value`);
    throw new UsageError(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };

  const command = positionals[0] ?? 'mock';
  if (!['mock', 'proxy'].includes(command) || positionals.length > 1)
    throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  const host = values.host ?? (env.HOST || '127.0.0.1');
  const portText = values.port ?? (env.PORT || '4010');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    throw new UsageError(`--port must be a port number (0 picks a free one), got ${portText}`);

  const options = { host, port, cors: values.cors, strict: Boolean(values.strict), verbose: Boolean(values.verbose) };
  if (command === 'proxy') {
    for (const name of [
      'dynamic',
      'seed',
      'sandbox',
      'fixture',
      'rate-limit',
      'latency',
      'max-keys',
      'store',
      'store-ttl',
    ])
      if (values[name] !== undefined) throw new UsageError(`--${name} is not an option of proxy`);
    if (!values.upstream) throw new UsageError('proxy needs --upstream <url>');
    if (!URL.canParse(values.upstream) || !/^https?:$/.test(new URL(values.upstream).protocol))
      throw new UsageError(`--upstream must be an http(s) URL, got ${values.upstream}`);
    const timeout = values['upstream-timeout'];
    if (timeout !== undefined && !/^[1-9]\d*$/.test(timeout))
      throw new UsageError(`--upstream-timeout must be a whole number of milliseconds, got ${timeout}`);
    return {
      command,
      options: {
        ...options,
        upstream: values.upstream,
        ...(timeout !== undefined ? { upstreamTimeoutMs: Number(timeout) } : {}),
      },
    };
  }
  for (const name of ['upstream', 'upstream-timeout'])
    if (values[name] !== undefined)
      throw new UsageError(`--${name} is an option of proxy: hostapi-mock proxy --upstream <url>`);
  if (values.dynamic && values.sandbox) throw new UsageError('--dynamic and --sandbox are two modes: choose one');
  if (values.seed !== undefined && !values.dynamic) throw new UsageError('--seed goes with --dynamic');
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    throw new UsageError(`--seed must be a whole number, got ${values.seed}`);
  for (const name of ['fixture', 'rate-limit', 'latency', 'max-keys', 'store'])
    if (values[name] !== undefined && !values.sandbox) throw new UsageError(`--${name} goes with --sandbox`);
  if (values['store-ttl'] !== undefined && values.store === undefined)
    throw new UsageError('--store-ttl goes with --store');
  if (values['max-keys'] !== undefined && values.store !== undefined)
    throw new UsageError(
      "--max-keys caps the in-memory store: with --store, a key's state expires after --store-ttl unused instead",
    );
  if (values.store !== undefined && !isRedisUrl(values.store))
    throw new UsageError(
      `--store must be a Redis URL, redis://host:port/db (or rediss:// for TLS), got ${withoutPassword(values.store)}`,
    );
  const ttlMs = values['store-ttl'] === undefined ? undefined : durationMs(values['store-ttl']);
  if (ttlMs === null)
    throw new UsageError(`--store-ttl must be a duration such as 90s, 30m, 24h or 7d, got ${values['store-ttl']}`);
  for (const name of ['rate-limit', 'latency']) {
    if (values[name] !== undefined && !/^\d+$/.test(values[name]))
      throw new UsageError(`--${name} must be a whole number, got ${values[name]}`);
  }
  if (values['max-keys'] !== undefined && !/^[1-9]\d*$/.test(values['max-keys']))
    throw new UsageError(`--max-keys must be a whole number ≥ 1, got ${values['max-keys']}`);
  if (values.dynamic) Object.assign(options, { dynamic: true, seed: Number(values.seed ?? 1) });
  if (values.sandbox) {
    options.sandbox = true;
    // A path as typed where the command was typed (pnpm runs scripts in the package's folder).
    if (values.fixture !== undefined)
      options.fixture = isAbsolute(values.fixture)
        ? values.fixture
        : resolve(env.INIT_CWD ?? process.cwd(), values.fixture);
    if (values['rate-limit'] !== undefined) options.rateLimit = Number(values['rate-limit']);
    if (values.latency !== undefined) options.latencyMs = Number(values.latency);
    if (values['max-keys'] !== undefined) options.maxKeys = Number(values['max-keys']);
    if (values.store !== undefined) options.store = values.store;
    if (ttlMs !== undefined) options.storeTtlMs = ttlMs;
  }
  return { command, options };
}

const UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** `90s`, `30m`, `24h`, `7d` (or `500ms`) in milliseconds; null when it is not such a duration. */
function durationMs(text) {
  const match = /^([1-9]\d*)(ms|s|m|h|d)$/.exec(text);
  if (!match) return null;
  const ms = Number(match[1]) * UNITS[match[2]];
  // Redis keeps a time to live as a 64-bit number of ms; a year is plenty.
  return ms <= 366 * UNITS.d ? ms : null;
}

/** What the mock says once it listens. */
export function describe({
  upstream,
  dynamic,
  seed,
  sandbox,
  fixture,
  rateLimit,
  latencyMs,
  maxKeys,
  store,
  storeTtlMs,
  strict,
}) {
  if (upstream) return `validating proxy to ${upstream}`;
  const traits = [
    dynamic && `dynamic, seed ${seed}`,
    // The sandbox's data and faults, so that a tester sees what is running.
    sandbox && `sandbox${fixture ? ` of ${fixture}` : ''}`,
    rateLimit !== undefined && `rate limit ${rateLimit}/s per key`,
    latencyMs && `latency ${latencyMs} ms`,
    maxKeys !== undefined && `state of ${maxKeys} keys at most`,
    store && `state in ${storeName(store)}, kept ${formatDuration(storeTtlMs ?? DEFAULT_TTL_MS)} unused`,
    strict && 'strict',
  ].filter(Boolean);
  return `mock${traits.length ? ` (${traits.join(', ')})` : ''}`;
}

/** A duration as --store-ttl takes it: in the largest unit it is a whole number of (hours up to 48). */
function formatDuration(ms) {
  const [unit, size] = Object.entries(UNITS)
    .reverse()
    .find(([unit, size]) => ms % size === 0 && !(unit === 'd' && ms < 2 * size));
  return `${ms / size}${unit}`;
}
