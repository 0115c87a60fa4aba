// The sandbox's state in Redis (or Valkey), for a team's shared sandbox (`--store redis://...`):
// every mock instance that names the same database answers a key's reads with its writes, from
// whichever instance took them, and a restarted instance loses nothing.
//
// Per API key, one Redis hash holds what the key changed: each collection it wrote (JSON) with
// its stamp, and `v`, the stamp of its last write (its version). A key that never wrote, was
// reset or has expired has no hash: it sees the fixture (version 0). Stamps come from one Redis
// counter, so a stamp is never used twice, by any instance, and an answer kept by one instance
// (answer-cache.mjs) is given again only while the key's collections still have the stamps it
// was computed from.
//
// Each instance keeps the last state it saw of a key, with its version. A request costs one round
// trip to read (a script answers "still version v", or the key's hash when it changed) and one
// more to write: a script that applies the request's writes only if the key is still at the
// version they were computed from, stamping them, else hands back the key's state so that the
// request runs again on it. Requests to other keys, and to the same key, go in the same pipe:
// the client writes the commands of a tick together.
import { createHash, randomInt } from 'node:crypto';
import { deepFreeze } from '../frozen.mjs';
import { storeUnavailable } from '../problems.mjs';
import { KeyState } from './store.mjs';

/** Idle time after which a key's state expires in Redis: a day. */
export const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
/** Keys whose last seen state an instance keeps (a copy: dropping one costs a read of its hash). */
const CACHED_KEYS = 1024;
/** Longest wait for Redis's answer to a command before the request is answered 503. */
const ANSWER_MS = 3000;
const PREFIX = 'hostapi:sandbox';
const COUNTER = `${PREFIX}:stamp`;

// KEYS[1]: the key's hash. ARGV[1]: the version the instance holds; ARGV[2]: time to live (ms).
// The version alone when it is still the one held ('0': no hash, the fixture), else the hash.
const READ = `
local v = redis.call('HGET', KEYS[1], 'v')
if not v then return '0' end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if v == ARGV[1] then return v end
return redis.call('HGETALL', KEYS[1])`;

// KEYS[1]: the key's hash; KEYS[2]: the stamp counter. ARGV[1]: the version the writes were
// computed from; ARGV[2]: time to live (ms); ARGV[3]: the counter's first value, when it has none
// (random: after a flush, stamps from before are not used again); ARGV[4...]: name, JSON, ...
// The new stamp (a number) when applied; when the key has moved on, what READ answers.
const COMMIT = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then
  if v == '0' then return '0' end
  return redis.call('HGETALL', KEYS[1])
end
redis.call('SET', KEYS[2], ARGV[3], 'NX')
local stamp = string.format('%d', redis.call('INCR', KEYS[2]))
for i = 4, #ARGV, 2 do
  redis.call('HSET', KEYS[1], 'c:' .. ARGV[i], ARGV[i + 1], 's:' .. ARGV[i], stamp)
end
redis.call('HSET', KEYS[1], 'v', stamp)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return tonumber(stamp)`;

/** Whether `text` is a Redis URL: redis:// or rediss:// (TLS), a host, at most a database number as path. */
export function isRedisUrl(text) {
  if (typeof text !== 'string' || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (
    /^rediss?:$/.test(url.protocol) &&
    url.hostname !== '' &&
    /^(\/\d*)?$/.test(url.pathname) &&
    !url.search &&
    !url.hash
  );
}

/** What was given as a store's URL, as typed but for its password (`//user:***@`). */
export const withoutPassword = (text) => String(text).replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

/** `redis://user:***@host:port/db`: the store as messages and logs name it, never its password. */
export function storeName(url) {
  if (!URL.canParse(url)) return withoutPassword(url);
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/**
 * The shared store over `base` (the fixture's frozen state) in the Redis database at `url`:
 * `{ get(apiKey) → Promise<KeyState>, put(apiKey, state) → Promise<true | KeyState>,
 * reset(apiKey?) → Promise, evicted() → false, close(), name, ready }`. A state from get() writes
 * to copies; put() stores its writes, or resolves to the key's newer state to run the request on
 * again. Every promise rejects with a 503 Problem while Redis cannot be reached; the client
 * reconnects by itself. `ready` resolves once connected, or at the first failure to connect.
 */
export async function createRedisStore(base, { url, ttlMs = DEFAULT_TTL_MS, log } = {}) {
  // Loaded only for this store: the default one starts without it.
  const { createClient } = await import('@redis/client');
  const name = storeName(url);
  // Instances serving different fixtures do not share states: the fixture is part of the names.
  const namespace = `${PREFIX}:${createHash('sha256').update(JSON.stringify(base)).digest('hex').slice(0, 16)}`;
  const password = new URL(url).password;
  const ttl = String(ttlMs);

  let down = false;
  const onError = (error) => {
    if (down) return;
    down = true;
    log?.warn(`sandbox: the store ${name} cannot be reached (${clean(error)}); answering 503 until it is back`);
  };
  const onReady = () => {
    if (down) log?.warn(`sandbox: the store ${name} is reachable again`);
    down = false;
  };
  const connect = () => {
    const connecting = createClient({
      url,
      // Without Redis, requests are refused at once (503) rather than queued until it is back.
      disableOfflineQueue: true,
      // No timer per command (the client's default covers only commands waiting to be sent, at
      // the cost of a timer and an AbortSignal each): the watchdog below finds a silent Redis.
      commandOptions: { timeout: 0 },
      // A plain Redis or Valkey: no handshake for a managed service's maintenance notices.
      maintNotifications: 'disabled',
      socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1000) },
    });
    connecting.on('error', onError);
    connecting.on('ready', onReady);
    // Rejects only when closed before connecting; until then it retries.
    connecting.connect().catch(() => {});
    return connecting;
  };
  let client = connect();
  const ready = new Promise((resolve) => {
    client.once('ready', resolve);
    client.once('error', resolve);
  });

  /** A message of the client's, without the password (as written in the URL, or decoded) should one appear in it. */
  function clean(error) {
    let text = String(error?.message ?? error);
    if (password) for (const form of new Set([password, safeDecode(password)])) text = text.split(form).join('***');
    return text;
  }
  const unavailable = (error) => {
    throw storeUnavailable(name, clean(error));
  };

  // A Redis that stops answering (stopped, overloaded, or gone without closing the connection)
  // would leave requests waiting for ever: when commands wait and no answer has come for
  // ANSWER_MS, the connection is dropped, failing them (503), and made anew. Counted, not timed
  // per command: a timer per request would cost more than the round trip.
  let waiting = 0;
  let lastAnswer = 0;
  let silence = null;
  const watchdog = setInterval(() => {
    if (waiting === 0 || performance.now() - lastAnswer < ANSWER_MS) return;
    silence = new Error(`no answer within ${ANSWER_MS / 1000} s`);
    onError(silence);
    const stale = client;
    client = connect();
    stale.destroy();
  }, ANSWER_MS / 4);
  watchdog.unref();
  const answered = (reply) => {
    waiting--;
    lastAnswer = performance.now();
    silence = null;
    return reply;
  };
  const failed = (error) => {
    waiting--;
    throw silence ?? error;
  };
  function send(args) {
    if (waiting++ === 0) lastAnswer = performance.now();
    return client.sendCommand(args).then(answered, failed);
  }

  // Scripts by their SHA-1 (EVALSHA); sent whole when Redis does not know them (after a restart).
  const scripts = new Map([
    [READ, sha1(READ)],
    [COMMIT, sha1(COMMIT)],
  ]);
  function run(script, keys, args) {
    return send(['EVALSHA', scripts.get(script), String(keys.length), ...keys, ...args]).catch((error) => {
      if (!/NOSCRIPT/.test(error?.message)) throw error;
      return send(['EVAL', script, String(keys.length), ...keys, ...args]);
    });
  }

  const fixtureState = new KeyState(base);
  fixtureState.version = '0';
  // API key → { hash, version, state }: the last state seen of the key, least recently used first.
  const cache = new Map();
  const entryOf = (apiKey) => {
    let entry = cache.get(apiKey);
    if (entry) {
      cache.delete(apiKey);
    } else {
      entry = {
        hash: `${namespace}:key:${createHash('sha256').update(apiKey).digest('base64url')}`,
        state: fixtureState,
      };
      if (cache.size >= CACHED_KEYS) cache.delete(cache.keys().next().value);
    }
    cache.set(apiKey, entry);
    return entry;
  };

  /** The state a READ or COMMIT reply describes, `held` when it is that state's version; kept as the key's latest. */
  function stateOf(entry, reply, held) {
    let state;
    if (reply === held.version) state = held;
    else if (reply === '0') state = fixtureState;
    else if (Array.isArray(reply)) state = parsed(base, reply);
    else throw new Error(`unexpected reply from the store: ${JSON.stringify(reply)}`);
    entry.state = state;
    return state;
  }

  return {
    name,
    ready,
    get(apiKey) {
      const entry = entryOf(apiKey);
      const held = entry.state;
      return run(READ, [entry.hash], [held.version, ttl]).then(
        (reply) => stateOf(entry, reply, held).fork(),
        unavailable,
      );
    },
    put(apiKey, state) {
      const entry = entryOf(apiKey);
      return run(
        COMMIT,
        [entry.hash, COUNTER],
        [state.version, ttl, String(randomInt(1, 2 ** 40)), ...state.changes()],
      ).then((reply) => {
        if (typeof reply !== 'number') return stateOf(entry, reply, entry.state).fork();
        state.settle(reply);
        entry.state = state;
        return true;
      }, unavailable);
    },
    async reset(apiKey) {
      try {
        if (apiKey !== undefined) {
          const entry = entryOf(apiKey);
          await send(['DEL', entry.hash]);
          entry.state = fixtureState;
          return;
        }
        // Every key of this fixture's sandbox, whichever instance wrote it.
        for await (const keys of client.scanIterator({ MATCH: `${namespace}:key:*`, COUNT: 1000 })) {
          if (keys.length) await send(['UNLINK', ...keys]);
        }
        cache.clear();
      } catch (error) {
        unavailable(error);
      }
    },
    /** Keys' states are never dropped to make room: they expire in Redis when idle. */
    evicted: () => false,
    async close() {
      clearInterval(watchdog);
      await client.close().catch(() => client.destroy());
    },
  };
}

/** A key's state from its hash as HGETALL lists it: [field, value, ...]. */
function parsed(base, fields) {
  const own = {};
  const stamps = new Map();
  let version = '0';
  for (let at = 0; at < fields.length; at += 2) {
    const field = String(fields[at]);
    const value = String(fields[at + 1]);
    if (field === 'v') version = value;
    else if (field.startsWith('c:')) own[field.slice(2)] = deepFreeze(JSON.parse(value));
    else if (field.startsWith('s:')) stamps.set(field.slice(2), Number(value));
  }
  return KeyState.of(base, own, stamps, version);
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function sha1(text) {
  return createHash('sha1').update(text).digest('hex');
}
