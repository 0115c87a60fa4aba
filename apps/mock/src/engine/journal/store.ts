// Where the journal keeps its entries: a store. This one keeps them in memory; the shared one is
// in Redis (node/redis-journal.ts), so that the instances behind one --store read one journal.
//
// Entries are kept per partition, one per API key (a key that sent none has the partition of no
// key). A partition's entries are numbered from 1 in the order they were kept; the journal keeps
// at most `perKey` of a key's and `max` in all, dropping the oldest first (counted per key, so
// that a read can say how many it lost). A store holds no key: a partition is named by the key's
// bytes in memory (as the sandbox's state is), by their SHA-256 in Redis; the text the memory
// store keeps beside it serves only to mask the key when entries are read.
import type { Note } from '../problems.ts';

/** The journal's bounds (the options journalMax and journalMaxPerKey). */
export interface JournalLimits {
  max: number;
  perKey: number;
}

/** One request, as kept (`seq` given by the store). */
export interface Recorded {
  seq: number;
  /** When it was answered, in ms since the epoch. */
  at: number;
  operation: string | null;
  method: string;
  path: string;
  fields: Readonly<Record<string, unknown>>;
  /** How many fields of a large request were not kept. */
  fieldsNotKept?: number;
  /** Undefined: none. */
  departures: readonly Note[] | undefined;
  status: number | null;
  example: string | null;
  fault: string | null;
  problem: { title: string; detail: string; validation?: readonly Note[] | undefined } | undefined;
}

/** Whose entries: the key's name (`~text`, `=bytes` or `#sha256`), and its text (to mask it); '' is no key. */
export interface Partition {
  name: string;
  key: string | undefined;
  /** Its id as entries from code show it (keyId), where the store has it already. */
  id?: string;
}

/** What a read finds: entries after `since` (in the order kept), how many were dropped, whose each is. */
export interface Found {
  entries: { entry: Recorded; partition: Partition }[];
  dropped: number;
}

export interface JournalStore {
  /** Keeps an entry (numbered here). */
  append(partition: Partition, entry: Omit<Recorded, 'seq'>): void | Promise<void>;
  /** A partition's entries numbered after `since`, or every partition's (undefined: for code, not HTTP). */
  read(partition: Partition | undefined, since: number): Promise<Found>;
  /** Forgets a partition's entries, or every partition's; their numbering goes on. */
  clear(partition?: Partition): Promise<void>;
  close?(): Promise<void>;
}

/** One key's entries: the slots `slots[head…]` (the live ones); `next` numbers the next one. */
interface Kept {
  partition: Partition;
  /** Its number in `owners`. */
  id: number;
  slots: number[];
  head: number;
  live: number;
  next: number;
  dropped: number;
}

/** Room the ring keeps per entry of `max`, on average: an entry of a large request takes more. */
export const ENTRY_ROOM = 1024;

/**
 * The journal in memory: every entry as JSON bytes in one ring of `max` × ENTRY_ROOM bytes, the
 * oldest overwritten first, and a fixed table of where each is. Nothing of a request outlives
 * the request but its bytes in the ring, so that keeping a journal adds nothing for the garbage
 * collector to move, and its memory is what the ring and the table take, whatever comes. At most
 * `max` keys are remembered: beyond, the one that first appeared longest ago is forgotten.
 */
export function createMemoryJournal({ max, perKey }: JournalLimits): JournalStore {
  const ring = new Uint8Array(max * ENTRY_ROOM);
  // The table, a queue of slots in the order appended: where each entry's bytes are, whose it is.
  const at = new Int32Array(max);
  const size = new Int32Array(max);
  const owner = new Int32Array(max).fill(-1);
  let first = 0; // the oldest slot in use
  let used = 0; // slots in use (live or dropped, until the queue passes them)
  let write = 0; // where the next entry's bytes go
  const keys = new Map<string, Kept>();
  const owners: (Kept | undefined)[] = [];
  let ids = 0;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Each entry is encoded here first (no buffer made per request), then copied into the ring.
  let scratch = new Uint8Array(64 * 1024);

  /** The oldest slot leaves the queue; its entry, when still kept, is dropped. */
  const shift = () => {
    const own = owners[owner[first] as number];
    if (own && own.slots[own.head] === first) dropFirst(own);
    owner[first] = -1;
    first = (first + 1) % max;
    used--;
  };
  const dropFirst = (own: Kept) => {
    own.head++;
    own.live--;
    own.dropped++;
    if (own.head > 64 && own.head * 2 > own.slots.length) {
      own.slots = own.slots.slice(own.head);
      own.head = 0;
    }
  };
  /** Room for `length` bytes at `write` (or at 0, past the end): the entries there are shifted out, oldest first. */
  const makeRoom = (length: number) => {
    if (write + length > ring.length) {
      while (used && (at[first] as number) >= write) shift();
      write = 0;
    }
    while (used && (at[first] as number) >= write && (at[first] as number) < write + length) shift();
    if (used === max) shift();
  };
  const forget = (own: Kept) => {
    keys.delete(own.partition.name);
    owners[own.id] = undefined;
  };
  const decode = (slot: number) =>
    JSON.parse(decoder.decode(ring.subarray(at[slot], (at[slot] as number) + (size[slot] as number)))) as Recorded;

  return {
    append(partition, entry) {
      let own = keys.get(partition.name);
      if (!own) {
        own = { partition, id: ids++, slots: [], head: 0, live: 0, next: 1, dropped: 0 };
        keys.set(partition.name, own);
        owners[own.id] = own;
        if (keys.size > max) forget(keys.values().next().value as Kept);
      }
      (entry as Recorded).seq = own.next++;
      let json = JSON.stringify(entry);
      // An entry larger than the whole ring is kept without its fields.
      if (json.length * 3 > ring.length) json = JSON.stringify({ ...entry, fields: {} });
      if (json.length * 3 > scratch.length) scratch = new Uint8Array(json.length * 3);
      const length = encoder.encodeInto(json, scratch).written;
      makeRoom(length);
      const slot = (first + used) % max;
      ring.set(scratch.subarray(0, length), write);
      at[slot] = write;
      size[slot] = length;
      owner[slot] = own.id;
      write += length;
      used++;
      own.slots.push(slot);
      own.live++;
      if (own.live > perKey) dropFirst(own);
    },
    async read(partition, since) {
      const entries: Found['entries'] = [];
      let dropped = 0;
      const of = (own: Kept) => {
        for (let i = own.head; i < own.slots.length; i++) {
          const entry = decode(own.slots[i] as number);
          if (entry.seq > since) entries.push({ entry, partition: own.partition });
        }
      };
      if (partition) {
        const own = keys.get(partition.name);
        if (own) of(own);
        return { entries, dropped: own?.dropped ?? 0 };
      }
      for (const own of keys.values()) {
        dropped += own.dropped;
        of(own);
      }
      return { entries: entries.sort((a, b) => a.entry.at - b.entry.at || a.entry.seq - b.entry.seq), dropped };
    },
    async clear(partition) {
      for (const own of partition ? [keys.get(partition.name)] : [...keys.values()]) {
        if (!own) continue;
        own.slots = [];
        own.head = 0;
        own.live = 0;
      }
    },
  };
}
