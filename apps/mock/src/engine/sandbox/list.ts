// What list operations share: `filters[sort_by]`/`filters[sort_dir]` on any returned field, and
// `filters[page_size]`/`filters[page_number]`.
import type { Node } from '../api.ts';

/**
 * The records sorted by `sort_by` (numeric strings by value, null first), `sort_dir` ASC (the
 * default) or DESC; stable. Without `sort_by`, or for a field no record has, the fixture's order.
 */
export function sorted<T extends Node>(records: readonly T[], filters: Node): readonly T[] {
  const field = filters.sort_by;
  if (!field || !records.some((record) => record[field] !== undefined)) return records;
  const sign = filters.sort_dir === 'DESC' ? -1 : 1;
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => sign * compare(a.record[field], b.record[field]) || a.index - b.index)
    .map(({ record }) => record);
}

const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (NUMBER.test(String(a)) && NUMBER.test(String(b))) return Number(a) - Number(b);
  const [x, y] = [a, b].map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))) as [string, string];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * One page of the records, as the paged wrapper of `list_servers` and `list_sub_accounts`.
 * Without `page_size`, every record on page 1. A page past the end is empty; an empty list is
 * one empty page (the description's Pagination), so that `current_page < total_pages` ends.
 */
export function page<T>(records: readonly T[], filters: Node) {
  const pageSize = filters.page_size === undefined ? Math.max(records.length, 1) : Number(filters.page_size);
  const current = filters.page_number === undefined ? 1 : Number(filters.page_number);
  const data = records.slice((current - 1) * pageSize, current * pageSize);
  return {
    total_items: records.length,
    current_items: data.length,
    current_page: current,
    total_pages: Math.max(1, Math.ceil(records.length / pageSize)),
    data,
  };
}

/** Whether `text` contains `part`, ignoring case: the lists' partial `name` match. */
export const contains = (text: unknown, part: unknown) =>
  String(text).toLowerCase().includes(String(part).toLowerCase());
