// What a result looks like: a table of its records on a terminal (for lists), JSON when piped or
// asked for, or YAML; `--fields` keeps some fields of each record, `--query` filters with
// JMESPath. `--all` streams every record of every page as it comes.
import { fieldShape, type WireShape } from '@hostapi/spec/fields';
import { maskKeyIn } from '@hostapi/spec/wire';
import type { OperationCommand } from './operations.js';
import type { Io } from './terminal.js';
import { UsageError } from './input.js';

export const FORMATS = ['table', 'json', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

export interface OutputOptions {
  output?: Format | undefined;
  fields?: string[] | undefined;
  query?: string | undefined;
}

type Row = Record<string, unknown>;

/** Where a result's records are: a list, a page's `data`, or a map of records keyed by name. */
function recordsIn(shape: WireShape, result: object): Row[] | undefined {
  if (Array.isArray(result)) return shape.kind === 'list' ? (result as Row[]) : undefined;
  if (shape.kind === 'map' && shape.value.kind === 'object' && shape.value.fields.length)
    return Object.values(result as Record<string, Row>);
  if (shape.kind === 'object' && fieldShape(shape, 'data')?.kind === 'list') {
    const data = (result as { data?: unknown }).data;
    return Array.isArray(data) ? data : undefined;
  }
  return undefined;
}

/** The records of a result, by the first of its shapes that finds them. */
const recordsOf = (shapes: readonly WireShape[], result: unknown): Row[] | undefined =>
  result && typeof result === 'object' ? shapes.map((shape) => recordsIn(shape, result)).find(Boolean) : undefined;

/** The scalar fields of a record as the description names them: the table's candidate columns. */
function columnsOf(shapes: readonly WireShape[]): string[] {
  for (const shape of shapes) {
    const item =
      shape.kind === 'list'
        ? shape.item
        : shape.kind === 'map'
          ? shape.value
          : shape.kind === 'object'
            ? fieldShape(shape, 'data')
            : undefined;
    const record = item?.kind === 'list' ? item.item : item;
    if (record?.kind === 'object') return record.fields.filter((f) => f.shape.kind === 'value').map((f) => f.name);
  }
  return [];
}

/** The libraries of `--query` and `--output yaml`, loaded only for a command that uses them (start-up). */
const lib: {
  search?: typeof import('@jmespath-community/jmespath').search;
  dump?: typeof import('js-yaml').dump;
} = {};

/** Checks the output options before anything is sent, and loads what they need; throws a UsageError naming the flag. */
export async function prepareOutput(options: OutputOptions): Promise<void> {
  if (options.output === 'yaml') lib.dump ??= (await import('js-yaml')).dump;
  if (!options.query) return;
  lib.search ??= (await import('@jmespath-community/jmespath')).search;
  try {
    lib.search({}, options.query);
  } catch (error) {
    throw new UsageError(`--query: ${(error as Error).message}`);
  }
}

const pick = (row: Row, fields: string[]) => Object.fromEntries(fields.map((f) => [f, row?.[f]]));

/** `--fields` naming a field neither the description nor these records have is a usage error. */
function checkFields(command: OperationCommand, rows: unknown[], fields: string[]): void {
  const known = new Set([...columnsOf(command.results), ...rows.flatMap((r) => Object.keys(r ?? {}))]);
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length)
    throw new UsageError(`--fields: no field ${unknown.join(', ')}; the fields: ${[...known].join(', ')}`);
}

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : (typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(/\s+/g, ' ');

const WIDEST = 40;
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

/** A table's columns and their widths, chosen from the first rows: given fields, or those that fit. */
function layout(rows: Row[], candidates: string[], given: string[] | undefined, width: number) {
  const seen = [...new Set([...candidates, ...rows.flatMap((row) => Object.keys(row ?? {}))])];
  const scalar = seen.filter((f) => rows.every((row) => typeof row?.[f] !== 'object' || row[f] === null));
  // A column with one value on every row (the account's client_id) says nothing: left out.
  const varying = rows.length > 1 ? scalar.filter((f) => new Set(rows.map((r) => cell(r?.[f]))).size > 1) : scalar;
  const columns: { name: string; width: number }[] = [];
  let used = 0;
  for (const name of given ?? varying) {
    const widest = Math.max(name.length, ...rows.map((row) => cell(row?.[name]).length));
    const w = given ? widest : Math.min(widest, WIDEST);
    if (!given && used + w > width) continue;
    columns.push({ name, width: w });
    used += w + 2;
  }
  return columns;
}

/** Writes records as a table: the header, then each row (streamed rows keep the first rows' widths). */
function tableWriter(io: Io, candidates: string[], given: string[] | undefined) {
  let columns: { name: string; width: number }[] | undefined;
  const line = (cells: string[]) =>
    cells
      .map((text, i) => clip(text, columns![i]!.width).padEnd(columns![i]!.width))
      .join('  ')
      .trimEnd();
  return (rows: Row[]) => {
    if (!columns) {
      columns = layout(rows, candidates, given, io.columns);
      io.out(`${io.paint('bold', line(columns.map((c) => c.name.toUpperCase())))}\n`);
    }
    for (const row of rows) io.out(`${line(columns.map((c) => cell(row?.[c.name])))}\n`);
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2) ?? 'null'}\n`;
const yamlOf = (value: unknown) => lib.dump!(value, { lineWidth: -1, noRefs: true });
const serialized = (format: Format, value: unknown) => (format === 'yaml' ? yamlOf(value) : json(value));
const rowsOf = (value: unknown) => (Array.isArray(value) ? value : [value]) as Row[];

/** The format: as asked, else a table for records on a terminal, else JSON. */
const formatOf = (options: OutputOptions, records: boolean, io: Io): Format =>
  options.output ?? (records && io.isTerminal && !options.query ? 'table' : 'json');

/** Prints one result. */
export function printResult(command: OperationCommand, answer: unknown, options: OutputOptions, io: Io): void {
  const { fields, query } = options;
  // Masked as a value first: text the service echoes (a multipart part, say) is masked as it was sent.
  let result = maskKeyIn(answer, io.keys);
  let records = recordsOf(command.results, result);
  if (fields) {
    checkFields(command, records ?? [result], fields);
    if (records) {
      records = records.map((row) => pick(row, fields));
      if (Array.isArray(result)) result = records;
      else if (Array.isArray((result as { data?: unknown }).data)) result = { ...(result as Row), data: records };
      else result = Object.fromEntries(Object.keys(result as Row).map((key, i) => [key, records![i]]));
    } else result = pick(result as Row, fields);
  }
  if (query) result = lib.search!(result as never, query);
  const format = formatOf(options, Boolean(records), io);
  if (format !== 'table') {
    io.out(serialized(format, result));
    return;
  }
  tableWriter(io, columnsOf(command.results), fields)(query ? rowsOf(result) : (records ?? [result as Row]));
  const page = result as { current_page?: number; total_pages?: number; total_items?: number };
  if (!query && typeof page.total_pages === 'number' && page.total_pages > 1)
    io.err(`Page ${page.current_page} of ${page.total_pages} (${page.total_items} in all): --all prints every page.\n`);
}

/** How many records a table waits for before choosing its columns, when streaming. */
const FIRST_ROWS = 50;

/** Prints every record of a walk over every page, as the records come (collected for `--query`). */
export async function printAll(
  command: OperationCommand,
  records: AsyncIterable<unknown>,
  options: OutputOptions,
  io: Io,
): Promise<void> {
  const { fields, query } = options;
  let checked = !fields;
  const shape = (row: unknown) => {
    if (!checked) checkFields(command, [row], fields!);
    checked = true;
    return maskKeyIn(fields ? pick(row as Row, fields) : row, io.keys);
  };
  const format = formatOf(options, true, io);
  if (query) {
    const all: unknown[] = [];
    for await (const record of records) all.push(shape(record));
    const result = lib.search!(all as never, query);
    if (format === 'table') tableWriter(io, [], fields)(rowsOf(result));
    else io.out(serialized(format, result));
    return;
  }
  if (format === 'table') {
    const write = tableWriter(io, columnsOf(command.results), fields);
    let first: Row[] | undefined = [];
    for await (const record of records) {
      const row = shape(record) as Row;
      if (!first) write([row]);
      else if (first.push(row) >= FIRST_ROWS) {
        write(first);
        first = undefined;
      }
    }
    if (first) write(first);
    return;
  }
  // One JSON list (or YAML sequence), written record by record.
  let count = 0;
  for await (const record of records) {
    const row = shape(record);
    if (format === 'yaml') io.out(yamlOf([row]));
    else io.out(`${count ? ',' : '['}\n${json(row).trimEnd().replace(/^/gm, '  ')}`);
    count++;
  }
  io.out(!count ? '[]\n' : format === 'json' ? '\n]\n' : '');
}
