// The form's values and what they become: the state of each input (text, as typed), the
// pre-filled example, the input object handed to the client, and the wire names shown beside
// each input. Wire names are the wire module's (@hostapi/spec/wire), as the client sends them:
// nested keys in brackets, list items indexed from 0, or `[]` where the description says so.
import { wireName as joined } from '@hostapi/spec/wire';
import type { Field } from '../model.js';

/** A value input's text; an object's fields; a list's items; a map's [key, value] entries. */
export type FormValue = string | { [name: string]: FormValue } | FormValue[] | [string, FormValue][];
export type FormValues = Record<string, FormValue>;

/** The wire name of a field under `parent` (`params` + `Phone` → `params[Phone]`). */
export const wireName = (parent: string, key: string) => joined(parent ? [parent, key] : [key]);

/** The wire name of item `index` of a list. */
export const itemName = (list: string, field: Extract<Field, { kind: 'list' }>, index: number) =>
  joined([list, field.emptyBrackets ? '' : String(index)]);

/** The form's state for `fields`, pre-filled from an example value (the description's example call). */
export function initialValues(fields: Field[], example: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, initialValue(f, example[f.name])]));
}

export function initialValue(field: Field, example: unknown): FormValue {
  switch (field.kind) {
    case 'value':
      return example === undefined || example === null ? '' : String(example);
    case 'object':
      return initialValues(field.fields, isRecord(example) ? example : {});
    case 'list':
      return Array.isArray(example) ? example.map((item) => initialValue(field.item, item)) : [];
    case 'map':
      return isRecord(example) ? Object.entries(example).map(([key, v]) => [key, initialValue(field.value, v)]) : [];
  }
}

/**
 * The client's input for the form: blank inputs are left out (so are groups left empty),
 * integers and numbers typed as such become numbers, a choice becomes its enumerated value.
 * Text that is not a number stays text, so that a reader can try what the server does with it.
 */
export function toInput(fields: Field[], values: FormValues): Record<string, unknown> {
  const entries = fields.map((f) => [f.name, convert(f, values[f.name])] as const);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

function convert(field: Field, value: FormValue | undefined): unknown {
  if (value === undefined) return undefined;
  switch (field.kind) {
    case 'value': {
      const text = value as string;
      if (text === '') return undefined;
      const choice = field.enum?.find((option) => String(option) === text);
      if (choice !== undefined) return choice;
      if (field.type === 'integer' && /^-?\d+$/.test(text)) return Number(text);
      // An identifier: its digits go out as typed either way; a number where one holds them exactly.
      if (field.type === 'integer|string' && /^\d+$/.test(text) && Number.isSafeInteger(Number(text)))
        return Number(text);
      if (field.type === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
      return text;
    }
    case 'object': {
      const input = toInput(field.fields, value as FormValues);
      return Object.keys(input).length ? input : undefined;
    }
    case 'list': {
      const items = (value as FormValue[])
        .map((item) => convert(field.item, item))
        .filter((item) => item !== undefined);
      return items.length ? items : undefined;
    }
    case 'map': {
      const entries = (value as [string, FormValue][])
        .map(([key, v]) => [key.trim(), convert(field.value, v)] as const)
        .filter(([key, v]) => key !== '' && v !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
  }
}

/**
 * Wire names of required inputs left blank. A nested required field counts only when its group
 * (or list item) is sent at all.
 */
export function missingRequired(fields: Field[], values: FormValues, parent = ''): string[] {
  return fields.flatMap((f) => missingIn(f, values[f.name], wireName(parent, f.name)));
}

function missingIn(field: Field, value: FormValue | undefined, name: string): string[] {
  if (convert(field, value) === undefined) return field.required ? [name] : [];
  if (field.kind === 'object') return missingRequired(field.fields, value as FormValues, name);
  if (field.kind === 'list')
    return (value as FormValue[]).flatMap((item, i) => missingIn(field.item, item, itemName(name, field, i)));
  return [];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
