// One operation as Markdown, for AI tools and readers: its method and path, what it does, every
// field it takes under its wire name (@hostapi/spec/fields), its answer's fields, every named
// example, its failures, and the samples the site shows, exactly.
import { readEnvelope } from '@hostapi/client/paths';
import {
  answerFields,
  deref,
  type DocOperation,
  type Node,
  operationRoute,
  sectionRoute,
  tagRoute,
} from '@hostapi/spec/document';
import { leavesOf, requestFields, shownName } from '@hostapi/spec/fields';
import { toPairs, URL_ENCODED } from '@hostapi/spec/wire';
import { markdownFile } from '../../page/ids.ts';
import { clientOperation } from '../samples.ts';
import { cell, code, fence, firstSentence, relative, table, typeText } from './text.ts';

/** A sample as the site shows it (an x-codeSamples entry of the description the docs render). */
export interface ShownSample {
  lang: string;
  label: string;
  source: string;
}

const GET_FIELDS = 'A GET: the fields go in the query string';
const POST_FIELDS =
  'A POST: the fields go in a form, URL-encoded (`application/x-www-form-urlencoded`) or `multipart/form-data`';

/** The languages of the samples, as a fence names them and a heading says them. */
export const SAMPLE_LANGUAGES: Record<string, { fence: string; heading: string }> = {
  curl: { fence: 'sh', heading: 'curl' },
  typescript: { fence: 'ts', heading: '@hostapi/client (TypeScript)' },
  python: { fence: 'python', heading: 'Python (requests)' },
};

/** The file of a route (`#/servers/listservers` → `servers/listservers.md`). */
export const fileOf = (route: string) => markdownFile(route.slice(1));

/** One request field a row: its wire name, type, whether required, description. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The rows of an operation's request: `apikey` first (a GET's from the security scheme), then every leaf. */
export function requestRows(doc: Node, operation: DocOperation): FieldRow[] {
  const rows: FieldRow[] = [];
  if (operation.method === 'get') {
    const scheme = deref(doc, doc.components.securitySchemes.apiKey);
    rows.push({ name: scheme.name, type: 'string', required: true, description: scheme.description });
  }
  for (const field of requestFields(doc, operation))
    for (const leaf of leavesOf(field))
      rows.push({
        name: shownName(leaf.segments),
        type: typeText(doc, leaf.shape.schema),
        required: leaf.required,
        description: leaf.description ?? '',
      });
  return rows;
}

/** A named example of an answer: its status, name, summary and value, and whether the client reads it as a success. */
export interface AnswerExample {
  status: string;
  name: string;
  summary: string;
  value: unknown;
  success: boolean;
}

/** Every named example of the operation's answers, in the description's order of statuses. */
export function answerExamples(doc: Node, op: Node): AnswerExample[] {
  return Object.entries<Node>(op.responses ?? {}).flatMap(([status, response]) =>
    Object.entries<Node>(deref(doc, response).content?.['application/json']?.examples ?? {}).map(([name, given]) => {
      const example = deref(doc, given);
      return {
        status,
        name,
        summary: example.summary ?? '',
        value: example.value,
        success: reads(status, example.value),
      };
    }),
  );
}

/** Whether @hostapi/client reads this answer as a success (as the console's verdict does). */
function reads(status: string, value: unknown): boolean {
  try {
    readEnvelope('', Number(status), JSON.stringify(value), '');
    return true;
  } catch {
    return false;
  }
}

/** The named examples of a POST's form: `[name, summary, value]`. */
export function requestExamples(doc: Node, op: Node): [string, string, Record<string, unknown>][] {
  const examples = deref(doc, op.requestBody)?.content?.[URL_ENCODED]?.examples ?? {};
  return Object.entries<Node>(examples).map(([name, given]) => {
    const example = deref(doc, given);
    return [name, example.summary ?? '', example.value];
  });
}

/**
 * The operation's Markdown, its links relative to the file `at` (`servers/upgradeserver.md`, or
 * `llms-full.txt`, which holds every operation). `samples`: the ones the site shows.
 */
export function operationMarkdown(doc: Node, operation: DocOperation, samples: ShownSample[], at: string): string {
  const { path, method, op } = operation;
  const link = (route: string) => relative(at, fileOf(route));
  const tag: string = op.tags[0];
  const version = path.split('/')[1]!;
  const get = method === 'get';
  const parts = [
    `# ${op.summary}`,
    code(`${method.toUpperCase()} ${path}`),
    op.description,
    [
      `- Area: [${tag}](${link(tagRoute(tag))})`,
      `- Version segment: ${code(version)}, placed after the base URL ` +
        `([Versions per operation](${link(sectionRoute('Versions per operation'))}))`,
      `- With @hostapi/client: ${code(`api.${clientOperation(op.operationId).call}(…)`)}`,
      `- In the docs: [${op.summary}](${relative(at, `index.html${operationRoute(tag, op.operationId)}`)})`,
    ].join('\n'),
    '## Request',
    `${get ? GET_FIELDS : POST_FIELDS}, ` +
      `${code('apikey')} first ([Authentication](${link(sectionRoute('Authentication'))})), then the others ` +
      `in the order below, nested names in brackets ([Requests](${link(sectionRoute('Requests'))})).`,
    requestTable(requestRows(doc, operation)),
    ...requestExamples(doc, op).flatMap(([name, summary, value]) => [
      `### Example request ${code(name)}: ${summary}`,
      `The form fields, in the order sent:`,
      fence(
        toPairs(value, clientOperation(op.operationId).form)
          .map(([field, text]) => `${field}=${text}`)
          .join('\n'),
        'text',
      ),
    ]),
    ...answerParts(doc, op, link),
    '## Samples',
    `Each sample reads its base URL from the environment (${code('BASE_URL')} for curl and Python, ` +
      `${code('HOSTAPI_URL')} for the client) and calls production when it is unset; the client and Python ` +
      `read the API key from ${code('HOSTAPI_KEY')}, curl shows where it goes (${code('YOUR_API_KEY')}).`,
    ...samples.flatMap((sample) => {
      const language = SAMPLE_LANGUAGES[sample.lang] ?? { fence: sample.lang, heading: sample.label };
      return [`### ${language.heading}`, fence(sample.source, language.fence)];
    }),
  ];
  return `${parts.filter(Boolean).join('\n\n')}\n`;
}

function requestTable(rows: FieldRow[]): string {
  const slots = rows.some((row) => row.name.includes('<n>') || row.name.includes('<key>'));
  return [
    table(
      ['Field', 'Type', 'Required', 'Description'],
      rows.map((row) => [code(row.name), cell(row.type), row.required ? 'yes' : 'no', cell(row.description)]),
    ),
    slots
      ? `${code('<n>')}: a list's index, from 0 (${code('[0]')}, ${code('[1]')}, …); ` +
        `${code('<key>')}: a name you choose.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The answer (its fields, its successful examples) and the failures (each failing example). */
function answerParts(doc: Node, op: Node, link: (route: string) => string): string[] {
  const ok = deref(doc, op.responses?.['200']);
  const examples = answerExamples(doc, op);
  const fields = answerFields(doc, op);
  const json = (value: unknown) => fence(JSON.stringify(value, null, 2), 'json');
  const failures = examples.filter((example) => !example.success);
  return [
    '## Answer',
    `HTTP 200, ${code('application/json')}: ${ok?.description ?? ''} ` +
      `The fields of a successful answer ([The envelope](${link(sectionRoute('The envelope'))})):`,
    table(
      ['Field', 'Type', 'Always there', 'Description'],
      fields.map((field) => [
        code(field.name),
        cell(typeText(doc, field.schema)),
        field.required ? 'yes' : 'no',
        cell(field.description),
      ]),
    ),
    ...examples
      .filter((example) => example.success)
      .flatMap((example) => [`### Example ${code(example.name)}: ${example.summary}`, json(example.value)]),
    '## Failures',
    `What @hostapi/client reads as a failure, each a named example of the description ` +
      `([Failures](${link(sectionRoute('Failures'))})):`,
    table(
      ['HTTP status', 'Example', 'What happened', 'msg'],
      failures.map((example) => [
        example.status,
        code(example.name),
        cell(example.summary),
        cell(messageOf(example.value)),
      ]),
    ),
    ...failures.flatMap((example) => [
      `### HTTP ${example.status} ${code(example.name)}: ${example.summary}`,
      json(example.value),
    ]),
  ];
}

const messageOf = (value: unknown) => {
  const msg = (value as { msg?: unknown } | null)?.msg;
  return typeof msg === 'string' ? code(msg) : '';
};

/** The one line llms.txt gives an operation: its method and path, and what it does. */
export const operationLine = ({ path, method, op }: DocOperation) =>
  `${code(`${method.toUpperCase()} ${path}`)}. ${firstSentence(op.description)}`;
