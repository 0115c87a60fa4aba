// Every way a request departs from the description. The live service is lenient, so by default
// the mock is too: each departure is accepted and named (a warning); with `strict`, refused.
//
//   fieldInQuery   a POST form field sent in the query string (the service reads both alike)
//   repeatedField  a field given twice with the same value (in one place, or query and body)
//   unknownField   a name the operation does not describe (`filters[stat]`); it is dropped
//   listBrackets   a list item with the other brackets than the description's (`containers[]`
//                  for an indexed list; `[0]` for one it writes `[]`, x-array-brackets: empty)
//   fieldOrder     POST fields out of the description's order (`apikey` first); a GET whose
//                  query does not start with `apikey`
//   (versionSegment, another version segment than the listed one, is the router's: route.ts)
import { type Pair, segmentsOf, topName, wireName } from '@hostapi/spec/wire';
import { PREFERENCE_PARAMETERS } from './prefer.ts';
import { capped, MAX_NOTES, type Note, refusal } from './problems.ts';
import type { Misbracketed, Shape } from './shape.ts';

export type Where = 'query' | 'body';

/** One field of the request: its name, value, the name's segments, and where it was sent. */
export interface Field {
  name: string;
  value: string;
  segments: string[];
  where: Where;
}

/** Longest name or value quoted in a message; longer ones are cut with an ellipsis. */
const QUOTED = 100;
export const quoted = (text: string) => (text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/** The kinds of departure, in the order they are listed. */
const KINDS = ['fieldInQuery', 'repeatedField', 'unknownField', 'listBrackets', 'fieldOrder'] as const;
type DepartureKind = (typeof KINDS)[number];

/**
 * The departures of one request, by kind, each listed once per name. An entry is made only while
 * it can be listed: a request of 100,000 unknown fields makes MAX_NOTES entries and counts the rest.
 */
export class Departures {
  // Made at the first departure: most requests have none.
  #entries: Partial<Record<DepartureKind, Note[]>> | undefined;
  #named: Set<string> | undefined;
  #count = 0;

  add(kind: DepartureKind, name: string, make: () => Note) {
    this.#entries ??= {};
    this.#named ??= new Set();
    const entries = (this.#entries[kind] ??= []);
    if (entries.length >= MAX_NOTES) {
      this.#count++;
      return;
    }
    const key = `${kind} ${name}`;
    if (this.#named.has(key)) return;
    this.#named.add(key);
    this.#count++;
    entries.push(make());
  }

  /** Every kind's entries, in order, capped as one list. */
  list(): Note[] {
    const entries = this.#entries;
    if (!entries) return [];
    const all = KINDS.flatMap((kind) => entries[kind] ?? []);
    return capped(all, undefined, [], this.#count);
  }
}

/** Each field of a POST's query (but the `__code`-style preferences): a form field sent in the query. */
export function fieldsInQuery(query: Pair[], departures: Departures) {
  for (const [name] of query) {
    if (PREFERENCE_PARAMETERS.has(name)) continue;
    departures.add('fieldInQuery', name, () => ({
      location: ['query', quoted(name)],
      code: 'fieldInQuery',
      message: `"${quoted(name)}" is a form field of this operation, sent in the query string`,
    }));
  }
}

/**
 * Adds to `described` each pair whose name the operation describes; a name it does not describe
 * is a departure and dropped here, so that only described fields are nested and validated.
 * Returns how many were dropped.
 */
export function keepDescribed(shape: Shape, pairs: Pair[], where: Where, described: Field[], departures: Departures) {
  let unknown = 0;
  for (const [name, value] of pairs) {
    if (where === 'query' && PREFERENCE_PARAMETERS.has(name)) continue;
    const segments = segmentsOf(name);
    const place = shape.place(segments);
    if (place.undescribed < 0) {
      described.push({ name, value, segments, where });
      if (place.misbracketed) misbracketed(segments, place.misbracketed, where, departures);
      continue;
    }
    unknown++;
    const depth = place.undescribed;
    const unknownName = wireName(segments.slice(0, depth + 1));
    departures.add('unknownField', unknownName, () => ({
      location: [where, ...segments.slice(0, depth + 1).map(quoted)],
      code: 'unknownField',
      message: `"${quoted(unknownName)}" is not a parameter of this operation in the description; it is ignored`,
    }));
  }
  return unknown;
}

/**
 * A list item written with the other brackets than the description's (`containers[]` for an
 * indexed list, `params[the service][0]` for one sent with empty brackets): one departure per list.
 */
function misbracketed(segments: string[], list: Misbracketed, where: Where, departures: Departures) {
  const name = wireName(segments.slice(0, list.at));
  const described = list.brackets === 'empty' ? `${name}[]` : `${name}[0], ${name}[1], …`;
  departures.add('listBrackets', name, () => ({
    location: [where, ...segments.slice(0, list.at).map(quoted)],
    code: 'listBrackets',
    message:
      `"${quoted(wireName(segments.slice(0, list.at + 1)))}": the description writes the items of this list as ` +
      quoted(described),
  }));
}

/**
 * The fields without repeats: a name given again with the same value is a departure and read
 * once; with another value it is an error. `name[]` lists repeat by design.
 */
export function withoutRepeats(fields: Field[], departures: Departures, errors: Note[]): Field[] {
  const first = new Map<string, { field: Field; refused: boolean }>();
  const kept: Field[] = [];
  for (const field of fields) {
    const { name, where } = field;
    if (name.endsWith('[]')) {
      kept.push(field);
      continue;
    }
    const earlier = first.get(name);
    if (!earlier) {
      first.set(name, { field, refused: false });
      kept.push(field);
      continue;
    }
    const places =
      earlier.field.where === where ? `in the ${where}` : `in the ${earlier.field.where} and in the ${where}`;
    if (earlier.field.value === field.value) {
      departures.add('repeatedField', name, () => ({
        location: [where, quoted(name)],
        code: 'repeatedField',
        message: `The ${where} parameter "${quoted(name)}" is given more than once, with the same value (${places})`,
      }));
    } else if (!earlier.refused) {
      earlier.refused = true;
      const message = `The ${where} parameter "${quoted(name)}" is given more than once, with different values`;
      errors.push(refusal([where, quoted(name)], 'repeatedName', `${message} (${places})`));
    }
  }
  return kept;
}

/** A POST's fields out of the description's order (`order`): the first that comes after a later one. */
export function fieldOrder(
  kept: Field[],
  order: ReadonlyMap<string, number>,
  whereOf: (name: string) => Where,
  departures: Departures,
) {
  const late = outOfOrder(kept, order);
  if (!late) return;
  departures.add('fieldOrder', late.field, () => ({
    location: [whereOf(late.field), late.field],
    code: 'fieldOrder',
    message:
      `"${late.field}" comes after "${late.after}"; the description orders the fields ` + [...order.keys()].join(', '),
  }));
}

/** A GET whose query does not start with the key (the service reads it first, as the Go SDK sends it). */
export function keyNotFirst(query: Pair[], keyName: string, departures: Departures) {
  const first = query.find(([name]) => !PREFERENCE_PARAMETERS.has(name))?.[0];
  if (first === undefined || first === keyName || !query.some(([name]) => name === keyName)) return;
  departures.add('fieldOrder', keyName, () => ({
    location: ['query', keyName],
    code: 'fieldOrder',
    message: `"${keyName}" comes after "${quoted(first)}"; the service reads the key first in the query`,
  }));
}

/** The first field that comes after one the description puts later: `{ field, after }`. */
function outOfOrder(fields: Field[], rank: ReadonlyMap<string, number>): { field: string; after: string } | undefined {
  let latest = { field: '', at: -1 };
  for (const { name } of fields) {
    const field = topName(name);
    const at = rank.get(field);
    if (at === undefined) continue;
    if (at < latest.at) return { field, after: latest.field };
    if (at > latest.at) latest = { field, at };
  }
  return undefined;
}
