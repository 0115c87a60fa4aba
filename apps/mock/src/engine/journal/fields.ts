// Fields as the journal's filters and expectations name them: by wire name (`label`,
// `params[Phone][Country]`, `containers[0]`), looked up in what the mock read of a request (its
// fields nested as the bracketed names say; or, for a request it could not read, as sent).
import { INDEX_SLOT, KEY_SLOT, leavesOf, requestFields, type Slot } from '@hostapi/spec/fields';
import { isIndex, isKeyName, nameProblem, segmentsOf, toPairs } from '@hostapi/spec/wire';
import type { Api } from '../api.ts';
import { quoted } from '../departures.ts';

/** The value at a wire name: a leaf as text, a group as an object or list, undefined where none was sent. */
export function valueAt(fields: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(fields, name)) return fields[name];
  let at: unknown = fields;
  for (const segment of segmentsOf(name)) {
    if (!at || typeof at !== 'object' || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/**
 * Expected fields as `[wire name, text]`: by wire name (`{'params[Phone][Country]': 64}`) or
 * nested (`{params: {Phone: {Country: 64}}}`), a list's items indexed, `true` as `1`, as the
 * client sends them. Throws a TypeError naming a value that cannot be sent.
 */
export const wantedPairs = (fields: Readonly<Record<string, unknown>>) => toPairs(fields as object);

/** Whether a value read is the text expected. */
export const sameValue = (actual: unknown, text: string) => typeof actual === 'string' && actual === text;

/**
 * Why `name` names no field of the operation (or, without one, of any operation), or undefined
 * when it does: a leaf of the description's fields, each list index and map key as sent.
 */
export function createFieldNames(api: Api) {
  const leaves = new Map<string, (readonly (string | Slot)[])[]>();
  const leavesOfOperation = (id: string) => {
    let found = leaves.get(id);
    if (!found) {
      const operation = api.byId.get(id);
      const fields = operation
        ? requestFields(api.document, { method: operation.method === 'GET' ? 'get' : 'post', op: operation.op })
        : [];
      found = fields.flatMap((field) => leavesOf(field).map((leaf) => leaf.segments));
      leaves.set(id, found);
    }
    return found;
  };
  const fits = (segments: string[], leaf: readonly (string | Slot)[]) =>
    segments.length === leaf.length &&
    leaf.every((part, i) => {
      const segment = segments[i] as string;
      if (part === INDEX_SLOT) return isIndex(segment);
      if (part === KEY_SLOT) return segment !== '';
      return part === segment || (part === '' && isIndex(segment));
    });

  return (given: string, operation: string | undefined): string | undefined => {
    const name = quoted(given);
    const malformed = nameProblem(given);
    if (malformed) return `"${name}" is not a field name: ${malformed}`;
    if (isKeyName(given)) return 'the key is never kept in the journal: give it as apikey, whose requests to read';
    const segments = segmentsOf(given);
    const ids = operation === undefined ? [...api.byId.keys()] : [operation];
    if (ids.some((id) => leavesOfOperation(id).some((leaf) => fits(segments, leaf)))) return undefined;
    return operation === undefined
      ? `no operation has a field "${name}"`
      : `${operation} has no field "${name}" (its fields are listed in the API's docs)`;
  };
}

export type FieldNames = ReturnType<typeof createFieldNames>;
