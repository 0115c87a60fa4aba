// What a command line gives an operation: each flag's text checked against its leaf's schema,
// `@file` and `-` read, and the values put together as the client takes them (nested objects,
// lists as arrays), `-d` fields merged over them as named on the wire.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import type { Node } from '@hostapi/spec/document';
import { asLists } from '@hostapi/spec/fields';
import { isKeyName, nameProblem, nest, segmentsOf, setOwn } from '@hostapi/spec/wire';
import { type Flag, isSlot, type OperationCommand } from './operations.js';

/** A command line that cannot be run as given; exit code 2. The message names the flag. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Standard input, read at most once (by one `-` value, or by `hostapi login`). */
let stdinTaken: string | undefined;

/**
 * A value as typed, or read: `@path` reads the file (`~` is the home folder; one final line break
 * is dropped, as the shell's `$(cat path)` drops it), `@@text` is `@text` itself, `-` reads
 * standard input. Throws an Error saying why a file cannot be read.
 */
export function readValue(text: string, flag: string): string {
  if (text === '-') {
    if (stdinTaken) throw new Error(`standard input is already read by ${stdinTaken}`);
    stdinTaken = flag;
    return readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  }
  if (text.startsWith('@@')) return text.slice(1);
  if (!text.startsWith('@')) return text;
  const path = text.slice(1).replace(/^~(?=\/|$)/, () => homedir());
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** What is wrong with `text` as a value of `schema`: its type, enumeration, pattern and bounds; or undefined. */
export function valueProblem(schema: Node, text: string): string | undefined {
  const types = [schema.type].flat();
  if (Array.isArray(schema.enum) && !schema.enum.map(String).includes(text))
    return `expected one of ${schema.enum.join(', ')}`;
  if (types.includes('integer') && !/^-?\d+$/.test(text)) return 'expected a whole number';
  if (types.includes('number') && (text.trim() === '' || !Number.isFinite(Number(text)))) return 'expected a number';
  if (typeof schema.minimum === 'number' && Number(text) < schema.minimum) return `expected ${schema.minimum} or more`;
  if (typeof schema.maximum === 'number' && Number(text) > schema.maximum) return `expected ${schema.maximum} or less`;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(text))
    return `expected text matching ${schema.pattern}`;
  return undefined;
}

/** A flag's value, read and checked: a map's `key=value` as `[key, value]`. Throws an Error saying why not. */
export function flagValue(flag: Flag, text: string): string | [string, string] {
  const equals = text.indexOf('=');
  if (flag.kind === 'map' && equals < 1)
    throw new Error(`expected key=value (${flag.wire}), got ${JSON.stringify(text)}`);
  const key = flag.kind === 'map' ? text.slice(0, equals) : undefined;
  const value = readValue(key === undefined ? text : text.slice(equals + 1), `--${flag.name}`);
  const problem = valueProblem(flag.schema, value);
  if (problem) throw new Error(`${key === undefined ? '' : `${key}: `}${problem}, got ${JSON.stringify(value)}`);
  return key === undefined ? value : [key, value];
}

/** One `-d name=value`, read: the name as sent, the value as typed or read. */
export function dataField(text: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals < 1) throw new Error(`expected name=value, as sent on the wire, got ${JSON.stringify(text)}`);
  const name = text.slice(0, equals);
  const problem = nameProblem(name);
  if (problem) throw new Error(`${name}: ${problem}`);
  if (isKeyName(name)) throw new Error(`${name}: the key is sent from HOSTAPI_KEY or a profile, never from a flag`);
  return [name, readValue(text.slice(equals + 1), '-d')];
}

/** Sets `value` at `path` in `target`, making arrays for number segments and objects for others. */
function setPath(target: Record<string, unknown>, path: readonly (string | number)[], value: unknown) {
  let node: any = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) return setOwn(node, String(key), value);
    if (node[key] === undefined) setOwn(node, String(key), typeof path[i + 1] === 'number' ? [] : {});
    node = node[key];
  });
}

/** `source` merged into `target`: objects and arrays entry by entry, any other value replacing. */
function merge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const key of Object.keys(source)) {
    const [a, b] = [target[key], source[key]];
    if (a && b && typeof a === 'object' && typeof b === 'object') merge(a as never, b as never);
    else setOwn(target, key, b);
  }
}

/**
 * The operation's input: each flag's value at its path (a list's n-th value its item n, a map's
 * key in its slot), then the `-d` fields merged over them. Throws a UsageError for a required
 * field given by neither, or for `-d` names that conflict.
 */
export function inputOf(
  command: OperationCommand,
  values: ReadonlyMap<Flag, unknown>,
  data: readonly [string, string][],
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [flag, value] of values) {
    if (value === undefined) continue;
    const withSlot = (slot: string | number) => flag.segments.map((s) => (isSlot(s) ? slot : (s as string)));
    if (flag.kind === 'list') (value as string[]).forEach((item, i) => setPath(input, withSlot(i), item));
    else if (flag.kind === 'map')
      for (const [key, item] of value as [string, string][]) setPath(input, withSlot(key), item);
    else setPath(input, flag.segments as string[], value);
  }
  const { value: given, conflicts } = nest(data.map(([name, value]) => ({ segments: segmentsOf(name), value })));
  if (conflicts.length) throw new UsageError(`-d: ${conflicts.join(', ')} given twice, or as a value and as a group`);
  merge(input, asLists(command.request, given) as Record<string, unknown>);
  const missing = command.flags.filter((flag) => flag.required && !has(input, flag.segments as string[]));
  if (missing.length) {
    const named = missing.map((flag) => `--${flag.name}`).join(', ');
    throw new UsageError(`${command.group} ${command.name}: missing ${named} (required)`);
  }
  return input;
}

function has(input: Record<string, unknown>, path: string[]): boolean {
  let node: unknown = input;
  for (const key of path) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== undefined;
}
