// The commands, derived from the bundled description when the CLI starts: one per operation,
// grouped and named after its client method (`x-client-method: sshKeys.add` → `hostapi ssh-keys
// add`), each leaf of its request (the one walk: requestFields, leavesOf) a flag.
import { OPERATIONS } from '@hostapi/client';
import { deref, type Node, operationsOf, propertiesOf } from '@hostapi/spec/document';
import {
  exampleInput,
  formShapeOf,
  leavesOf,
  requestFields,
  type Slot,
  shownName,
  type WireObject,
  type WireLeaf,
  type WireShape,
  wireShape,
} from '@hostapi/spec/fields';
import { isIndex, isKeyName, segmentsOf, toPairs } from '@hostapi/spec/wire';

export type Segment = string | Slot;

export interface Flag {
  /** `params-phone-country`: the flag is `--params-phone-country`. */
  readonly name: string;
  /** The name it is sent under, as the docs show it: `upgrade[disk][<key>]`. */
  readonly wire: string;
  readonly segments: readonly Segment[];
  /** `value`; `switch`: yes/no, sent as 1/0; `list`: repeated, an item each; `map`: repeated `key=value`. */
  readonly kind: 'value' | 'switch' | 'list' | 'map';
  readonly required: boolean;
  readonly description: string;
  /** The leaf's schema (its type, enumeration, pattern, bounds). */
  readonly schema: Node;
}

export interface OperationCommand {
  /** `ssh-keys`: the client's group, in kebab case. */
  readonly group: string;
  /** `add`: the client's method, in kebab case. */
  readonly name: string;
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The client's group and method: `['sshKeys', 'add']`. */
  readonly call: readonly [string, string];
  /** The client's walk over every page (`servers.listAll`), for `--all`. */
  readonly callAll: readonly [string, string] | undefined;
  /** `x-destructive`: changes or removes what exists. */
  readonly destructive: boolean;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  /** The request's fields, without the key: as an object, for asLists. */
  readonly request: WireObject;
  readonly flags: readonly Flag[];
  /** Fields with more than one slot (`a[<n>][<key>]`): given with `-d` only. */
  readonly dataOnly: readonly string[];
  /** The example call as a command line (flags only). */
  readonly example: string;
  /** The shapes of what the call resolves to (its `return`, and each of its `oneOf`/`anyOf`), for tables. */
  readonly results: readonly WireShape[];
}

/** `sshKeys` → `ssh-keys`, `PostalAddress2` → `postal-address2`, `the service` → `the-service`. */
export const kebab = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const isSlot = (segment: Segment): boolean => typeof segment !== 'string' || segment === '';
const isSwitch = (schema: Node) =>
  Array.isArray(schema.enum) && schema.enum.length === 2 && schema.enum.every((v: unknown, i: number) => v === i);

/**
 * A leaf's flag: its literal segments joined in kebab case (`params[Phone][Country]` →
 * `params-phone-country`); a GET's object parameter (`filters`, deepObject: each property a query
 * field of its own) is left out of the name (`filters[state]` → `state`). Undefined for a leaf
 * with more than one slot.
 */
function flagOf(leaf: WireLeaf, unwrap: boolean): Flag | undefined {
  const slots = leaf.segments.filter(isSlot);
  if (slots.length > 1) return undefined;
  const literal = leaf.segments.filter((s): s is string => !isSlot(s));
  const slot = slots[0];
  const schema = leaf.shape.schema;
  const isMap = typeof slot === 'object' && slot.slot === 'key';
  return {
    name: (unwrap ? literal.slice(1) : literal).map(kebab).join('-'),
    wire: shownName(leaf.segments),
    segments: leaf.segments,
    kind: slot === undefined ? (isSwitch(schema) ? 'switch' : 'value') : isMap ? 'map' : 'list',
    required: leaf.required,
    description: (leaf.description ?? '').trim(),
    schema,
  };
}

/** The `return` of the operation's success answer, and each of its alternatives (`oneOf`, `anyOf`). */
function resultsOf(doc: Node, op: Node): WireShape[] {
  const answer = deref(doc, deref(doc, op.responses?.['200'])?.content?.['application/json']?.schema);
  const success = [answer, ...(answer.anyOf ?? [])].find((s: Node) => propertiesOf(doc, s).return);
  if (!success) return [];
  const shape = wireShape(doc, propertiesOf(doc, success).return);
  const members: Node[] = [...(shape.schema.oneOf ?? []), ...(shape.schema.anyOf ?? [])];
  return [shape, ...members.map((member) => wireShape(doc, member))];
}

/** The flag a wire name is given by, and what fills its slot (`xvda1`, `0`), if one does. */
export function flagOfWire(flags: readonly Flag[], name: string): { flag: Flag; slot?: string } | undefined {
  const parts = segmentsOf(name);
  for (const flag of flags) {
    if (flag.segments.length !== parts.length) continue;
    let slot: string | undefined;
    const fits = flag.segments.every((s, i) => {
      const part = parts[i] as string;
      if (typeof s === 'string') return s === part;
      slot = part;
      return s.slot === 'key' ? part !== '' : isIndex(part);
    });
    if (fits) return slot === undefined ? { flag } : { flag, slot };
  }
  return undefined;
}

/** A word for the shell as typed: quoted when it holds anything the shell reads. */
export const shellWord = (text: string): string =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Wire fields as flags, as a person types them: a list's items in order by repeating its flag, a
 * map's entries as `key=value`, yes/no as `--x`/`--no-x`; any other field as `-d 'name=value'`.
 */
export function commandLine(flags: readonly Flag[], pairs: readonly (readonly [string, string])[]): string[] {
  const counts = new Map<Flag, number>();
  return pairs.map(([name, value]) => {
    const found = flagOfWire(flags, name);
    const raw = `-d ${shellWord(`${name}=${value}`)}`;
    if (!found) return raw;
    const { flag, slot } = found;
    const count = counts.get(flag) ?? 0;
    counts.set(flag, count + 1);
    if (flag.kind === 'switch') return value === '1' ? `--${flag.name}` : value === '0' ? `--no-${flag.name}` : raw;
    if (flag.kind === 'map') return `--${flag.name} ${shellWord(`${slot}=${value}`)}`;
    // A list's n-th flag is its item n: an item given out of order goes by its wire name.
    if (flag.kind === 'list' && slot !== undefined && slot !== String(count)) return raw;
    return `--${flag.name} ${shellWord(value)}`;
  });
}

/** Every operation of the description as a command. */
export function commandsOf(doc: Node): OperationCommand[] {
  return operationsOf(doc).map(({ path, method, op }) => {
    const [group, call] = String(op['x-client-method']).split('.') as [string, string];
    const fields = requestFields(doc, { method, op }).filter((field) => !isKeyName(field.name));
    const flags: Flag[] = [];
    const dataOnly: string[] = [];
    for (const field of fields) {
      const unwrap = method === 'get' && field.shape.kind === 'object';
      for (const leaf of leavesOf(field)) {
        const flag = flagOf(leaf, unwrap);
        if (!flag) dataOnly.push(shownName(leaf.segments));
        else if (flags.some((other) => other.name === flag.name)) {
          // A new field whose flag another already has fails here, loudly (test/derive.test.ts).
          throw new Error(`${op.operationId}: ${flag.wire} and another field both make --${flag.name}`);
        } else flags.push(flag);
      }
    }
    const form = Object.fromEntries(fields.map((f) => [f.name, formShapeOf(f.shape)]));
    // The client's walk over every page, where it has one.
    const all = (OPERATIONS as Record<string, { callAll?: string }>)[op.operationId]?.callAll?.split('.');
    const name = kebab(call);
    const example = commandLine(flags, toPairs(exampleInput(doc, op, method), form));
    return {
      group: kebab(group),
      name,
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      call: [group, call],
      callAll: all as [string, string] | undefined,
      destructive: op['x-destructive'] === true,
      summary: op.summary,
      description: op.description ?? '',
      tags: op.tags ?? [],
      request: { kind: 'object', schema: {}, given: {}, fields, additional: true },
      flags,
      dataOnly,
      example: [`hostapi ${kebab(group)} ${name}`, ...example].join(' '),
      results: resultsOf(doc, op),
    };
  });
}
