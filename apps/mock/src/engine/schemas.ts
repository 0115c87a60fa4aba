// JSON Schema validation against the description, with ajv (the validator Prism uses too), set
// up once for the whole mock: requests, answers and the sandbox's fixture. Each schema is
// compiled once, on first use, and its errors are written as Prism writes them, so that suites
// written against `prism mock` read the same messages.
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import { deref } from '@hostapi/spec/document';
import { pointerSegments } from '@hostapi/spec/wire';
import type { Node } from './api.ts';
import type { Note } from './problems.ts';

/** The id under which ajv knows the description: `{ $ref: 'openapi#/components/schemas/Server' }`. */
const ID = 'openapi';

/** A schema that points into the description, from a pointer (`#/components/...`). */
export const ref = (at: string) => ({ $ref: `${ID}${at}` });

export interface Schemas {
  /** A validator of request values, coercing text to the schema's types (the reader compiles each once). */
  request(schema: object): ValidateFunction;
  /** Whether a value is valid against the schema at a pointer (answers): stops at the first error. */
  accepts(at: string): ValidateFunction;
  /** A validator of the schema at a pointer that lists every error (answers found invalid). */
  response(at: string): ValidateFunction;
  /** The branches of an `anyOf`/`oneOf` at a pointer, each compiled, or []. */
  branches(at: string): ValidateFunction[];
  /** A validator of any schema that may point into the description (the sandbox's fixture). */
  compile(schema: object): ValidateFunction;
}

/**
 * The validators over one parsed description. Requests are coerced (query and form values are
 * text on the wire); answers are not.
 */
export async function createSchemas(document: Node): Promise<Schemas> {
  // ajv-formats only for a description that uses `format` (this one does not): it is slow to load.
  const addFormats = usesFormats(document) ? await loadFormats() : undefined;
  const make = (options: Options) => {
    const ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      allowUnionTypes: true,
      validateSchema: false,
      ...options,
    });
    addFormats?.(ajv);
    ajv.addSchema(document, ID);
    return ajv;
  };
  const coercing = make({ coerceTypes: true });
  // Every answer is checked, and nearly every one is valid: a yes or no, as fast as ajv answers it
  // (the first error ends it; named schemas inlined); only an answer found invalid is given to the
  // validator that names every error.
  const fast = make({ allErrors: false });
  // Answers' schemas are large: each named schema compiled once and shared, not inlined.
  const exact = make({ inlineRefs: false });
  const once = (compiled: Map<string, ValidateFunction>, ajv: Ajv2020, at: string) => {
    let validate = compiled.get(at);
    if (!validate) compiled.set(at, (validate = ajv.compile(ref(at))));
    return validate;
  };
  const accepted = new Map<string, ValidateFunction>();
  const described = new Map<string, ValidateFunction>();
  const response = (at: string) => once(described, exact, at);
  return {
    request: (schema) => coercing.compile(schema),
    accepts: (at) => once(accepted, fast, at),
    response,
    branches(at) {
      const node = deref(document, { $ref: at });
      const keyword = node.anyOf ? 'anyOf' : node.oneOf ? 'oneOf' : undefined;
      return keyword ? (node[keyword] as unknown[]).map((_, i) => response(`${at}/${keyword}/${i}`)) : [];
    },
    compile: (schema) => exact.compile(schema),
  };
}

type AddFormats = (ajv: Ajv2020) => unknown;
async function loadFormats(): Promise<AddFormats> {
  const module = (await import('ajv-formats')) as unknown as { default: AddFormats | { default: AddFormats } };
  return typeof module.default === 'function' ? module.default : module.default.default;
}

/**
 * ajv's errors as validation entries: `{ location: [where, ...path], severity, code, message }`,
 * worded as Prism words them (`Request query parameter client_id must be integer`).
 */
export function describeErrors(
  errors: ErrorObject[] | null | undefined,
  { context, where }: { context: 'Request' | 'Response'; where: string },
): Note[] {
  const seen = new Set<string>();
  const entries: Note[] = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const path = pointerSegments(error.instancePath);
    const kind = path.length ? (where === 'body' ? 'property ' : 'parameter ') : '';
    const params = error.params as { allowedValues?: unknown[]; additionalProperty?: string };
    const allowed = params.allowedValues ? `: ${params.allowedValues.join(', ')}` : '';
    const found = params.additionalProperty !== undefined ? `; found '${params.additionalProperty}'` : '';
    const at = path.length ? `${kind}${path.join('.')} ` : '';
    const message = `${context} ${where} ${at}${error.message}${allowed}${found}`;
    // As Prism: the object a property is missing from, the message naming the property.
    const location = [where, ...path];
    const key = `${location.join('\0')}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ location, severity: 'Error', code: error.keyword, message });
  }
  return entries;
}

/** Whether any schema of the document has a `format`. */
function usesFormats(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (typeof (node as Node).format === 'string') return true;
  return Object.values(node).some(usesFormats);
}
