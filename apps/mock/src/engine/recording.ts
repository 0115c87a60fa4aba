// Recorded traffic: what the proxy writes with --record, and the mock answers from with --replay:
// a YAML (or JSON) list a person can read and edit, one `Recorded` item per exchange, the key
// masked and the fields --scrub names written [scrubbed] (docs/recording.md shows the file).
// Loading checks every exchange against the description, naming the entry (and its line) of each problem.
import { load as parseYaml } from 'js-yaml';
import { isKeyName, maskKeyIn, segmentsOf, toPairs } from '@hostapi/spec/wire';
import type { Api, Node } from './api.ts';
import { checkAnswer } from './check.ts';
import type { Exchange } from './journal/journal.ts';
import { createFieldNames } from './journal/fields.ts';
import type { Answer } from './mode.ts';
import type { Schemas } from './schemas.ts';

/** One exchange, as recorded. */
export interface Recorded {
  operation: string;
  fields: Record<string, unknown>;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  text?: string;
  invalid?: string[];
}

/** An exchange loaded: what a request must match, its place (for messages and the journal), the answer it replays. */
export interface Loaded {
  operation: string;
  fields: Record<string, unknown>;
  /** `entry 3 (line 14)`. */
  place: string;
  answer: Answer;
}

export const SCRUBBED = '[scrubbed]';
/** Headers of an answer worth replaying; the others are the connection's or the upstream's own. */
const KEPT_HEADERS = ['content-type', 'retry-after'];
const MAX_PROBLEMS = 20;

export class RecordingError extends Error {
  override name = 'RecordingError';
}

/** The recording of an exchange the proxy relayed (undefined for an answer passed on unchecked, too large). */
export function recordedOf(exchange: Exchange, answer: Answer, scrub: readonly string[]): Recorded | undefined {
  const { reading, operation, notes } = exchange;
  if (!reading || !operation || answer.stream) return undefined;
  const keys = [reading.apiKey];
  const scrubbed = (segments: readonly string[]) =>
    segments.at(-1)?.toLowerCase() === 'password' ||
    scrub.some((name) => {
      const wanted = segmentsOf(name);
      return wanted.length === 1
        ? segments.at(-1) === name || segments[0] === name
        : wanted.every((segment, i) => segments[i] === segment);
    });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers ?? {}))
    if (KEPT_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
  const invalid = notes
    .filter((note) => note.severity === 'Error' && note.location[0] === 'response')
    .map((note) => `${note.location.join('.')}: ${note.message}`);
  const recorded: Recorded = {
    operation: operation.id,
    fields: scrubFields(reading.fields, scrubbed),
    status: answer.status,
    headers,
    ...bodyOf(answer, keys, (name) => scrubbed([name]) && !name.includes('[')),
    ...(invalid.length ? { invalid } : {}),
  };
  return maskKeyIn(recorded, keys);
}

/** The fields with each one scrubbed where `scrubbed` says (by its segments), the key left out. */
function scrubFields(fields: Readonly<Record<string, unknown>>, scrubbed: (segments: string[]) => boolean) {
  const walk = (value: unknown, segments: string[]): unknown => {
    if (scrubbed(segments)) return SCRUBBED;
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...segments, String(i)]));
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, [...segments, name])]));
  };
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields))
    if (!isKeyName(name))
      Object.defineProperty(out, name, { value: walk(value, [name]), enumerable: true, writable: true });
  return out;
}

/**
 * The answer's body: its JSON (the key masked, properties named to scrub, scrubbed), or its text.
 * The mask goes first: it stops at MAX_JSON_DEPTH, where a walk of any depth would run out of stack.
 */
function bodyOf(
  answer: Answer,
  keys: readonly (string | undefined)[],
  scrubbed: (name: string) => boolean,
): Pick<Recorded, 'body' | 'text'> {
  const bytes = answer.decoded ?? answer.raw;
  const text = bytes ? new TextDecoder().decode(bytes) : (answer.json ?? JSON.stringify(answer.body ?? null));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { text };
  }
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, scrubbed(name) ? SCRUBBED : walk(item)]),
    );
  };
  return { body: walk(maskKeyIn(body, keys)) };
}

/** A recording's text (YAML, or JSON when its name says so) read and checked against the description. */
export function loadRecording(
  recording: { source: string; text: string } | Node,
  api: Api,
  schemas: Schemas,
): { source: string; exchanges: Loaded[] } {
  const fromFile = !Array.isArray(recording) && typeof recording.text === 'string';
  const source: string = fromFile ? recording.source : 'the recording given';
  let raw: unknown = recording;
  const lines: number[] = [];
  if (fromFile) {
    const { text } = recording as { text: string };
    try {
      raw = /\.json$/i.test(source) ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      throw new RecordingError(`Invalid recording ${source}: ${(error as Error).message}`);
    }
    // Where each item of a block list starts, for messages (a flow list or JSON has no such lines).
    text.split('\n').forEach((line, i) => /^-( |$)/.test(line) && lines.push(i + 1));
  }
  if (!Array.isArray(raw))
    throw new RecordingError(`Invalid recording ${source}: it must be a list of exchanges (as --record writes it)`);
  const fieldNames = createFieldNames(api);
  const problems: string[] = [];
  const exchanges: Loaded[] = [];
  raw.forEach((item, i) => {
    const place = `entry ${i + 1}${lines.length === raw.length ? ` (line ${lines[i]})` : ''}`;
    const problem = (text: string) => problems.length < MAX_PROBLEMS && problems.push(`${place}: ${text}`);
    const loaded = exchangeOf(item, place, { api, schemas, fieldNames }, problem);
    if (loaded) exchanges.push(loaded);
  });
  if (problems.length)
    throw new RecordingError(`Invalid recording ${source}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { source, exchanges };
}

/** One item checked: its operation, fields, status and body against the description. */
function exchangeOf(
  item: unknown,
  place: string,
  { api, schemas, fieldNames }: { api: Api; schemas: Schemas; fieldNames: ReturnType<typeof createFieldNames> },
  problem: (text: string) => unknown,
): Loaded | undefined {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return void problem('must be an object');
  const { operation: id, fields = {}, status, headers = {}, body, text, invalid, ...rest } = item as Recorded;
  const operation = api.byId.get(String(id));
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    return void problem(
      `"${extra}" is not part of an exchange (operation, fields, status, headers, body, text, invalid)`,
    );
  if (!operation) return void problem(`operation ${JSON.stringify(id)} is not one of the description's`);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return void problem('fields must be an object');
  for (const [name] of toPairs(fields)) {
    const wrong = fieldNames(name, operation.id);
    if (wrong) return void problem(wrong);
  }
  if (!Number.isInteger(status)) return void problem('status must be a whole number');
  if (!headers || typeof headers !== 'object' || Object.values(headers).some((v) => typeof v !== 'string'))
    return void problem('headers must be an object of texts');
  if (body !== undefined && text !== undefined) return void problem('give body (JSON) or text, not both');
  if (text !== undefined && typeof text !== 'string') return void problem('text must be text');
  const bytes = text === undefined ? undefined : new TextEncoder().encode(text);
  const answer: Answer = bytes
    ? { status, headers, raw: bytes, decoded: bytes }
    : { status, headers: { 'content-type': 'application/json', ...headers }, body: body ?? null };
  const first = checkAnswer(schemas, operation, answer).find((note) => note.severity === 'Error');
  if (first && !(Array.isArray(invalid) && invalid.length > 0)) {
    return void problem(
      `the answer breaks the description (${first.location.join('.')}: ${first.message}); ` +
        'mark it with invalid: [...] to replay it anyway',
    );
  }
  return { operation: operation.id, fields, place, answer: { ...answer, example: `recorded ${place}` } };
}
