// The sandbox's state in Redis (or Valkey), for a team's shared sandbox (`--store redis://...`):
// every mock instance that names the same database answers a key's reads with its writes, from
// whichever instance took them, and a restarted instance loses nothing.
//
// Per API key, one Redis hash holds what the key changed, as KeyState's fields (store.ts): each
// record it added or changed (`r:<list>:<slot>`, its JSON), each other collection it wrote
// (`c:<name>`), and `v`, the stamp of its last write (its version). A write sends the fields it
// changed, so that it costs about its own size however much the key holds. A key that never wrote,
// was reset or has expired has no hash: it sees the fixture (version 0). Stamps come from one
// Redis counter, so a stamp is never used twice, by any instance, even across a reset of the key.
//
// A request costs one round trip to read the key's hash (READ), and one more to write (COMMIT:
// applied only if the key is still at the version read, else the request runs again on its newer hash).
import { createHash, randomInt } from 'node:crypto';
import type { RedisClientType } from '@redis/client';
import { storeUnavailable } from '../engine/problems.ts';
import { withoutPassword } from '../config.ts';
import { type Collections, KeyState, type Store } from '../engine/sandbox/store.ts';

/** Longest wait for Redis's answer to a command before the request is answered 503. */
const ANSWER_MS = 3000;
const PREFIX = 'hostapi:sandbox';
const COUNTER = `${PREFIX}:stamp`;
/** How a key's hash is laid out: states of another layout are not read (part of the names). */
const LAYOUT = 'records';

// KEYS[1]: the key's hash. ARGV[1]: time to live (ms). The hash ([] when there is none).
const READ = `
local fields = redis.call('HGETALL', KEYS[1])
if #fields > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return fields`;

// KEYS[1]: the key's hash; KEYS[2]: the stamp counter. ARGV[1]: the version the writes were
// computed from; ARGV[2]: time to live (ms); ARGV[3]: the counter's first value, when it has none
// (random: after a flush, stamps from before are not used again); ARGV[4...]: field, JSON, ...
// (an empty JSON: the field is removed). The new stamp (a number) when applied; when the key has
// moved on, its hash, as READ answers.
const COMMIT = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then return redis.call('HGETALL', KEYS[1]) end
redis.call('SET', KEYS[2], ARGV[3], 'NX')
local stamp = string.format('%d', redis.call('INCR', KEYS[2]))
for i = 4, #ARGV, 2 do
  if ARGV[i + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[i])
  else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
redis.call('HSET', KEYS[1], 'v', stamp)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return tonumber(stamp)`;

/** Replies that say Redis is busy starting or failing over, not that the configuration is wrong. */
const TRANSIENT = /^(LOADING|BUSY|TRYAGAIN|MASTERDOWN)\b/;

/**
 * The shared store over `base` (the fixture's frozen state) in the Redis database at `url`. Every
 * promise rejects with a 503 Problem while Redis cannot be reached; the client reconnects by itself.
 * Resolves once connected, or once the first try to connect failed for want of Redis (then warned
 * in the log); rejects when Redis answered but refused (a wrong password, no such database).
 */
export async function createRedisStore(
  base: Collections,
  { url, ttlMs, warn }: { url: string; ttlMs: number; warn: (line: string) => void },
): Promise<Store> {
  const redis = await connect(url, warn);
  // Instances serving different fixtures do not share states: the fixture is part of the names.
  const fixture = createHash('sha256')
    .update(`${LAYOUT}\0${JSON.stringify(base)}`)
    .digest('hex')
    .slice(0, 16);
  const namespace = `${PREFIX}:${fixture}`;
  /** The Redis hash of a key (its name, from keys.ts: one character a byte). */
  const hashOf = (key: string) => `${namespace}:key:${createHash('sha256').update(key, 'latin1').digest('base64url')}`;
  const ttl = String(ttlMs);
  const { unavailable } = redis;

  return {
    name: redis.name,
    get: (key) => run(redis, READ, [hashOf(key)], [ttl]).then((reply) => stateOf(base, reply), unavailable),
    async put(key, state) {
      const changes = [...state.changes].flat();
      const first = String(randomInt(1, 2 ** 40));
      const args = [state.version, ttl, first, ...changes];
      const reply = await run(redis, COMMIT, [hashOf(key), COUNTER], args).catch(unavailable);
      return typeof reply === 'number' ? true : stateOf(base, reply);
    },
    async reset(key) {
      try {
        if (key !== undefined) await send(redis, ['DEL', hashOf(key)]);
        // Every key of this fixture's sandbox, whichever instance wrote it.
        else
          for await (const keys of redis.client.scanIterator({ MATCH: `${namespace}:key:*`, COUNT: 1000 }))
            if (keys.length) await send(redis, ['UNLINK', ...keys]);
      } catch (error) {
        unavailable(error);
      }
    },
    /** Keys' states are never dropped to make room: they expire in Redis when idle. */
    evicted: () => false,
    close: () => redis.close(),
  };
}

// The client as createClient makes it without modules, functions, scripts or type mappings (RESP3).
type Client = RedisClientType<{}, {}, {}, 3, {}>;
export type Connection = Awaited<ReturnType<typeof connect>>;

/**
 * The connection to Redis, and what its steps share (whether it is down, the commands waiting),
 * once the first try to connect decided whether the mock starts: Redis away is waited for (503
 * until it comes); Redis refusing this configuration is not (it will not work however long it waits).
 */
export async function connect(url: string, warn: (line: string) => void) {
  // Loaded only for this store: the default one starts without it.
  const { createClient, ErrorReply } = await import('@redis/client');
  const password = new URL(url).password;
  const redis = {
    /** How messages name the store: its URL without the password. */
    name: withoutPassword(url),
    client: undefined as unknown as Client,
    /** A client's message without the password (as written in the URL, or decoded) should one appear in it. */
    clean(error: unknown) {
      let text = String((error as Error)?.message ?? error);
      if (password) for (const form of new Set([password, safeDecode(password)])) text = text.split(form).join('***');
      return text;
    },
    /** Until the first try to connect has decided whether the mock starts, failures are its to tell. */
    starting: true,
    down: false,
    waiting: 0,
    lastAnswer: 0,
    /** Why Redis was found silent, for the commands that were waiting on it. */
    silence: undefined as Error | undefined,
    watchdog: undefined as ReturnType<typeof setInterval> | undefined,
    /** A store's failure while Redis cannot be reached: the 503 Problem. */
    unavailable(error: unknown): never {
      throw storeUnavailable(redis.name, redis.clean(error));
    },
    async close(): Promise<void> {
      clearInterval(redis.watchdog);
      await redis.client.close().catch(() => redis.client.destroy());
    },
  };
  const onError = (error: unknown) => {
    if (redis.starting || redis.down) return;
    redis.down = true;
    warn(`sandbox: the store ${redis.name} cannot be reached (${redis.clean(error)}); answering 503 until it is back`);
  };
  const open = () => {
    const client = createClient({
      url,
      // Without Redis, requests are refused at once (503) rather than queued until it is back.
      disableOfflineQueue: true,
      // No timer per command (the client's default covers only commands waiting to be sent): the
      // watchdog below finds a silent Redis.
      commandOptions: { timeout: 0 },
      // A plain Redis or Valkey: no handshake for a managed service's maintenance notices.
      maintNotifications: 'disabled',
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000) },
    });
    client.on('error', onError);
    client.on('ready', () => {
      if (redis.down) warn(`sandbox: the store ${redis.name} is reachable again`);
      redis.down = false;
    });
    // Rejects only when closed before connecting; until then it retries.
    client.connect().catch(() => {});
    return client;
  };

  redis.client = open();
  const first = await new Promise<unknown>((resolve) => {
    redis.client.once('ready', () => resolve(undefined));
    redis.client.once('error', resolve);
  });
  redis.starting = false;
  if (first instanceof ErrorReply && !TRANSIENT.test(first.message)) {
    redis.client.destroy();
    throw new Error(`the store ${redis.name} refuses this mock: ${redis.clean(first)}`);
  }
  if (first) onError(first);

  // A Redis that stops answering (stopped, overloaded, or gone without closing the connection)
  // would leave requests waiting for ever: when commands wait and no answer has come for
  // ANSWER_MS, the connection is dropped, failing them (503), and made anew. Counted, not timed
  // per command: a timer per request would cost more than the round trip. Time this process
  // itself was held up (a loaded machine, a debugger) is not Redis's silence: a tick long overdue
  // starts the count again, since the answers Redis sent meanwhile are not read yet.
  let tick = performance.now();
  redis.watchdog = setInterval(() => {
    const now = performance.now();
    if (now - tick > ANSWER_MS / 2) redis.lastAnswer = now;
    tick = now;
    if (redis.waiting === 0 || now - redis.lastAnswer < ANSWER_MS) return;
    redis.silence = new Error(`no answer within ${ANSWER_MS / 1000} s`);
    onError(redis.silence);
    const stale = redis.client;
    redis.client = open();
    stale.destroy();
  }, ANSWER_MS / 4);
  redis.watchdog.unref();
  return redis;
}

/** A command's reply; counted while it waits, for the watchdog. */
export async function send(redis: Connection, args: string[]): Promise<unknown> {
  if (redis.waiting++ === 0) redis.lastAnswer = performance.now();
  try {
    const reply = await redis.client.sendCommand(args);
    redis.lastAnswer = performance.now();
    redis.silence = undefined;
    return reply;
  } catch (error) {
    throw redis.silence ?? error;
  } finally {
    redis.waiting--;
  }
}

/** A script's reply: named by its SHA-1 (EVALSHA), sent whole when Redis does not know it (after a restart). */
export async function run(redis: Connection, script: string, keys: string[], args: string[]) {
  const count = String(keys.length);
  const sha = createHash('sha1').update(script).digest('hex');
  try {
    return await send(redis, ['EVALSHA', sha, count, ...keys, ...args]);
  } catch (error) {
    if (!/NOSCRIPT/.test(String((error as Error)?.message))) throw error;
    return send(redis, ['EVAL', script, count, ...keys, ...args]);
  }
}

/** A key's state from its hash as HGETALL lists it: [field, value, ...] ([]: the fixture's). */
function stateOf(base: Collections, reply: unknown): KeyState {
  if (!Array.isArray(reply)) throw new Error(`unexpected reply from the store: ${JSON.stringify(reply)}`);
  const fields: [string, string][] = [];
  let version = '0';
  for (let at = 0; at < reply.length; at += 2) {
    const field = String(reply[at]);
    const value = String(reply[at + 1]);
    if (field === 'v') version = value;
    else fields.push([field, value]);
  }
  const state = new KeyState(base, fields);
  state.version = version;
  return state;
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
