// The description as the mock reads it: every operation with its route, what its requests may
// carry and where its answers' schemas and examples are. Read once, from the parsed document.
import { deref, operationsOf, responseExamples, type Node } from '@hostapi/spec/document';
import { pointer } from '@hostapi/spec/wire';

export type { Node };

/** A query parameter: its name, and where its schema is (a JSON pointer into the document). */
export interface QueryParameter {
  name: string;
  required: boolean;
  schema: string | undefined;
}

/** A described response: where its JSON schema is, and its named examples. */
export interface Response {
  schema: string | undefined;
  /** Name → value. A Map: a name a request asks for is never one of Object.prototype's. */
  examples: Map<string, unknown>;
  /** Name → the example as JSON text, as the examples mode writes it (written here, once). */
  json: Map<string, string>;
}

export interface Operation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  /** The version segment (`1.3`) and the rest of the path (`server/list_servers.json`). */
  version: string | undefined;
  route: string;
  /** The name of the API key's query parameter (`apikey`), when a scheme asks for one. */
  keyName: string | undefined;
  query: QueryParameter[];
  /** `order`: each top-level field's place in the description's order (read once, for every request). */
  body: { required: boolean; media: Map<string, string>; order: Map<string, number> } | undefined;
  /** Status code (`200`, `default`) → response. */
  responses: Map<string, Response>;
  /** The codes in the order examples are looked for: 2xx first, in numeric order, then the rest. */
  codes: string[];
  /** The parsed operation object, for modes that need more of it. */
  op: Node;
}

export interface Api {
  document: Node;
  operations: Operation[];
  byPath: Map<string, Operation>;
  /** The route without its version segment; null where two versions of it are listed. */
  byRoute: Map<string, Operation | null>;
  byId: Map<string, Operation>;
}

/** `/1.3/server/list_servers.json` → `{ version: '1.3', route: 'server/list_servers.json' }`. */
export function splitVersion(path: string): { version: string | undefined; route: string } {
  const match = /^\/(\d+\.\d+)\/(.+)$/.exec(path);
  return match ? { version: match[1], route: match[2] ?? '' } : { version: undefined, route: path };
}

/** The operations of a parsed description. */
export function readApi(document: Node): Api {
  const operations = operationsOf(document).map(({ path, method, op }) =>
    describeOperation(document, path, method, op),
  );
  const byRoute = new Map<string, Operation | null>();
  // Leniency answers another version segment with the listed one; two versions of one route
  // would make that ambiguous, so such routes are only served under their own segments.
  for (const operation of operations) byRoute.set(operation.route, byRoute.has(operation.route) ? null : operation);
  return {
    document,
    operations,
    byPath: new Map(operations.map((o) => [o.path, o])),
    byRoute,
    byId: new Map(operations.map((o) => [o.id, o])),
  };
}

function describeOperation(document: Node, path: string, method: string, op: Node): Operation {
  const at = pointer('paths', path, method);
  const security: Node[] = op.security ?? document.security ?? [];
  const keyScheme = security
    .flatMap((requirement) => Object.keys(requirement))
    .map((name) => document.components?.securitySchemes?.[name] as Node | undefined)
    .find((scheme) => scheme?.type === 'apiKey' && scheme.in === 'query');

  // The key is checked apart (a missing one is a 401, as a security scheme's), so its entry here
  // only makes `apikey` a known name.
  const query: QueryParameter[] = keyScheme ? [{ name: keyScheme.name, required: false, schema: undefined }] : [];
  ((op.parameters ?? []) as Node[]).forEach((parameter, i) => {
    const resolved = deref(document, parameter);
    if (resolved.in !== 'query') return;
    const base = parameter.$ref ?? `${at}/parameters/${i}`;
    query.push({ name: resolved.name, required: Boolean(resolved.required), schema: `${base}/schema` });
  });

  let body: Operation['body'];
  if (op.requestBody) {
    const requestBody = deref(document, op.requestBody);
    const base: string = op.requestBody.$ref ?? `${at}/requestBody`;
    const content: Node = requestBody.content ?? {};
    const media = new Map(
      Object.keys(content).map((type) => [type, `${base}${pointer('content', type, 'schema').slice(1)}`]),
    );
    const first = deref(document, Object.values(content)[0]?.schema ?? {});
    const order = new Map(Object.keys(first.properties ?? {}).map((name, at) => [name, at]));
    body = { required: Boolean(requestBody.required), media, order };
  }

  const responses = new Map<string, Response>();
  for (const [code, response] of Object.entries((op.responses ?? {}) as Node)) {
    const resolved = deref(document, response);
    const base: string = response.$ref ?? `${at}/responses/${code}`;
    const json = resolved.content?.['application/json'];
    const examples = new Map(Object.entries(responseExamples(document, op, code)));
    responses.set(code, {
      schema: json?.schema ? `${base}/content/application~1json/schema` : undefined,
      examples,
      json: new Map([...examples].map(([name, value]) => [name, JSON.stringify(value)])),
    });
  }

  return {
    id: op.operationId,
    method: method.toUpperCase() as Operation['method'],
    path,
    ...splitVersion(path),
    keyName: keyScheme?.name,
    query,
    body,
    responses,
    codes: [...responses.keys()].sort((a, b) => rank(a) - rank(b)),
    op,
  };
}

/** 2xx first, in numeric order, then the rest. */
const rank = (code: string) => (code.startsWith('2') ? 0 : 1000) + Number(code.replace(/\D/g, '') || 999);
