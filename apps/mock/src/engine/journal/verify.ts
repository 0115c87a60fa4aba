// Verification against the journal: were the expected calls made (answered: a request the mock
// refused is no call), and how many times? When not, the error says what was expected, how many
// matched, and the requests nearest to it (the same operation first, then the fewest fields that
// differ) with what differs, their departures and why any was refused, as WireMock's verify
// shows its near misses. `expected` and `actual` are set for a test runner's
// diff view: the expected call, and the nearest request written the same way.
import { type JournalEntry, matches } from './journal.ts';
import { sameValue, valueAt, wantedPairs } from './fields.ts';

const requests = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`;

/** What a test expects of the requests the mock received. */
export interface Expectation {
  /** The operation (`addSshKey`); none: any request. */
  operation?: string | undefined;
  /** Fields it was sent with, by wire name (`'params[Phone][Country]': 64`) or nested, as the client takes them. */
  fields?: Record<string, unknown> | undefined;
  /** Whose requests (from code; over HTTP, the query's key): none, every key's. */
  apikey?: string | undefined;
  /** Exactly this many times. Without it (nor atLeast, atMost): at least once. */
  times?: number | undefined;
  atLeast?: number | undefined;
  atMost?: number | undefined;
}

/** A verification's outcome, as `POST /__mock/journal/verify` answers it. */
export interface Verdict {
  verified: boolean;
  count: number;
  /** The expected call in words: `addSshKey with label="laptop", exactly once`. */
  expected: string;
  /** What happened, nearest requests included, when not verified. */
  message: string;
  /** The nearest requests (not verified: those closest to the expected call, or those too many). */
  nearest: JournalEntry[];
}

/** Thrown by journal.verify(): the verdict's message, with `expected` and `actual` for a diff. */
export class VerificationError extends Error {
  override name = 'VerificationError';
  readonly expected: string;
  readonly actual: string;
  readonly count: number;
  readonly nearest: JournalEntry[];
  constructor(verdict: Verdict, wanted: Expectation) {
    super(verdict.message);
    this.count = verdict.count;
    this.nearest = verdict.nearest;
    this.expected = callText(wanted.operation, wanted.fields ?? {});
    const first = verdict.nearest[0];
    this.actual = first ? callText(first.operation ?? '(no operation)', asWanted(first, wanted)) : '(no request)';
  }
}

const NEAREST = 3;
const DEPARTURES_SHOWN = 3;

/** Checks the expectation against a key's (or every key's) entries. */
export function verdictOf(wanted: Expectation, entries: JournalEntry[], dropped: number): Verdict {
  // The requests answered: one the mock refused is not a call, but may be the nearest.
  const matching = entries.filter((entry) => !entry.problem && matches(entry, wanted.operation, wanted.fields));
  const count = matching.length;
  const { times, atLeast = times ?? 1, atMost = times ?? Number.POSITIVE_INFINITY } = wanted;
  const expected = `${callWords(wanted)}, ${countWords(atLeast, atMost)}`;
  if (count >= atLeast && count <= atMost) return { verified: true, count, expected, message: '', nearest: [] };

  const tooMany = count > atMost;
  const nearest = tooMany ? matching.slice(0, NEAREST) : nearestTo(wanted, entries);
  const whose = wanted.apikey === undefined ? 'the journal' : "this key's journal";
  const lost = dropped ? `; ${dropped} older ones were dropped (journalMax, journalMaxPerKey)` : '';
  const lines = [
    `Expected ${expected}; it was called ${times1(count)} (${requests(entries.length)} in ${whose}${lost}).`,
  ];
  if (nearest.length) lines.push(tooMany ? 'Matching requests:' : 'Nearest requests:');
  for (const entry of nearest) lines.push(...describeEntry(entry, tooMany ? undefined : wanted));
  return { verified: false, count, expected, message: lines.join('\n'), nearest };
}

/** The entries nearest the expected call: the same operation, then the fewest fields that differ, then the latest. */
function nearestTo(wanted: Expectation, entries: JournalEntry[]): JournalEntry[] {
  const pairs = wantedPairs(wanted.fields ?? {});
  const distance = (entry: JournalEntry) =>
    (wanted.operation !== undefined && entry.operation !== wanted.operation ? 1000 : 0) +
    pairs.filter(([name, text]) => !sameValue(valueAt(entry.fields, name), text)).length;
  return entries
    .map((entry) => ({ entry, distance: distance(entry) }))
    .sort((a, b) => a.distance - b.distance || b.entry.seq - a.entry.seq)
    .slice(0, NEAREST)
    .map(({ entry }) => entry);
}

/** An entry as the message lists it: its line, what differs from the expected call, its departures, its refusal. */
function describeEntry(entry: JournalEntry, wanted: Expectation | undefined): string[] {
  const answered = [entry.example && `example ${entry.example}`, entry.fault && `fault ${entry.fault}`]
    .filter(Boolean)
    .join(', ');
  const lines = [
    `  #${entry.seq} ${entry.method} ${entry.path} → ${entry.status ?? 'no answer'}` +
      `${answered ? ` (${answered})` : ''}, ${entry.time}`,
  ];
  if (wanted?.operation !== undefined && entry.operation !== wanted.operation)
    lines.push(`      operation: expected ${wanted.operation}, got ${entry.operation ?? 'none (an unknown path)'}`);
  for (const [name, text] of wantedPairs(wanted?.fields ?? {})) {
    const actual = valueAt(entry.fields, name);
    if (!sameValue(actual, text))
      lines.push(
        `      ${name}: expected ${JSON.stringify(text)}, got ${actual === undefined ? 'none' : shown(actual)}`,
      );
  }
  if (entry.problem) lines.push(`      refused: ${entry.problem.detail}`);
  for (const note of entry.problem?.validation?.slice(0, DEPARTURES_SHOWN) ?? [])
    lines.push(`        ${note.location.join('.')}: ${note.message}`);
  for (const note of entry.departures.slice(0, DEPARTURES_SHOWN))
    lines.push(`      departure: ${note.location.join('.')}: ${note.message} (${note.code})`);
  if (entry.departures.length > DEPARTURES_SHOWN)
    lines.push(`      …and ${entry.departures.length - DEPARTURES_SHOWN} more departures`);
  return lines;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
};

const callWords = ({ operation, fields = {} }: Expectation) => {
  const pairs = wantedPairs(fields).map(([name, text]) => `${name}=${JSON.stringify(text)}`);
  return `${operation ?? 'a request'}${pairs.length ? ` with ${pairs.join(', ')}` : ''}`;
};

const times1 = (n: number) => (n === 1 ? 'once' : `${n} times`);

function countWords(atLeast: number, atMost: number): string {
  if (atLeast === atMost) return atLeast === 0 ? 'never' : `exactly ${times1(atLeast)}`;
  if (atMost === Number.POSITIVE_INFINITY) return `at least ${times1(atLeast)}`;
  return atLeast === 0 ? `at most ${times1(atMost)}` : `between ${atLeast} and ${atMost} times`;
}

/** A call as the diff view shows it: the operation, then each field on a line. */
const callText = (operation: string | undefined, fields: Record<string, unknown>) =>
  [operation ?? '(any operation)', ...wantedPairs(fields).map(([name, text]) => `  ${name}: ${text}`)].join('\n');

/** The entry's values of the fields the expectation names (`(none)` where it sent none). */
function asWanted(entry: JournalEntry, wanted: Expectation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name] of wantedPairs(wanted.fields ?? {})) {
    const actual = valueAt(entry.fields, name);
    values[name] = typeof actual === 'string' ? actual : actual === undefined ? '(none)' : shown(actual);
  }
  return values;
}
