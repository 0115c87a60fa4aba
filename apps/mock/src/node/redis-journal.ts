// The journal in Redis (or Valkey), with the sandbox's --store: every instance given the same URL
// keeps its entries there, so that a test behind several instances reads one journal.
//
// Per partition (one per API key), one stream of entries, its length capped with XADD … MAXLEN,
// and a hash beside it of its numbering and of how many of its entries were dropped; both expire
// after --store-ttl unused, as the sandbox's state does. One sorted set orders every entry of
// every key, oldest first, so that beyond the cap in all the oldest entry is dropped, whoever's.
// Names are the SHA-256 of the key's bytes: Redis holds no key, and an entry is masked before it
// is stored. Appending is one round trip: a script that numbers, adds and trims.
import { createHash } from 'node:crypto';
import { maskKeyIn } from '@hostapi/spec/wire';
import type { JournalLimits, JournalStore, Partition, Recorded } from '../engine/journal/store.ts';
import { connect, run, send } from './redis-store.ts';

const PREFIX = 'hostapi:journal:';
const INDEX = `${PREFIX}index`;
const ORDER = `${PREFIX}order`;

// KEYS: the stream, its hash, the index, the order counter. ARGV: per key, in all, the entry's JSON,
// the time to live (ms), the partition's id, the prefix. The entry's number.
const APPEND = `
local seq = redis.call('HINCRBY', KEYS[2], 'next', 1)
if redis.call('XLEN', KEYS[1]) >= tonumber(ARGV[1]) then
  local first = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1]
  if first then
    redis.call('ZREM', KEYS[3], ARGV[5] .. ' ' .. first[1])
    redis.call('HINCRBY', KEYS[2], 'dropped', 1)
  end
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'seq', seq, 'e', ARGV[3])
redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[5] .. ' ' .. id)
while redis.call('ZCARD', KEYS[3]) > tonumber(ARGV[2]) do
  local oldest = redis.call('ZPOPMIN', KEYS[3])[1]
  local space = string.find(oldest, ' ')
  local stream = ARGV[6] .. string.sub(oldest, 1, space - 1)
  if redis.call('XDEL', stream, string.sub(oldest, space + 1)) == 1 then
    redis.call('HINCRBY', stream .. ':meta', 'dropped', 1)
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return seq`;

// KEYS: the stream, the index. ARGV: the partition's id. Forgets the stream's entries.
const CLEAR = `
for _, entry in ipairs(redis.call('XRANGE', KEYS[1], '-', '+')) do
  redis.call('ZREM', KEYS[2], ARGV[1] .. ' ' .. entry[1])
end
redis.call('DEL', KEYS[1])
return 1`;

/** The shared journal in the Redis database at `url`. */
export async function createRedisJournal(
  url: string,
  { max, perKey }: JournalLimits,
  { ttlMs, warn }: { ttlMs: number; warn: (line: string) => void },
): Promise<JournalStore> {
  const redis = await connect(url, (line) => warn(line.replace(/^sandbox:/, 'journal:')));
  const { unavailable } = redis;
  const idOf = (partition: Partition) => createHash('sha256').update(partition.name).digest('hex');
  const streamOf = (id: string) => `${PREFIX}${id}`;

  /** A stream's entries after `since`, and its count of dropped ones. */
  async function entriesOf(id: string, since: number, partition: Partition) {
    const [stream, dropped] = (await Promise.all([
      send(redis, ['XRANGE', streamOf(id), '-', '+']),
      send(redis, ['HGET', `${streamOf(id)}:meta`, 'dropped']),
    ]).catch(unavailable)) as [[string, string[]][], string | null];
    const entries: { entry: Recorded; partition: Partition }[] = [];
    for (const [, fields] of stream) {
      const seq = Number(fields[fields.indexOf('seq') + 1]);
      if (seq > since)
        entries.push({ entry: { seq, ...JSON.parse(fields[fields.indexOf('e') + 1] as string) }, partition });
    }
    return { entries, dropped: Number(dropped ?? 0) };
  }

  return {
    async append(partition, entry) {
      const id = idOf(partition);
      const json = JSON.stringify(maskKeyIn(entry, [partition.key]));
      const keys = [streamOf(id), `${streamOf(id)}:meta`, INDEX, ORDER];
      await run(redis, APPEND, keys, [String(perKey), String(max), json, String(ttlMs), id, PREFIX]).catch(unavailable);
    },
    async read(partition, since) {
      if (partition) return entriesOf(idOf(partition), since, partition);
      // Every key's (from code): the partitions the index names, each read whole.
      const members = (await send(redis, ['ZRANGE', INDEX, '0', '-1']).catch(unavailable)) as string[];
      const ids = [...new Set(members.map((member) => member.slice(0, member.indexOf(' '))))];
      const found = await Promise.all(
        ids.map((id) => entriesOf(id, since, { name: '', key: undefined, id: id.slice(0, 16) })),
      );
      const entries = found.flatMap((one) => one.entries).sort((a, b) => a.entry.at - b.entry.at);
      return { entries, dropped: found.reduce((sum, one) => sum + one.dropped, 0) };
    },
    async clear(partition) {
      const indexed = async () => (await send(redis, ['ZRANGE', INDEX, '0', '-1']).catch(unavailable)) as string[];
      const ids = partition ? [idOf(partition)] : [...new Set((await indexed()).map((m) => m.split(' ')[0] as string))];
      for (const id of ids) await run(redis, CLEAR, [streamOf(id), INDEX], [id]).catch(unavailable);
    },
    close: () => redis.close(),
  };
}
