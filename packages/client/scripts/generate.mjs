// Writes, from the bundled description:
// - src/generated/operations.ts: the tables the runtime needs (method, path, form field order,
//   client method names, pagination, rate-limit text, default server);
// - src/generated/api.ts: the types a caller sees, with the description's words as doc comments
//   (what an editor shows on hover): one input type per operation, and the HostApiClient
//   interface (summary, description, method and path, and the docs' deep link of every method);
// - src/generated/paths.ts: the paths of the typed path client (@hostapi/client/paths).
// Run with `pnpm generate`; never edit the output by hand.
//
// The input types are written here rather than taken from @hostapi/types (openapi-typescript):
// they differ from the wire types (no `apikey`, which the client adds; every yes/no input is a
// Switch, `boolean | 0 | 1`), every field carries its meaning even where the description gives
// it on a referenced schema, and plain object types keep a consumer's type-check cheap. What each
// field is on the wire (its name, whether it is required, a value, an object, a list or a map)
// is @hostapi/spec/fields' answer, the one walk every face reads; this file only writes it out.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  deref as derefIn,
  operationRoute,
  operationsOf,
  propertiesOf,
  readBundle,
  tagRoute,
} from '@hostapi/spec/document';
import { formShapeOf, INDEX_SLOT, KEY_SLOT, requestFields, shownName, wireShape } from '@hostapi/spec/fields';

export { readBundle };
export const OUTPUTS = {
  operations: fileURLToPath(new URL('../src/generated/operations.ts', import.meta.url)),
  api: fileURLToPath(new URL('../src/generated/api.ts', import.meta.url)),
  paths: fileURLToPath(new URL('../src/generated/paths.ts', import.meta.url)),
};

const HEADER = `// Generated from the bundled OpenAPI description by scripts/generate.mjs. Do not edit.
/* eslint-disable */
`;
/** The description's yes/no input; every `$ref` to it becomes the client's `Switch`. */
const SWITCH = '#/components/schemas/Switch';

/** The description being read; set by render(). */
let doc;

const deref = (node) => derefIn(doc, node);

const properties = (schema) => propertiesOf(doc, schema);

function isPaged(op) {
  const schema = deref(op.responses['200']).content['application/json'].schema;
  return (schema.anyOf ?? [schema]).some((member) => {
    const ret = properties(member).return;
    return ret && (deref(ret).allOf ?? []).some((m) => m.$ref === '#/components/schemas/PagedList');
  });
}

const formSchema = (op) => deref(op.requestBody)?.content['application/x-www-form-urlencoded'].schema;

/** Text as it reads in a regular expression. */
const escapeRegExp = (text) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** `listServers` → `ListServersInput`. */
const inputName = (operationId) => `${operationId[0].toUpperCase()}${operationId.slice(1)}Input`;

// --- Doc comments ------------------------------------------------------------------------------

/** Words wrapped to lines of at most `width` characters. */
function wrap(text, width = 96) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A `/** … *\/` block from paragraphs (wrapped) and tag lines (kept whole), at `indent`. */
function docComment(paragraphs, tags, indent) {
  const body = [];
  for (const paragraph of paragraphs.filter(Boolean)) {
    if (body.length) body.push('');
    body.push(...wrap(paragraph));
  }
  if (tags.length && body.length) body.push('');
  body.push(...tags);
  const safe = body.map((line) => line.replace(/\*\//g, '*\\/'));
  if (safe.length === 1) return `${indent}/** ${safe[0]} */\n`;
  const lines = safe.map((line) => (line ? `${indent} * ${line}` : `${indent} *`));
  return `${indent}/**\n${lines.join('\n')}\n${indent} */\n`;
}

/**
 * What a field means (its own description, or its schema's), where it goes on the wire when
 * nested (`segments`, shown as `params[Phone][Country]`, `containers[<n>]`), and its default and
 * first example.
 */
function fieldDoc({ description, shape }, segments, indent) {
  const name = shownName(segments);
  if (!description) throw new Error(`${name}: the description says nothing about this field; describe it in spec/`);
  const isSwitch = shape.given.$ref === SWITCH;
  const sentAs = segments.length > 1 && !description.includes(name) ? ` Sent as \`${name}\`.` : '';
  const orBoolean = isSwitch ? ' `true` and `false` are sent as `1` and `0`.' : '';
  const tags = [];
  const { schema } = shape;
  if (schema.default !== undefined) tags.push(`@default ${JSON.stringify(schema.default)}`);
  let example = schema.example ?? schema.examples?.[0];
  // An indexed list's example is keyed by index in the description; callers give a list.
  if (shape.kind === 'list' && shape.keyed && example && typeof example === 'object') example = Object.values(example);
  if (example !== undefined && !isSwitch) tags.push(`@example ${JSON.stringify(example)}`);
  return docComment([description + orBoolean + sentAs], tags, indent);
}

// --- Input types -------------------------------------------------------------------------------

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The TypeScript type of a field's shape (@hostapi/spec/fields), objects inlined with a doc comment on every field. */
function inputType(shape, segments, indent) {
  if (shape.given.$ref === SWITCH) return 'Switch';
  const name = shownName(segments);
  const s = shape.schema;
  if (s.oneOf || s.anyOf) throw new Error(`${name}: composed input schemas are not supported by scripts/generate.mjs`);
  const nullable = [].concat(s.type ?? []).includes('null') ? ' | null' : '';
  switch (shape.kind) {
    case 'list': {
      // Indexed (`containers[0]`, also where the description writes an object keyed by the
      // index) or with empty brackets: callers give a list either way.
      const item = inputType(shape.item, [...segments, shape.brackets === 'empty' ? '' : INDEX_SLOT], indent);
      return (/^[\w"]+$/.test(item) || item.startsWith('{') ? `${item}[]` : `(${item})[]`) + nullable;
    }
    case 'map':
      return objectType([], shape.value, segments, indent) + nullable;
    case 'object':
      return objectType(shape.fields, shape.additional, segments, indent) + nullable;
  }
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = [].concat(s.type ?? []);
  if (!types.length) throw new Error(`${name}: an input without a type`);
  const unknown = types.find((type) => !Object.hasOwn(SCALARS, type));
  if (unknown) throw new Error(`${name}: unknown type ${unknown}`);
  return types.map((type) => SCALARS[type]).join(' | ');
}

/** A value's JSON Schema type, as TypeScript writes it. */
const SCALARS = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean', null: 'null' };

/** An object type: every field documented, `[key: string]` for the names chosen by the caller. */
function objectType(fields, additional, segments, indent) {
  const inner = `${indent}  `;
  let text = '';
  for (const field of fields) {
    const wire = [...segments, field.name];
    text += fieldDoc(field, wire, inner);
    text += `${inner}${key(field.name)}${field.required ? '' : '?'}: ${inputType(field.shape, wire, inner)};\n`;
  }
  if (additional && additional !== true) {
    text += `${inner}[key: string]: ${inputType(additional, [...segments, KEY_SLOT], inner)};\n`;
  }
  return text ? `{\n${text}${indent}}` : 'Record<string, never>';
}

/** The input interface of an operation: its request fields (a GET's query, a POST's form) without `apikey`. */
function inputInterface(op, method, path) {
  const name = inputName(op.operationId);
  const what = method === 'get' ? 'query' : 'form fields';
  const wire = `${method.toUpperCase()} ${path}`;
  const intro = docComment(
    [`What \`${op['x-client-method']}\` takes: the ${what} of \`${wire}\`, without \`apikey\` (the client adds it).`],
    [],
    '',
  );
  const fields = requestFields(doc, { method, op }).filter((field) => field.name !== 'apikey');
  const body = objectType(fields, undefined, [], '');
  return body === 'Record<string, never>'
    ? `${intro}export type ${name} = Record<string, never>;\n`
    : `${intro}export interface ${name} ${body}\n`;
}

// --- The client's interface --------------------------------------------------------------------

function render(bundle) {
  doc = bundle;
  const docsUrl = doc.externalDocs?.url;
  if (!docsUrl) throw new Error('the description has no externalDocs.url: the doc comments link to the docs there');
  const link = (route) => `${docsUrl.replace(/\/$/, '')}/${route}`;

  const operations = {};
  const rateLimitMessages = new Set();
  const inputs = [];
  const groups = {};
  const pathsType = {};

  for (const { path, method, op } of operationsOf(doc)) {
    const id = op.operationId;
    const [group, name] = op['x-client-method'].split('.');
    const entry = { method: method.toUpperCase(), path, call: op['x-client-method'] };
    if (method === 'post') entry.form = formShapeOf(wireShape(doc, formSchema(op)));
    operations[id] = entry;
    for (const example of Object.values(deref(op.responses['500']).content['application/json'].examples ?? {})) {
      rateLimitMessages.add(deref(example).value.msg);
    }

    inputs.push(inputInterface(op, method, path));
    const tag = op.tags[0];
    const members = (groups[group] ??= { tag, text: '' });
    const wire = `\`${method.toUpperCase()} ${path}\` (operation \`${id}\`)`;
    const see = `@see ${link(operationRoute(tag, id))}`;
    const input = inputName(id);
    members.text += docComment([`${op.summary}.`, op.description, wire], [see], '    ');
    members.text += `    ${name}: Operation<'${id}'>;\n`;
    if (isPaged(op)) {
      const pagedName = name.replace(/^list/, 'listAll');
      entry.callAll = `${group}.${pagedName}`;
      const walk =
        `Every record of every page of \`${group}.${name}\` (${op.summary.toLowerCase()}), yielded one at a ` +
        'time, in order: asks for `filters[page_number]` from `filters.page_number` (default 1) up to ' +
        '`total_pages`, one page after another, and never yields a record twice.';
      const failures =
        'Throws a `PaginationError` when the service answers another page than the one asked for (a server ' +
        'that ignores `filters[page_number]`), an `InvalidResponseError` for an answer that is not a page, and ' +
        'the typed error of any page that fails.';
      members.text += docComment([walk, failures, `${wire}, once per page`], [see], '    ');
      members.text += `    ${pagedName}: PagedOperation<'${id}'>;\n`;
    }
    const operationType = method === 'get' ? `PathGet<'${id}', ${input}>` : `PathPost<'${id}', ${input}>`;
    (pathsType[path] ??= []).push([method, operationType]);
  }

  const json = (value) => JSON.stringify(value, null, 2);
  const openings = [...new Set([...rateLimitMessages].map((m) => escapeRegExp(m.split('.')[0])))];
  const operationsText = `${HEADER}
/**
 * Method, path, operation method (\`call\`, and \`callAll\` for the walk over every page of a
 * paged list) and, for POST, the order of form fields (see FormShape) of every operation.
 */
export const OPERATIONS = ${json(operations)} as const;

/** The first server of the description. */
export const DEFAULT_BASE_URL = ${json(doc.servers[0].url)};

/**
 * How the service's rate-limit messages (HTTP 500) begin, in any case: their first sentence, so
 * that a reworded ending still matches.
 */
export const RATE_LIMIT = /^(${openings.join('|')})/i;
`;

  const tagOf = Object.fromEntries((doc.tags ?? []).map((t) => [t.name, t]));
  const groupText = Object.entries(groups)
    .map(
      ([group, { tag, text }]) =>
        docComment([tagOf[tag]?.description ?? tag], [`@see ${link(tagRoute(tag))}`], '  ') +
        `  readonly ${group}: {\n${text}  };\n`,
    )
    .join('');
  const intro =
    'The operation client (createHostApiClient): one method per operation, grouped by area. Each resolves to ' +
    `the answer's \`return\` or throws a typed HostApiError. ${doc.info.title}, version ${doc.info.version}.`;
  const apiText = `${HEADER}import type { Operation, PagedOperation, Switch } from '../types.js';

${inputs.join('\n')}
/** The input type of every operation, by operationId. */
export interface OperationInputs {
${operationsOf(doc)
  .map(({ op }) => `  ${op.operationId}: ${inputName(op.operationId)};`)
  .join('\n')}
}

/**
 * ${wrap(intro).join('\n * ')}
 * @see ${docsUrl}
 */
export interface HostApiClient {
${groupText}}
`;
  // Each path as the description's, its methods' inputs the client's.
  const pathLines = Object.entries(pathsType).map(([path, ops]) => {
    const methods = ops.map(([method]) => `'${method}'`).join(' | ');
    const members = ops.map(([method, type]) => `${method}: ${type}`).join('; ');
    return `  ${JSON.stringify(path)}: Omit<paths[${JSON.stringify(path)}], ${methods}> & { ${members} };`;
  });
  const pathsText = `${HEADER}import type { paths } from '@hostapi/types';
import type { PathGet, PathPost } from '../paths.js';
import type {
${operationsOf(doc)
  .map(({ op }) => `  ${inputName(op.operationId)},`)
  .join('\n')}
} from './api.js';

/** The description's paths as the typed path client (createPathClient) takes them: inputs as in api.ts. */
export interface ClientPaths {
${pathLines.join('\n')}
}
`;
  return { operations: operationsText, api: apiText, paths: pathsText };
}

export { render };

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = render(readBundle());
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(OUTPUTS[name], text);
    console.log(`wrote ${OUTPUTS[name]}`);
  }
}
