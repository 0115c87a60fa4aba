// The installed package as TypeScript sees it, through TypeScript's own API: a strict consumer
// and every code block of the README type-check under NodeNext and bundler resolution, wrong
// calls are refused, the emitted .d.ts carries the description's doc comments, and the language
// service shows them on hover as an editor would.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deref, operationRoute, operationsOf, readBundle, type Node } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';

const { dir } = inject('consumer');
const doc = readBundle();
const OPERATIONS = operationsOf(doc);
const INSTALLED = join(dir, 'node_modules/@hostapi/client');

/** As strict as a demanding consumer compiles, the package's own .d.ts included. */
const STRICT: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  skipLibCheck: false,
  noEmit: true,
  // Each file is a module (README blocks without an import included).
  moduleDetection: ts.ModuleDetectionKind.Force,
};
const RESOLUTIONS: Record<string, ts.CompilerOptions> = {
  NodeNext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
};

/** Writes the files into the consumer project and returns tsc's diagnostics of them, as text. */
function typecheck(files: Record<string, string>, resolution: string, extra: ts.CompilerOptions = {}): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => join(dir, name)),
    { ...STRICT, ...RESOLUTIONS[resolution], ...extra },
  );
  return ts.getPreEmitDiagnostics(program).map(describeDiagnostic);
}

function describeDiagnostic(d: ts.Diagnostic): string {
  const where = d.file
    ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start!).line + 1}`
    : '';
  return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
}

const CONSUMER = `import {
  ApiError, createHostApiClient, PaginationError, RateLimitError, ValidationError,
  type CallOptions, type components, type ListServersInput, type Switch,
} from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';
import type { Schemas } from '@hostapi/types';

type Server = components['schemas']['Server'];
const api = createHostApiClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' });
const paths = createPathClient({ apiKey: 'k' });

export async function everything(signal: AbortSignal): Promise<string[]> {
  const input: ListServersInput = { client_id: 293, filters: { state: 'On', page_size: 50 } };
  const page = await api.servers.list(input);
  const names: string[] = page.data.map((server) => server.name);
  const first: Server | undefined = page.data[0];
  const same: Schemas['Server'] | undefined = first;
  const accounts = await api.accounts.listSubAccounts({ client_id: 293, filters: { include_closed: true } });
  const balances: string[] = accounts.data.map((account) => account.account_balance);
  for await (const server of api.servers.listAll({ client_id: 293 })) names.push(server.name);
  const yes: Switch = true;
  const { job_id } = await api.domains.create({
    client_id: 1, domain: 'x.nz', term: 12, registrant_contact: 1, params: { protect: yes, RegisterExpired: 0 },
  });
  // Identifiers as the answers give them (strings of digits), taken back as they are.
  const added = await api.sshKeys.add({ client_id: 293, label: 'laptop', content: 'ssh-ed25519 AAAA laptop' });
  const key = await api.sshKeys.get({ client_id: 293, key_id: added.key_id });
  const [template] = await api.dns.listTemplates({ client_id: key.client_id });
  if (template) await api.dns.listDomainsUsingTemplate({ client_id: 293, template_id: template.template_id });
  const contact = await api.domains.updateContact({ client_id: 293, contact_id: key.id });
  await api.domains.create({
    client_id: contact.ClientID, domain: 'y.nz', term: 12, registrant_contact: contact.ContactID,
    params: { AdminContact: contact.ContactID },
  });
  const options: CallOptions = { headers: { Prefer: 'example=empty' }, timeoutMs: 1_000, retries: { max: 1 }, signal };
  await api.dns.listIps({ client_id: 1 }, options);
  const { data, response } = await paths.GET('/1.3/server/list_servers.json', {
    params: { query: { client_id: 293 } }, timeoutMs: 1_000, signal,
  });
  if (data && 'return' in data) names.push(...data.return.data.map((server) => server.name), response.url);
  await paths.POST('/1.2/ssh/key/add.json', {
    body: { client_id: 1, label: 'l', content: 'ssh-ed25519 A', params: { custom_image_access: false } },
    multipart: true,
  });
  try {
    await api.domains.cancel({ client_id: 293, domain: 'x.nz' });
  } catch (error) {
    if (error instanceof ValidationError) names.push(...error.problems.map((problem) => problem.field));
    else if (error instanceof RateLimitError) names.push(error.serviceMessage);
    else if (error instanceof ApiError) names.push(error.serviceMessage, String(error.code));
    else if (error instanceof PaginationError) names.push(String(error.askedPage));
  }
  return [...names, ...balances, job_id, same?.server_id ?? ''];
}
`;

/** The same package from CommonJS, as NodeNext resolves a .cts file to index.d.cts and paths.d.cts. */
const CJS_CONSUMER = `import client = require('@hostapi/client');
import pathClient = require('@hostapi/client/paths');

const api = client.createHostApiClient({ apiKey: 'k' });
const paths = pathClient.createPathClient({ apiKey: 'k' });
export const names = async (): Promise<string[]> =>
  (await api.servers.list({ client_id: 1 })).data.map((server) => server.name);
export const ips = async () =>
  (await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 1 } } })).data;
`;

/** Each line after a `// @ts-expect-error <what>` must be refused; `<what>` says why. */
const REFUSED = `import { createHostApiClient } from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';

const api = createHostApiClient({ apiKey: 'k' });
const paths = createPathClient({ apiKey: 'k' });

export function refused(): void {
  // @ts-expect-error misspelled: lists
  void api.servers.lists({ client_id: 1 });
  // @ts-expect-error misspelled: server
  void api.server.list({ client_id: 1 });
  // @ts-expect-error misspelled: client_idd
  void api.servers.list({ client_idd: 1 });
  // @ts-expect-error misspelled: stat
  void api.servers.list({ client_id: 1, filters: { stat: 'On' } });
  // @ts-expect-error misspelled: Protect
  void api.domains.create({ client_id: 1, domain: 'x.nz', term: 12, registrant_contact: 1, params: { Protect: 1 } });
  // @ts-expect-error misspelled: timeout
  void api.servers.list({ client_id: 1 }, { timeout: 5 });
  // @ts-expect-error misspelled: baseURL
  createHostApiClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:4010' });
  // @ts-expect-error misspelled: list_server
  void paths.GET('/1.3/server/list_server.json', {});
  // @ts-expect-error misspelled: clientId
  void paths.GET('/1.5/dns/list_ips.json', { params: { query: { clientId: 1 } } });
  // @ts-expect-error wrong type: client_id is a number or a string of digits
  void api.dns.listIps({ client_id: true });
  // @ts-expect-error wrong type: state is On, Off or Other
  void api.servers.list({ client_id: 1, filters: { state: 'Running' } });
  // @ts-expect-error wrong type: a yes/no is boolean, 0 or 1
  void api.domains.create({ client_id: 1, domain: 'x.nz', term: 12, registrant_contact: 1, params: { protect: '1' } });
  // @ts-expect-error wrong type: include_users is a yes/no
  void api.sshKeys.get({ client_id: 1, key_id: 41, include_users: 'yes' });
  // @ts-expect-error wrong type: timeoutMs is a number
  void api.servers.list({ client_id: 1 }, { timeoutMs: '5s' });
  // @ts-expect-error wrong type: retries is a count or a policy
  void paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 1 } }, retries: 'twice' });
  // @ts-expect-error wrong type: the body of cancel_domain has a domain
  void paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 1, domain: 7 } });
  // @ts-expect-error missing: term is required
  void api.domains.create({ client_id: 1, domain: 'x.nz', registrant_contact: 1 });
  // @ts-expect-error missing: apiKey is required
  createHostApiClient({});
}
`;

/** The TypeScript blocks of the README and of the pages in docs/, as installed. */
const README_BLOCKS = ['README.md', ...readdirSync(join(INSTALLED, 'docs')).map((page) => `docs/${page}`)].flatMap(
  (page) => [...readFileSync(join(INSTALLED, page), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!),
);

/** Every file checked together under one resolution: a consumer, the README blocks, the refused calls. */
function filesFor(resolution: string): Record<string, string> {
  const files: Record<string, string> = {
    [`consumer-${resolution}.ts`]: CONSUMER,
    [`refused-${resolution}.ts`]: REFUSED,
    // README blocks have no preamble: each imports and declares what it uses, as pasted
    // (packages/readme-tests runs them in a project of their own).
  };
  if (resolution === 'NodeNext') files['consumer-cjs.cts'] = CJS_CONSUMER;
  README_BLOCKS.forEach((block, i) => (files[`readme-${resolution}-${i + 1}.ts`] = block));
  return files;
}
const checked = new Map<string, string[]>();
/** The diagnostics of one program of all the files (one check of the libraries for all). */
const diagnosticsOf = (resolution: string) =>
  checked.get(resolution) ?? checked.set(resolution, typecheck(filesFor(resolution), resolution)).get(resolution)!;

describe.each(Object.keys(RESOLUTIONS))('moduleResolution %s, strict', (resolution) => {
  it('a consumer using both clients, their options, errors and pages type-checks, with the package .d.ts', () => {
    expect(diagnosticsOf(resolution).filter((d) => !/^(readme|refused)-/.test(d))).toEqual([]);
  }, 180_000);

  it('every code block of the README type-checks as written', () => {
    expect(README_BLOCKS.length).toBeGreaterThanOrEqual(8);
    expect(diagnosticsOf(resolution).filter((d) => d.startsWith('readme-'))).toEqual([]);
  }, 180_000);

  it('misspelled names and wrong types are refused, each where it is written', () => {
    const file = `refused-${resolution}.ts`;
    expect(diagnosticsOf(resolution).filter((d) => d.startsWith('refused-'))).toEqual([]);
    // Without the directives: one error on each line they stood over, and none elsewhere.
    const lines = REFUSED.split('\n');
    const expected = lines.flatMap((line, i) => {
      const what = /\/\/ @ts-expect-error (misspelled|wrong type|missing): (\S+)/.exec(line);
      return what ? [{ line: i + 2, kind: what[1]!, name: what[2]! }] : [];
    });
    expect(expected).toHaveLength(REFUSED.split('@ts-expect-error').length - 1);
    const bare = lines.map((line) => (line.includes('@ts-expect-error') ? '' : line)).join('\n');
    const errors = typecheck({ [file]: bare }, resolution, { skipLibCheck: true });
    expect(new Set(errors.map((e) => Number(/:(\d+) /.exec(e)?.[1])))).toEqual(new Set(expected.map((e) => e.line)));
    for (const { line, kind, name } of expected) {
      const message = errors.filter((e) => e.startsWith(`${file}:${line} `)).join('\n');
      if (kind === 'misspelled') expect(message, `line ${line}`).toContain(name);
      if (kind === 'wrong type') expect(message, `line ${line}`).toMatch(/TS2322|TS2345|TS2769/);
      if (kind === 'missing') expect(message, `line ${line}`).toContain(`'${name}'`);
    }
  }, 180_000);
});

// --- Doc comments ---------------------------------------------------------------------------

const docsUrl = (tag: string, id: string) => doc.externalDocs.url.replace(/\/$/, '') + '/' + operationRoute(tag, id);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the generated docs must say of a field: its description, or its schema's. */
const meaningOf = (node: Node, schema: Node) =>
  node.description ?? schema.description ?? deref(doc, schema).description;

/**
 * [field path, meaning] of every field an operation takes, nested ones included; a map keyed by
 * the caller (`upgrade.disk`) is one field.
 */
function fieldsOf(op: Node, method: string): [string[], string][] {
  const walk = (schema: Node, keys: string[]): [string[], string][] => {
    const s = deref(doc, schema);
    const items = s.type === 'array' ? deref(doc, s.items) : s;
    return Object.entries((items.properties ?? {}) as Record<string, Node>).flatMap(([key, value]) => [
      [[...keys, key], meaningOf(value, value)] as [string[], string],
      ...walk(value, [...keys, key]),
    ]);
  };
  if (method === 'get') {
    return (op.parameters as Node[])
      .map((p) => deref(doc, p))
      .flatMap((p: Node) => [[[p.name], meaningOf(p, p.schema)] as [string[], string], ...walk(p.schema, [p.name])]);
  }
  return walk(deref(doc, op.requestBody).content['application/x-www-form-urlencoded'].schema, []).filter(
    ([keys]) => keys[0] !== 'apikey',
  );
}

const inputName = (id: string) => `${id[0]!.toUpperCase()}${id.slice(1)}Input`;

// The declarations of both entry points, and of the types they share (a file of its own).
describe.each(['.d.ts', '.d.cts'])('the emitted dist/*%s', (extension) => {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const file of readdirSync(join(INSTALLED, 'dist')).filter((name) => name.endsWith(extension))) {
    const text = readFileSync(join(INSTALLED, 'dist', file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const node of source.statements) if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  }
  /** The text of a declaration's doc comment, as written in the file (without `/**`, `*` and `*\/`). */
  const jsDoc = (node: ts.Node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((d) =>
        d
          .getText()
          .replace(/^\/\*\*|\*\/$/g, '')
          .replace(/^\s*\* ?/gm, ''),
      )
      .join('\n');
  const member = (members: ts.NodeArray<ts.TypeElement>, name: string) =>
    members.find((m) => m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) && m.name.text === name);

  it.each(OPERATIONS.map(({ path, method, op }) => [op.operationId as string, { path, method, op }] as const))(
    '%s: the method carries summary, description, method and path, and the docs link',
    (_id, { path, method, op }) => {
      const [group, name] = (op['x-client-method'] as string).split('.') as [string, string];
      const client = interfaces.get('HostApiClient')!;
      const area = member(client.members, group) as ts.PropertySignature;
      const signature = member((area.type as ts.TypeLiteralNode).members, name)!;
      const text = oneLine(jsDoc(signature));
      expect(text).toContain(oneLine(`${op.summary}.`));
      expect(text).toContain(oneLine(op.description));
      expect(text).toContain(`\`${method.toUpperCase()} ${path}\``);
      expect(text).toContain(`@see ${docsUrl(op.tags[0], op.operationId)}`);
    },
  );

  it.each(OPERATIONS.map(({ method, op }) => [op.operationId as string, { method, op }] as const))(
    '%s: every parameter and nested field carries its meaning',
    (id, { method, op }) => {
      const fields = fieldsOf(op, method);
      expect(fields.length).toBeGreaterThan(0);
      for (const [keys, meaning] of fields) {
        let members = interfaces.get(inputName(id))!.members;
        let field: ts.TypeElement | undefined;
        for (const key of keys) {
          field = member(members, key);
          expect(field, keys.join('.')).toBeDefined();
          let type = (field as ts.PropertySignature).type!;
          while (ts.isArrayTypeNode(type) || ts.isParenthesizedTypeNode(type))
            type = ts.isArrayTypeNode(type) ? type.elementType : type.type;
          if (ts.isTypeLiteralNode(type)) members = type.members;
        }
        expect(oneLine(jsDoc(field!)), `${id} ${keys.join('.')}`).toContain(oneLine(meaning));
      }
    },
  );
});

describe('on hover, in a consumer file (TypeScript language service)', () => {
  const file = join(dir, 'hover.ts');
  const calls = OPERATIONS.map(({ path, method, op }) => ({
    op,
    method,
    path,
    line: `void api.${op['x-client-method']}(${JSON.stringify(exampleInput(doc, op, method))});`,
  }));
  const text = [
    "import { createHostApiClient } from '@hostapi/client';",
    "const api = createHostApiClient({ apiKey: 'k' });",
    ...calls.map((c) => c.line),
    '',
  ].join('\n');
  writeFileSync(file, text);
  const options = { ...STRICT, ...RESOLUTIONS.NodeNext };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) =>
      ts.sys.fileExists(name) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(name)!) : undefined,
    getCurrentDirectory: () => dir,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  /** What an editor shows on hover at the first `needle` after `from`. */
  const hover = (needle: string, from: number) => {
    const info = service.getQuickInfoAtPosition(file, text.indexOf(needle, from) + 1);
    const tags = (info?.tags ?? []).map((t) => `@${t.name} ${ts.displayPartsToString(t.text)}`);
    return oneLine(
      [ts.displayPartsToString(info?.displayParts), ts.displayPartsToString(info?.documentation), ...tags].join('\n'),
    );
  };

  it.each(calls.map((c) => [c.op.operationId as string, c] as const))(
    '%s: the method and each field of its call',
    (_id, { op, method, path, line }) => {
      const at = text.indexOf(line);
      const name = (op['x-client-method'] as string).split('.')[1]!;
      const shown = hover(`.${name}(`, at);
      expect(shown).toContain(oneLine(op.summary));
      expect(shown).toContain(oneLine(op.description));
      expect(shown).toContain(`\`${method.toUpperCase()} ${path}\``);
      expect(shown).toContain(`@see ${docsUrl(op.tags[0], op.operationId)}`);
      const fields = new Map(fieldsOf(op, method).map(([keys, meaning]) => [keys.join('.'), meaning]));
      const visit = (value: unknown, keys: string[]) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
        // The keys of a map (`upgrade.disk.xvda1`) are the caller's, not fields of the description.
        if (keys.length && ![...fields.keys()].some((path) => path.startsWith(`${keys.join('.')}.`))) return;
        for (const [key, inner] of Object.entries(value)) {
          const meaning = fields.get([...keys, key].join('.'));
          expect(meaning, [...keys, key].join('.')).toBeDefined();
          expect(hover(`"${key}":`, at), `${op.operationId} ${[...keys, key].join('.')}`).toContain(oneLine(meaning!));
          visit(inner, [...keys, key]);
        }
      };
      visit(JSON.parse(line.slice(line.indexOf('(') + 1, -2)), []);
    },
  );
});
