// The dynamic mode: success answers generated from the description's schemas, valid and plausible
// (docs/modes.md says what the data is like), the same per seed and request. As with `prism mock`,
// `Prefer: code=`, `example=` or `dynamic=false` asks for a described example (that is how failures
// are had), `seed=<s>` another seed.
import { deref } from '@hostapi/spec/document';
import { exampleInput, wireShape } from '@hostapi/spec/fields';
import type { Api, Node, Operation } from '../api.ts';
import type { Answerer, Answer } from '../mode.ts';
import type { Fields } from '../read.ts';
import { exampleAnswer, operationOf, PAGE_FIELDS } from './examples.ts';

export function createDynamic(api: Api, seed: number): Answerer {
  return {
    answer(request) {
      const { prefer } = request;
      const operation = operationOf(request);
      if (prefer.code !== undefined || prefer.example !== undefined || prefer.dynamic === 'false')
        return exampleAnswer(operation, prefer);
      return generateAnswer(api.document, operation, prefer.seed ?? String(seed), request.fields);
    },
  };
}

/** The generated success answer of an operation. */
function generateAnswer(document: Node, operation: Operation, seed: string, fields: Readonly<Fields>): Answer {
  const code = [...operation.responses.keys()].filter((c) => /^2\d\d$/.test(c)).sort()[0] ?? '';
  const response = operation.responses.get(code);
  if (!response) throw new Error(`${operation.id} describes no success to generate`);
  const random = generator(`${seed}\0${operation.id}\0${JSON.stringify(fields)}`);
  const example = response.examples.values().next().value;
  const asked = exampleInput(document, operation.op, operation.method.toLowerCase());
  const schema = response.schema ? deref(document, { $ref: response.schema }) : undefined;
  const body = schema ? new Generator(document, random, fields, asked).value(schema, example, []) : undefined;
  return { status: Number(code), body };
}

// Text formats of the description (its named patterns), generated as real values.
const DAY = 86_400_000;
const FROM = Date.UTC(2015, 0, 1);
const UNTIL = Date.UTC(2026, 11, 31);
type Pattern = (g: Generator, example: unknown) => string;
const PATTERNS = new Map<string, Pattern>([
  [
    '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
    (g) => new Date(g.moment()).toISOString().slice(0, 19).replace('T', ' '),
  ],
  ['^\\d{4}-\\d{2}-\\d{2}$', (g) => new Date(g.moment()).toISOString().slice(0, 10)],
  [
    '^[0-9]+$',
    (g, example) => digits(g, typeof example === 'string' && /^\d+$/.test(example) ? example.length : g.int(1, 5)),
  ],
  ['^[01]$', (g) => g.pick(['0', '1'])],
  ['^-?[0-9]+\\.[0-9]{2}$', (g) => (g.int(0, 50_000) / 100).toFixed(2)],
  ['^-?[0-9]+(\\.[0-9]+)?$', (g) => (g.int(0, 50_000) / 100).toFixed(2)],
]);
const FORMATS = new Map<string, (g: Generator) => string>([
  ['date', (g) => new Date(g.moment()).toISOString().slice(0, 10)],
  ['date-time', (g) => new Date(g.moment()).toISOString().replace(/\.\d+Z$/, 'Z')],
  ['email', (g) => `${g.pick(['ops', 'admin', 'billing', 'hostmaster'])}@example.co.nz`],
  ['ipv4', (g) => `203.0.113.${g.int(1, 254)}`],
  [
    'hostname',
    (g) => `${g.pick(['web', 'db', 'mail', 'cloud'])}${String(g.int(1, 99)).padStart(2, '0')}.example.co.nz`,
  ],
  ['uri', (g) => `https://example.co.nz/${g.int(1, 999)}`],
]);
const WORDS = ['alpha', 'harbour', 'kauri', 'summit', 'tide', 'totara', 'quay', 'ridge'];
const digits = (g: Generator, length: number) => String(g.int(10 ** (length - 1), 10 ** length - 1));

/** Records per page when the request does not ask (`filters[page_size]`), and the most generated. */
const PAGE_SIZE = [2, 5] as const;
const MAX_PAGE = 50;

type Value = unknown;
type Record_ = { [key: string]: Value };

class Generator {
  /** The moment the next date or timestamp comes on or after, within a record. */
  clock = FROM;
  inList = 0;

  readonly document: Node;
  readonly random: () => number;
  /** The request's fields, and the description's example request. */
  readonly fields: Readonly<Fields>;
  readonly exampleFields: Record_;

  constructor(document: Node, random: () => number, fields: Readonly<Fields>, exampleFields: Record_) {
    this.document = document;
    this.random = random;
    this.fields = fields;
    this.exampleFields = exampleFields;
  }

  int(min: number, max: number) {
    return Math.floor(min + this.random() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  /**
   * A moment (ms) for a date or timestamp: within a record, each comes on or after the one
   * before it (`created` before `date_updated`, `joined` before `closed`), within a few years.
   */
  moment() {
    const at = Math.min(UNTIL, this.clock + this.int(0, 3 * 365) * DAY + this.int(0, DAY / 1000 - 1) * 1000);
    this.clock = at;
    return at;
  }

  /** A value for a schema; `example` is the description's example at the same place, if any. */
  value(schema: Node | undefined, example: Value, path: string[]): Value {
    const s = this.flat(schema);
    if ('const' in s) return s.const;
    if (s.enum) return this.pick(s.enum);
    const branches = s.anyOf ?? s.oneOf;
    // The description lists the success branch first (the failure envelope after it).
    if (branches) return this.value(branches[0], example, path);
    const types: string[] = [s.type ?? []].flat();
    if (!types.length) {
      if (s.examples?.length) return this.pick(s.examples);
      if (s.properties || s.additionalProperties) types.push('object');
      else if (s.items) types.push('array');
      else return example ?? null;
    }
    if (types.includes('null') && (s.examples ?? []).includes(null) && this.random() < 0.5) return null;
    const type = types.find((t) => t !== 'null') ?? 'null';
    switch (type) {
      case 'object':
        return this.object(s, example, path);
      case 'array':
        return this.array(s, example, path);
      case 'string':
        return this.string(s, example, path);
      case 'integer':
      case 'number':
        return this.number(s, type, example);
      case 'boolean':
        return this.random() < 0.5;
      default:
        return null;
    }
  }

  /** `$ref`s followed and `allOf` merged into one schema, as the one walk from schema to wire merges them. */
  flat(schema: Node | undefined): Node {
    return wireShape(this.document, schema).schema;
  }

  object(s: Node, example: Value, path: string[]): Record_ {
    const out: Record_ = {};
    const sample = (example && typeof example === 'object' ? example : {}) as Record_;
    const outer = this.clock;
    // Each record starts its own dates, somewhere in the years the description's examples span.
    this.clock = FROM + this.int(0, (UNTIL - FROM) / DAY / 2) * DAY;
    const required = new Set<string>(s.required ?? []);
    for (const [name, property] of Object.entries((s.properties ?? {}) as Node)) {
      const p = this.flat(property);
      if (p.writeOnly) continue;
      if (!required.has(name) && this.random() < 0.5) continue;
      out[name] = this.echo(name, p, sample[name]) ?? this.value(property, sample[name], [...path, name]);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      Object.assign(out, this.map(s, example, path));
    if (PAGE_FIELDS.every((name) => name in out)) this.page(out, s, sample, path);
    this.clock = outer;
    return out;
  }

  /**
   * The request's own value for a field of the same name (`client_id`, `server_name`), where it
   * fits the schema: the answer is about what was asked. In a list, only where the description's
   * example repeats its example request's value (every server of the client, but not the other
   * domains of an availability check).
   */
  echo(name: string, s: Node, example: Value): Value {
    const given = Object.hasOwn(this.fields, name) ? this.fields[name] : undefined;
    if (typeof given !== 'string' || s.enum || 'const' in s) return undefined;
    if (this.inList && (example === undefined || String(example) !== String(this.exampleFields[name])))
      return undefined;
    const types: string[] = [s.type ?? []].flat();
    if (types.includes('string') && (!s.pattern || new RegExp(s.pattern, 'u').test(given))) return given;
    if (types.includes('integer') && /^-?\d+$/.test(given)) return Number(given);
    return undefined;
  }

  /** A map: keys from `propertyNames`, or the example's keys; a record repeats its key where the example does. */
  map(s: Node, example: Value, path: string[]): Record_ {
    const sample = (example && typeof example === 'object' && !Array.isArray(example) ? example : {}) as Record_;
    const exampleKeys = Object.keys(sample);
    const keys = new Set<string>();
    if (s.propertyNames) {
      const wanted = this.int(1, 4);
      for (let i = 0; i < wanted * 3 && keys.size < wanted; i++)
        keys.add(String(this.value(s.propertyNames, undefined, path)));
    } else if (exampleKeys.length) {
      for (const key of exampleKeys) if (keys.size === 0 || this.random() < 0.7) keys.add(key);
    } else {
      for (let i = this.int(1, 3); i > 0; i--) keys.add(`${this.pick(WORDS)}${i}`);
    }
    const out: Record_ = {};
    for (const key of keys) {
      const like = sample[key] ?? sample[exampleKeys[0] ?? ''];
      const value = this.value(s.additionalProperties, like, [...path, key]);
      if (value && typeof value === 'object' && like && typeof like === 'object') {
        for (const [field, v] of Object.entries(like)) if (v === key && field in value) (value as Record_)[field] = key;
      }
      out[key] = value;
    }
    return out;
  }

  array(s: Node, example: Value, path: string[], count?: number): Value[] {
    const min: number = s.minItems ?? 0;
    const max = Math.min(s.maxItems ?? Number.POSITIVE_INFINITY, min + 4);
    const n = count ?? this.int(min, Math.max(min, max));
    const samples = Array.isArray(example) ? example : [];
    this.inList++;
    const list = Array.from({ length: n }, (_, i) =>
      this.value(s.items ?? {}, samples[i % (samples.length || 1)], [...path, String(i)]),
    );
    this.inList--;
    return list;
  }

  /** A page that adds up, for the page and size the request asked. */
  page(out: Record_, s: Node, example: Record_, path: string[]) {
    const filters = (Object.hasOwn(this.fields, 'filters') ? this.fields.filters : {}) as Record_;
    const size = Math.min(Number(filters.page_size) || this.int(...PAGE_SIZE), MAX_PAGE);
    const page = Number(filters.page_number) || 1;
    const pages = Number(filters.page_size) > MAX_PAGE ? page : page + this.int(0, 2);
    const last = this.int(1, size);
    const count = page < pages ? size : last;
    out.data = this.array(this.flat(s.properties.data), example.data, [...path, 'data'], count);
    out.current_items = count;
    out.current_page = page;
    out.total_pages = pages;
    out.total_items = (pages - 1) * size + last;
  }

  string(s: Node, example: Value, path: string[]): string {
    const pattern = s.pattern && PATTERNS.get(s.pattern);
    if (pattern) return pattern(this, example ?? s.examples?.[0]);
    const format = s.format && FORMATS.get(s.format);
    if (format) return format(this);
    const candidates: string[] = (s.examples ?? []).filter((e: unknown) => typeof e === 'string');
    if (!candidates.length && typeof example === 'string') candidates.push(example);
    if (s.pattern) {
      const matching = new RegExp(s.pattern, 'u');
      const valid = candidates.filter((c) => matching.test(c));
      if (!valid.length)
        throw new Error(`Cannot generate ${path.join('.')}: a pattern (${s.pattern}) without a matching example`);
      return this.pick(valid);
    }
    if (candidates.length) return this.pick(candidates);
    const word = this.pick(WORDS);
    return word.padEnd(s.minLength ?? 0, word).slice(0, s.maxLength ?? Number.POSITIVE_INFINITY);
  }

  number(s: Node, type: 'integer' | 'number', example: Value): number {
    const step = type === 'integer' ? 1 : 0.01;
    const lo: number = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : 0);
    const sample = typeof example === 'number' ? example : s.examples?.find((e: unknown) => typeof e === 'number');
    const hi: number =
      s.maximum ??
      (s.exclusiveMaximum !== undefined
        ? s.exclusiveMaximum - step
        : sample !== undefined
          ? Math.max(lo + 1, Math.abs(sample) * 2)
          : lo + 1000);
    if (type === 'integer') return this.int(Math.ceil(lo), Math.floor(hi));
    const places = Math.min(3, String(sample ?? 0.5).split('.')[1]?.length ?? 1);
    return Number((lo + this.random() * (hi - lo)).toFixed(places));
  }
}

/** A seeded random number generator (mulberry32 over a string hash), [0, 1). */
function generator(text: string): () => number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
