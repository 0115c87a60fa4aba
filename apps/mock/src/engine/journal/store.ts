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

/** One key's entries, oldest first; `next` numbers the next one (the first kept is `next - list.length`). */
interface Kept {
  partition: Partition;
  list: Recorded[];
  next: number;
  dropped: number;
}

const firstSeq = (own: Kept) => own.next - own.list.length;

/**
 * The journal in memory. Appending costs a push (and, beyond a bound, a shift of an index): the
 * oldest entry of all is found through one queue of the partitions in the order they appended.
 * At most `max` keys are remembered: beyond, the one that first appeared longest ago is forgotten.
 */
export function createMemoryJournal({ max, perKey }: JournalLimits): JournalStore {
  const kept = new Map<string, Kept>();
  // The partition and number of every entry appended, oldest first (from `order.head`).
  const order = { keys: [] as Kept[], seqs: [] as number[], head: 0 };
  let total = 0;

  const dropFirst = (own: Kept) => {
    // Shifted out, not passed over: an entry dropped keeps nothing of its request alive.
    own.list.shift();
    own.dropped++;
    total--;
  };
  /** Whether the queue's item for `seq` of `own` stands for an entry still kept. */
  const isKept = (own: Kept, seq: number) => kept.get(own.partition.name) === own && seq >= firstSeq(own);
  /** The oldest entry of all, dropped: a queue item whose entry is gone already is passed over. */
  const dropOldest = () => {
    while (order.head < order.keys.length) {
      const own = order.keys[order.head] as Kept;
      const seq = order.seqs[order.head] as number;
      order.head++;
      if (isKept(own, seq)) return dropFirst(own);
    }
  };
  /** The queue without what it has passed, and (when it holds twice the kept entries) without items of entries gone. */
  const compactOrder = () => {
    if (order.keys.length - order.head > 2 * max + 1024) {
      const keys: Kept[] = [];
      const seqs: number[] = [];
      for (let at = order.head; at < order.keys.length; at++) {
        const own = order.keys[at] as Kept;
        const seq = order.seqs[at] as number;
        if (isKept(own, seq)) keys.push(own) && seqs.push(seq);
      }
      Object.assign(order, { keys, seqs, head: 0 });
    } else if (order.head >= 1024 && order.head * 2 >= order.keys.length) {
      order.keys = order.keys.slice(order.head);
      order.seqs = order.seqs.slice(order.head);
      order.head = 0;
    }
  };
  const forget = (own: Kept) => {
    kept.delete(own.partition.name);
    total -= own.list.length;
  };

  return {
    append(partition, entry) {
      let own = kept.get(partition.name);
      if (!own) {
        own = { partition, list: [], next: 1, dropped: 0 };
        kept.set(partition.name, own);
        if (kept.size > max) forget(kept.values().next().value as Kept);
      }
      const seq = own.next++;
      own.list.push({ seq, ...entry });
      order.keys.push(own);
      order.seqs.push(seq);
      total++;
      if (own.list.length > perKey) dropFirst(own);
      if (total > max) dropOldest();
      compactOrder();
    },
    async read(partition, since) {
      const entries: Found['entries'] = [];
      if (partition) {
        const own = kept.get(partition.name);
        for (const entry of own?.list ?? []) if (entry.seq > since) entries.push({ entry, partition });
        return { entries, dropped: own?.dropped ?? 0 };
      }
      // Every key's, in the order they were appended (a key's entries are numbered without gaps).
      for (let at = order.head; at < order.keys.length; at++) {
        const own = order.keys[at] as Kept;
        const seq = order.seqs[at] as number;
        if (seq > since && isKept(own, seq))
          entries.push({ entry: own.list[seq - firstSeq(own)] as Recorded, partition: own.partition });
      }
      return { entries, dropped: [...kept.values()].reduce((sum, own) => sum + own.dropped, 0) };
    },
    async clear(partition) {
      for (const own of partition ? [kept.get(partition.name)] : [...kept.values()]) {
        if (!own) continue;
        total -= own.list.length;
        own.list = [];
      }
    },
  };
}
