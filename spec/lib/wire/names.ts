// Field names on the wire: bracketed names, their segments and patterns, and JSON pointers.

/** The keys of a list the service reads by index (`containers[0]`), as a JSON Schema pattern. */
export const INDEX_PATTERN = '^(0|[1-9][0-9]*)$';
// Pure: a bundle that does not use it (the client's) leaves it out.
const INDEX = /* @__PURE__ */ new RegExp(INDEX_PATTERN);

/** Whether a bracket segment is a list index: `0`, `1`, … (no sign, no leading zero). */
export const isIndex = (segment: string): boolean => INDEX.test(segment);

/** Any key of a map keyed by the caller (`upgrade[disk][xvda1]`), as a JSON Schema pattern. */
export const KEY_PATTERN = '^[^[\\]]+$';

/** A segment of a name pattern: literal text, or any segment a pattern matches (INDEX_PATTERN, KEY_PATTERN). */
export type PatternSegment = string | { readonly pattern: string };

/**
 * The names `segments` stand for, as a JSON Schema pattern (a `patternProperties` key):
 * `['containers', { pattern: INDEX_PATTERN }]` → `^containers\[(0|[1-9][0-9]*)\]$`. A segment's
 * pattern is used without its anchors, so it must be one group or class (as both patterns here are).
 */
export function namePattern(segments: readonly PatternSegment[]): string {
  const parts = segments.map((s) =>
    typeof s === 'string' ? s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : s.pattern.slice(1, -1),
  );
  return `^${parts.map((part, i) => (i === 0 ? part : `\\[${part}\\]`)).join('')}$`;
}

// JSON pointers (RFC 6901), as `$ref`s into the description: `#/components/schemas/Server`.

/** A JSON pointer of `#/` and the segments, each escaped (`~` → `~0`, `/` → `~1`). */
export const pointer = (...segments: readonly (string | number)[]): string =>
  `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** The segments of a JSON pointer (`#/a~1b/c` → `['a/b', 'c']`). */
export const pointerSegments = (ref: string): string[] =>
  ref
    .replace(/^#?\//, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

// Field names.

/**
 * Most bracket levels a name may have. The description's deepest field has three
 * (`params[databases][0][name]`); a limit keeps every walk over a request's fields shallow.
 */
export const MAX_DEPTH = 16;

/** Balanced, non-empty brackets after a name; only the last pair may be empty (`name[]`). */
const WELL_FORMED = /^[^[\]]+(\[[^[\]]+\])*(\[\])?$/;

/** Why a field name cannot be read (malformed, or nested deeper than MAX_DEPTH), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name && !name.includes('[') && !name.includes(']')) return undefined;
  if (!WELL_FORMED.test(name)) return 'brackets must be balanced and non-empty, except a final []';
  // Counted, not split: every bracketed name of every request the mock reads comes here.
  let depth = 0;
  for (let open = name.indexOf('['); open >= 0; open = name.indexOf('[', open + 1)) depth++;
  if (depth > MAX_DEPTH) return `it is nested ${depth} levels deep; at most ${MAX_DEPTH} are read`;
  return undefined;
}

/** `params[Phone][Country]` → `['params', 'Phone', 'Country']`; `list[]` → `['list', '']`. */
export function segmentsOf(name: string): string[] {
  let open = name.indexOf('[');
  if (open < 0) return [name];
  const segments = [name.slice(0, open)];
  // By indexOf, not a regex: servers split every name of every request (a regex's matchAll copies it each time).
  while (open >= 0) {
    const close = name.indexOf(']', open);
    if (close < 0) break;
    segments.push(name.slice(open + 1, close));
    open = name.indexOf('[', close);
  }
  return segments;
}

/** `['params', 'Phone', 'Country']` → `params[Phone][Country]`. */
export const wireName = (segments: readonly string[]): string =>
  segments.map((s, i) => (i === 0 ? s : `[${s}]`)).join('');

/** The first segment of a bracketed name: `params[Phone]` → `params`. */
export function topName(name: string): string {
  const open = name.indexOf('[');
  return open < 0 ? name : name.slice(0, open);
}
