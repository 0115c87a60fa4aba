// JSON Schema validation against the description, with ajv (the validator Prism uses too):
// each schema is compiled once, on first use, and its errors are written as Prism writes them,
// so that suites written against `prism mock` read the same messages.
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';

const ID = 'openapi';

/**
 * Validators over one parsed description. `request` coerces text to the schema's types (query
 * and form values are text on the wire); `response` does not.
 */
export function createSchemas(document) {
  // ajv-formats only for a description that uses `format` (this one does not: it loads in 30 ms).
  const addFormats = usesFormats(document) ? createRequire(import.meta.url)('ajv-formats') : null;
  const make = (options) => {
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
  // Answers' schemas are large: each named schema compiled once and shared, not inlined (a
  // third less to compile before the first answer; checking stays a few µs).
  const exact = make({ inlineRefs: false });
  const compiled = new Map();
  const compile = (ajv, key, schema) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
    return validate;
  };
  return {
    /** A compiled validator of request values (coercing), cached under `key`. */
    request: (key, schema) => compile(coercing, `request ${key}`, schema),
    /** A compiled validator of the schema at a pointer (`#/paths/...`), not coercing. */
    response: (at) => compile(exact, `response ${at}`, ref(at)),
    /** The branches of an `anyOf`/`oneOf` at a pointer, each compiled, or []. */
    branches(at) {
      const node = resolve(document, at);
      const keyword = node.anyOf ? 'anyOf' : node.oneOf ? 'oneOf' : null;
      return keyword
        ? node[keyword].map((_, i) => compile(exact, `response ${at}/${keyword}/${i}`, ref(`${at}/${keyword}/${i}`)))
        : [];
    },
  };
}

/** A schema that points into the description: `{ $ref: 'openapi#/components/...' }`. */
export const ref = (at) => ({ $ref: `${ID}${at}` });

/** The node at a JSON pointer, following `$ref`s on the way and at the end. */
export function resolve(document, at) {
  let node = document;
  const follow = () => {
    while (node && typeof node.$ref === 'string') node = resolve(document, node.$ref);
  };
  for (const part of at.replace(/^#\//, '').split('/').filter(Boolean)) {
    follow();
    node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  follow();
  return node;
}

/**
 * ajv's errors as validation entries: `{ location: [where, ...path], severity, code, message }`,
 * worded as Prism words them (`Request query parameter client_id must be integer`).
 */
export function describeErrors(errors, { context, where, severity = 'Error' }) {
  const seen = new Set();
  const entries = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const path = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const kind = path.length ? (where === 'body' ? 'property ' : 'parameter ') : '';
    const allowed = 'allowedValues' in error.params ? `: ${error.params.allowedValues.join(', ')}` : '';
    const found = 'additionalProperty' in error.params ? `; found '${error.params.additionalProperty}'` : '';
    const message = `${context} ${where} ${kind}${path.join('.')}${path.length ? ' ' : ''}${error.message}${allowed}${found}`;
    // As Prism: the object a property is missing from, the message naming the property.
    const location = [where, ...path];
    const key = `${location.join('\0')}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push({ location, severity, code: error.keyword, message });
  }
  return entries;
}

/** Whether any schema of the document has a `format`. */
function usesFormats(node) {
  if (!node || typeof node !== 'object') return false;
  if (typeof node.format === 'string') return true;
  return Object.values(node).some(usesFormats);
}
