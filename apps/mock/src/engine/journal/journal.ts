// The request journal: every request the engine answers (its own routes aside) becomes an entry
// of its key's partition, in every mode and face, so that a test can read what its app sent and
// verify it. What an entry holds is what the mock read: the operation, the fields (nested; or,
// for a request it refused before reading them, as sent), the departures it named, the status it
// answered, and which example or fault answered. The key never: it names the partition, and
// whatever an entry quotes of it is masked (`maskKeyIn`) when entries are read.
import { formPairs, isKeyName, maskKeyIn, mediaTypeOf, type Pair, parseUrlEncoded, toPairs } from '@hostapi/spec/wire';
import type { Api } from '../api.ts';
import { quoted } from '../departures.ts';
import { type Fault, statusSeen } from '../faults.ts';
import type { Answer } from '../mode.ts';
import type { Note, Problem } from '../problems.ts';
import { type EngineRequest, headerOf, type Reading } from '../read.ts';
import { keyName, LONG_KEY } from '../sandbox/keys.ts';
import { createFieldNames, type FieldNames, sameValue, valueAt, wantedPairs } from './fields.ts';
import type { JournalStore, Partition, Recorded } from './store.ts';
import { type Expectation, VerificationError, verdictOf } from './verify.ts';

export type { JournalLimits } from './store.ts';

/** One request, as the journal shows it. */
export interface JournalEntry {
  /** Its number among its key's requests, from 1. */
  seq: number;
  /** When it was answered (ISO 8601). */
  time: string;
  /** The operation; null for a path the description does not have. */
  operation: string | null;
  method: string;
  path: string;
  /** As the mock read them (nested, lists as lists, values as text), the key left out. */
  fields: Record<string, unknown>;
  /** How many fields were not kept, beyond what an entry keeps of a large request. */
  fieldsNotKept?: number;
  /** What sl-violations named: each departure from the description, each problem of the answer. */
  departures: Note[];
  /** The status answered; null when a fault left the client without one. */
  status: number | null;
  /** The example that answered (examples mode, `Prefer`), or the recorded exchange (replay). */
  example: string | null;
  /** The network fault the answer met (`Prefer: fault=…`, --fault-rate). */
  fault: string | null;
  /** Why the mock refused the request, or could not answer it. */
  problem?: { title: string; detail: string; validation?: Note[] };
  /** From code, reading every key's: whose it is, as the first 16 hex digits of the SHA-256 of the key's bytes. */
  key?: string | null;
}

/** Which entries to read. */
export interface JournalFilter {
  /** Whose (from code; none: every key's). */
  apikey?: string | undefined;
  operation?: string | undefined;
  /** Entries numbered after this one. */
  since?: number | undefined;
  /** At most this many, the oldest first (default and most: MAX_LIMIT). */
  limit?: number | undefined;
  /** Sent with these values, by wire name or nested. */
  fields?: Record<string, unknown> | undefined;
}

/** What a read answers. */
export interface JournalPage {
  entries: JournalEntry[];
  /** How many of the key's (or every key's) entries were dropped to stay within the journal's bounds. */
  dropped: number;
  /** Whether more entries matched than `limit`. */
  more: boolean;
}

/** The journal as code reads it: `startMock().journal`, and the MSW handlers'. */
export interface Journal {
  entries(filter?: JournalFilter): Promise<JournalPage>;
  /** Resolves to how many requests matched; rejects with a VerificationError saying what was seen. */
  verify(expectation: Expectation): Promise<number>;
  /** Forgets one key's entries, or every key's. */
  clear(apikey?: string): Promise<void>;
}

export const MAX_LIMIT = 10_000;
/** A request whose query and body are longer than this is kept with its fields cut to about this much text. */
const ENTRY_TEXT = 2048;
const DEPARTURES_KEPT = 20;
const NO_KEY: Partition = { name: '', key: undefined };

/** The partition of a key's text (and its bytes, where the text cannot say them): as the sandbox names a key. */
export function partitionOf(text: string | undefined, bytes?: Uint8Array): Partition | Promise<Partition> {
  if (text === undefined) return NO_KEY;
  const unsaid = text.includes('\uFFFD');
  if (!unsaid && text.length <= LONG_KEY) return { name: `~${text}`, key: text };
  const sent = unsaid && bytes ? bytes : new TextEncoder().encode(text);
  return keyName(sent).then((name) => ({ name, key: text }));
}

/** What the engine knows of an exchange once answered: what the journal keeps of it. */
export interface Exchange {
  request: EngineRequest;
  operation: { id: string } | undefined;
  reading: Reading | undefined;
  notes: Note[];
  fault: Fault | undefined;
  /** The partition of the key the mode was given (undefined: not read; the request's is looked for). */
  partition: Partition | Promise<Partition> | undefined;
}

export function createJournal(api: Api, store: JournalStore, now: () => number = Date.now) {
  const fieldNames = createFieldNames(api);

  /** Keeps an exchange; a promise only where the key must be hashed or read, or the store is remote. */
  function record(exchange: Exchange, answer: Answer, problem: Problem | undefined): void | Promise<void> {
    const { request, reading, notes, fault } = exchange;
    const entry: Omit<Recorded, 'seq'> = {
      at: now(),
      operation: exchange.operation?.id ?? null,
      method: request.method,
      path: request.path,
      fields: reading?.fields ?? {},
      departures: notes.length === 0 ? undefined : notes.length > DEPARTURES_KEPT ? notesKept(notes) : notes,
      status: statusSeen(fault, answer.status),
      example: answer.example ?? null,
      fault: fault?.name ?? null,
      problem: problem && { title: problem.title, detail: problem.detail, validation: problem.validation },
    };
    if (reading && request.search.length + request.body.length > ENTRY_TEXT) cutFields(entry, reading.fields);
    const partition = exchange.partition ?? (reading && partitionOf(reading.apiKey, reading.apiKeyBytes));
    if (reading && partition && !(partition instanceof Promise)) return store.append(partition, entry);
    return (async () => {
      const [pairs, found] = reading ? [[], await partition] : [await sentPairs(request), undefined];
      if (!reading) cutFields(entry, Object.fromEntries(pairs.filter(([name]) => !isKeyName(name))));
      const key = pairs.find(([name]) => isKeyName(name))?.[1];
      await store.append(found ?? (await partitionOf(key)), entry);
    })();
  }

  /** A partition's entries (every key's: undefined) that the filter asks for, masked. */
  async function read(partition: Partition | undefined, filter: JournalFilter = {}): Promise<JournalPage> {
    const { operation, since = 0, limit = MAX_LIMIT, fields = {} } = filter;
    const found = await store.read(partition, since);
    const entries: JournalEntry[] = [];
    let more = false;
    for (const { entry, partition: whose } of found.entries) {
      if (!matches(entry, operation, fields)) continue;
      if (entries.length === limit) {
        more = true;
        break;
      }
      entries.push(await shown(entry, whose, partition === undefined));
    }
    return { entries, dropped: found.dropped, more };
  }

  const partitionOfKey = (apikey: string | undefined) => (apikey === undefined ? undefined : partitionOf(apikey));

  /** The journal from code; a filter or expectation it cannot take throws a TypeError naming what is wrong. */
  const journal: Journal = {
    async entries(filter = {}) {
      checkFilter(fieldNames, api, filter);
      return read(await partitionOfKey(filter.apikey), filter);
    },
    async verify(expectation) {
      checkFilter(fieldNames, api, expectation);
      const partition = await partitionOfKey(expectation.apikey);
      const { entries, dropped } = await read(partition, { limit: Number.POSITIVE_INFINITY });
      const verdict = verdictOf(expectation, entries, dropped);
      if (!verdict.verified) throw new VerificationError(verdict, expectation);
      return verdict.count;
    },
    async clear(apikey) {
      await store.clear(await partitionOfKey(apikey));
    },
  };

  return { record, read, clear: (partition?: Partition) => store.clear(partition), journal, fieldNames, api };
}

export type JournalCore = ReturnType<typeof createJournal>;

/** Whether an entry is of the operation and was sent with the fields (each by wire name, as text). */
export function matches(entry: Pick<Recorded, 'operation' | 'fields'>, operation?: string, fields = {}): boolean {
  if (operation !== undefined && entry.operation !== operation) return false;
  return wantedPairs(fields).every(([name, text]) => sameValue(valueAt(entry.fields, name), text));
}

/** A filter or expectation the journal cannot take: `parameter` (and the field) names what is wrong. */
export class FilterError extends TypeError {
  override name = 'FilterError';
  readonly parameter: string;
  readonly field: string;
  constructor(parameter: string, message: string, field = parameter) {
    super(message);
    this.parameter = parameter;
    this.field = field;
  }
}

/** Refuses, naming it, an operation the description lacks, a field it has not, a count that is none. */
export function checkFilter(fieldNames: FieldNames, api: Api, filter: JournalFilter & Expectation) {
  const { operation, fields = {}, since, limit, times, atLeast, atMost } = filter;
  if (operation !== undefined && !api.byId.has(operation))
    throw new FilterError('operation', `operation: the description has no operation "${quoted(String(operation))}"`);
  let pairs: Pair[];
  try {
    pairs = wantedPairs(fields);
  } catch (error) {
    throw new FilterError('fields', `fields: ${(error as Error).message}`);
  }
  for (const [name] of pairs) {
    const problem = fieldNames(name, operation);
    if (problem) throw new FilterError('fields', problem, name);
  }
  const counts = { since, limit, times, atLeast, atMost };
  for (const [name, value] of Object.entries(counts)) {
    const least = name === 'limit' ? 1 : 0;
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= least))
      throw new FilterError(name, `${name} must be a whole number ≥ ${least}, got ${quoted(String(value))}`);
  }
  if (times !== undefined && (atLeast !== undefined || atMost !== undefined))
    throw new FilterError('times', 'times is exact: give it, or atLeast and atMost, not both');
}

/** An entry as read: its time in ISO 8601, the key masked wherever it quotes it. */
async function shown(entry: Recorded, partition: Partition, whose: boolean): Promise<JournalEntry> {
  const { at, seq, departures = [], problem, ...rest } = entry;
  const out = { seq, time: new Date(at).toISOString(), ...rest, departures } as JournalEntry;
  if (problem) out.problem = problem as NonNullable<JournalEntry['problem']>;
  if (whose) out.key = partition.id ?? (partition.name === '' ? null : await keyId(partition.name));
  return maskKeyIn(out, [partition.key]);
}

/** Which key a partition is, as entries from code show it: the first 16 hex digits of the SHA-256 of its name. */
export async function keyId(name: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name)));
  return [...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The fields of a request the mock could not read: the pairs of its query and form, as sent. */
async function sentPairs(request: EngineRequest): Promise<Pair[]> {
  const pairs = parseUrlEncoded(request.search);
  const type = headerOf(request, 'content-type') ?? '';
  if (request.body.length && /form/.test(mediaTypeOf(type))) {
    try {
      pairs.push(...(await formPairs(request.body, type)));
    } catch {
      // Unreadable: the entry's problem says so.
    }
  }
  return pairs;
}

/** The fields of a large request, cut to about ENTRY_TEXT of text, by wire name, saying how many more were sent. */
function cutFields(entry: Pick<Recorded, 'fields' | 'fieldsNotKept'>, fields: Readonly<Record<string, unknown>>) {
  const pairs = toPairs(fields as object);
  const kept: Record<string, unknown> = {};
  let text = 0;
  let count = 0;
  for (const [name, value] of pairs) {
    text += name.length + value.length;
    if (text > ENTRY_TEXT) break;
    Object.defineProperty(kept, name, { value, enumerable: true, writable: true, configurable: true });
    count++;
  }
  entry.fields = kept;
  if (count < pairs.length) entry.fieldsNotKept = pairs.length - count;
}

const notesKept = (notes: Note[]): Note[] => [
  ...notes.slice(0, DEPARTURES_KEPT - 1),
  {
    location: [],
    code: 'tooMany',
    message: `…and ${notes.length - DEPARTURES_KEPT + 1} more (sl-violations named them all)`,
  },
];
