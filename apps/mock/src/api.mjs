// The description as the mock reads it: every operation with its route, what its requests may
// carry and where its answers' schemas and examples are. Read once at start-up.
import { deref, operationsOf, responseExamples } from '@hostapi/spec/document';
import { DOCUMENT, exists, readText } from './assets.mjs';
import { deepFreeze } from './frozen.mjs';

/** The bundled description this package serves (`@hostapi/spec/openapi.json`). */
export { DOCUMENT };

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** `/1.3/server/list_servers.json` → `{ version: '1.3', route: 'server/list_servers.json' }`. */
export function splitVersion(path) {
  const match = /^\/(\d+\.\d+)\/(.+)$/.exec(path);
  return match ? { version: match[1], route: match[2] } : { version: undefined, route: path };
}

/** A JSON pointer into the document, from its path segments. */
const pointer = (...segments) =>
  `#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * The operations of a description (a file path or the parsed document):
 * `{ document, operations, byPath, byRoute, byId }`.
 */
export function readApi(source = DOCUMENT) {
  if (typeof source === 'string' && !exists(source)) {
    throw new Error(`${source} is missing: build the description first (\`pnpm build\` in the repository)`);
  }
  const document = typeof source === 'string' ? JSON.parse(readText(source)) : source;
  const operations = operationsOf(document).map(({ path, method, op }) =>
    describeOperation(document, path, method, op),
  );
  const byRoute = new Map();
  for (const operation of operations) {
    // Leniency answers another version segment with the listed one; two versions of one route
    // would make that ambiguous, so such routes are only served under their own segments.
    byRoute.set(operation.route, byRoute.has(operation.route) ? null : operation);
  }
  return {
    document,
    operations,
    byPath: new Map(operations.map((o) => [o.path, o])),
    byRoute,
    byId: new Map(operations.map((o) => [o.id, o])),
  };
}

function describeOperation(document, path, method, op) {
  const at = pointer('paths', path, method);
  const security = op.security ?? document.security ?? [];
  const keyScheme = security
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => document.components?.securitySchemes?.[name])
    .find((scheme) => scheme?.type === 'apiKey' && scheme.in === 'query');

  // Query parameters, each with a pointer to its schema; the key of a query key scheme too.
  const query = [];
  // The key is checked apart (a missing one is a 401, as a security scheme's), so its entry here
  // only makes `apikey` a known name.
  if (keyScheme) query.push({ name: keyScheme.name, required: false, schema: undefined });
  (op.parameters ?? []).forEach((parameter, i) => {
    const resolved = deref(document, parameter);
    if (resolved.in !== 'query') return;
    const base = parameter.$ref ?? pointer('paths', path, method, 'parameters', i);
    query.push({ name: resolved.name, required: Boolean(resolved.required), schema: `${base}/schema` });
  });

  let body = null;
  if (op.requestBody) {
    const requestBody = deref(document, op.requestBody);
    const base = op.requestBody.$ref ?? `${at}/requestBody`;
    const media = Object.fromEntries(
      Object.keys(requestBody.content ?? {}).map((type) => [type, `${base}/content/${pointer(type).slice(2)}/schema`]),
    );
    const first = deref(document, Object.values(requestBody.content ?? {})[0]?.schema ?? {});
    body = {
      required: Boolean(requestBody.required),
      media,
      isForm: Object.keys(media).some((t) => FORM_TYPES.includes(t)),
      order: Object.keys(first.properties ?? {}),
    };
  }

  const responses = {};
  for (const [code, response] of Object.entries(op.responses ?? {})) {
    const resolved = deref(document, response);
    const base = response.$ref ?? `${at}/responses/${code}`;
    const json = resolved.content?.['application/json'];
    responses[code] = {
      schema: json?.schema ? `${base}/content/application~1json/schema` : undefined,
      // Copies, frozen: answers share them, and a frozen answer is checked once (pipeline.mjs).
      examples: deepFreeze(structuredClone(responseExamples(document, op, code))),
    };
  }

  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    ...splitVersion(path),
    keyName: keyScheme?.name,
    query,
    body,
    responses,
    /** The parsed operation object, for modes that need more of it. */
    op,
  };
}
