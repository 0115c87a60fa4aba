// Writes src/generated/operations.ts from the bundled description: the tables the runtime
// needs (method, path, form field order, client method names, pagination, rate-limit text).
// Run with `pnpm generate`; never edit the output by hand.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deref as derefIn, operationsOf, propertiesOf, readBundle } from '@hostapi/spec/document';

export { readBundle };
export const OUTPUT = fileURLToPath(new URL('../src/generated/operations.ts', import.meta.url));

/** The description being read; set by render(). */
let doc;

const deref = (node) => derefIn(doc, node);

const properties = (schema) => propertiesOf(doc, schema);

/**
 * The order of form fields, nested like the body: `0` for a value, an object for a group of
 * fields in their order (also the shape of each item of a list), `'[]'` for a list the service
 * reads with empty brackets. Maps keyed by the caller (`upgrade.disk`) are `0`: their keys go
 * out in the caller's order.
 */
function formShape(schema) {
  const s = deref(schema);
  if (s.type === 'array') return s['x-array-brackets'] === 'empty' ? '[]' : formShape(s.items);
  if (s.type === 'object' && s.properties) {
    return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, formShape(v)]));
  }
  return 0;
}

function isPaged(op) {
  const schema = deref(op.responses['200']).content['application/json'].schema;
  return (schema.anyOf ?? [schema]).some((member) => {
    const ret = properties(member).return;
    return ret && (deref(ret).allOf ?? []).some((m) => m.$ref === '#/components/schemas/PagedList');
  });
}

/** The text of src/generated/operations.ts for a bundled description. */
export function render(bundle) {
  doc = bundle;
  const operations = {};
  const methods = {};
  const pagedMethods = {};
  const rateLimitMessages = new Set();

  for (const { path, method, op } of operationsOf(doc)) {
    const [group, name] = op['x-client-method'].split('.');
    const entry = { method: method.toUpperCase(), path };
    if (method === 'post') {
      entry.form = formShape(deref(op.requestBody).content['application/x-www-form-urlencoded'].schema);
    }
    operations[op.operationId] = entry;
    (methods[group] ??= {})[name] = op.operationId;
    if (isPaged(op)) (pagedMethods[group] ??= {})[name.replace(/^list/, 'listAll')] = op.operationId;
    for (const example of Object.values(deref(op.responses['500']).content['application/json'].examples ?? {})) {
      rateLimitMessages.add(deref(example).value.msg);
    }
  }

  const json = (value) => JSON.stringify(value, null, 2);
  return `// Generated from the bundled OpenAPI description by scripts/generate.mjs. Do not edit.
/* eslint-disable */

/** Method, path and, for POST, the order of form fields (see FormShape) of every operation. */
export const OPERATIONS = ${json(operations)} as const;

/** Operation methods, grouped by area: \`api.<group>.<method>\` calls the named operation. */
export const METHODS = ${json(methods)} as const;

/** Async iterators over every record of a paged list: \`api.<group>.<method>\`. */
export const PAGED_METHODS = ${json(pagedMethods)} as const;

/** The first server of the description. */
export const DEFAULT_BASE_URL = ${json(doc.servers[0].url)};

/** What the service answers when a key exceeds its rate limit (HTTP 500). */
export const RATE_LIMIT_MESSAGES = ${json([...rateLimitMessages])} as const;
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, render(readBundle()));
  console.log(`wrote ${OUTPUT}`);
}
