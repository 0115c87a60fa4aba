// Parity with Prism. The mock claims to answer as `prism mock` does (its problem types, titles
// and wording), so that suites written against Prism read the same; this file holds it to that
// with Prism itself as the reference. Prism is started once, as a tester starts it
// (`prism mock <bundle> --errors`, its own CLI, a child process), beside the strict mock of the
// global setup, and both get the same bytes:
//   - every operation, enumerated from the bundle: its example call (GET query; URL-encoded and
//     multipart POST) and every named example picked with `Prefer`;
//   - every request of the bad-request catalogue (bad-requests.ts), and the edge cases below;
//   - CORS: preflights, and what a page on another origin may read.
// They must answer alike, except where the mock departs from Prism on purpose: each such
// departure is in DEPARTURES, with its reason, the requests where it shows, Prism's answer
// there (so that an entry whose difference Prism no longer makes fails) and the mock's.
import { bundlePath, operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { startCommand, type RunningCommand } from '@hostapi/testing/commands';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CANCEL, CATALOGUE, CONTACT, requestOf, SERVERS, type WireRequest } from './bad-requests.js';
import { WIRE_MATRIX } from './wire-matrix.js';

const spec = readBundle();
const operations = operationsOf(spec);
const byPath = new Map(operations.map((o) => [o.path, o]));

// Prism's own problem templates (type, title, status), from the Prism the test runs.
const fromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'));
type Template = 'UNPROCESSABLE_ENTITY' | 'INVALID_CONTENT_TYPE' | 'NOT_FOUND' | 'NOT_ACCEPTABLE';
const PRISM_ERRORS = fromPrism('@stoplight/prism-http/dist/mocker/errors.js') as Record<
  Template,
  { type: string; title: string; status: number }
>;
const prismType = (template: Template) => `https://stoplight.io/prism/errors#${PRISM_ERRORS[template].type}`;

// ---------------------------------------------------------------------------------------------
// Prism, started as a tester starts it

const PRISM_BIN = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));
let prism: RunningCommand;
let prismUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });
}

beforeAll(async () => {
  const port = await freePort();
  // Prism takes about 1.5 s and 150 MB; on the loaded machine, much longer.
  prism = await startCommand(`'${PRISM_BIN}' mock '${bundlePath()}' --errors --host 127.0.0.1 --port ${port}`, {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    ports: [port],
    ready: (output) => output.includes(`Prism is listening on http://127.0.0.1:${port}`),
    timeoutMs: 120_000,
  });
  prismUrl = `http://127.0.0.1:${port}`;
}, 130_000);

afterAll(async () => {
  await prism?.stop();
});

// ---------------------------------------------------------------------------------------------
// Answers

interface Answer {
  status: number;
  /** The media type, lower-cased, without parameters. */
  mediaType: string | undefined;
  headers: Headers;
  /** The body as JSON, or as text when it is not JSON. */
  body: any;
}

async function answerOf(base: string, request: WireRequest): Promise<Answer> {
  const response = await fetch(...requestOf(base, request));
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: compared as text.
  }
  return {
    status: response.status,
    mediaType: response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase(),
    headers: response.headers,
    body,
  };
}

/** The same bytes to Prism and to the mock. */
async function both(request: WireRequest) {
  return { prism: await answerOf(prismUrl, request), mock: await answerOf(inject('mockUrl'), request) };
}

/** What a caller reads from an answer: status, media type, and the body or its problem fields. */
function reading(answer: Answer) {
  const { status, mediaType, body } = answer;
  if (mediaType !== 'application/problem+json') return { status, mediaType, body };
  return {
    status,
    mediaType,
    type: body.type,
    title: body.title,
    detail: body.detail,
    validation: problemFields(answer),
  };
}

/** What a page on another origin sees of an answer: its reading and the CORS headers. */
const seen = (answer: Answer) => ({
  ...reading(answer),
  cors: [...answer.headers].filter(([name]) => name.startsWith('access-control-')).sort(),
});

/**
 * `location: message` of each problem a refusal names: a problem document's validation list, or Prism's sl-violations.
 */
function problemFields(answer: Answer): string[] {
  const entries: Array<{ location?: string[]; message: string; severity?: string }> =
    answer.mediaType === 'application/problem+json'
      ? (answer.body.validation ?? [])
      : JSON.parse(answer.headers.get('sl-violations') ?? '[]')
          .filter((v: { location: string[] }) => v.location[0] === 'request')
          .map((v: { location: string[] }) => ({ ...v, location: v.location.slice(1) }));
  return [...new Set(entries.map((v) => `${(v.location ?? []).join('.')}: ${v.message}`))].sort();
}

/** The description's first example of an operation's response. */
const firstExample = (request: WireRequest, code: string) =>
  Object.values(responseExamples(spec, byPath.get(request.path)!.op, code))[0];

// ---------------------------------------------------------------------------------------------
// Requests beyond the catalogue: how requests are read and what Prefer does

const LIST_DOMAINS = '/1.3/srs/domain_tlds_available.json';
const UPGRADE = '/1.2/server/upgrade.json';
const OK = 'apikey=k&client_id=293';
const CANCEL_OK = 'apikey=k&client_id=293&domain=x.nz';
const disposition = (name: string, file?: string) =>
  `Content-Disposition: form-data; name="${name}"` + (file ? `; filename="${file}"\r\nContent-Type: text/plain` : '');
const multipart = (...parts: Array<[string, string, string?]>) => ({
  type: 'multipart/form-data; boundary=b',
  body:
    `${parts.map(([name, value, file]) => `--b\r\n${disposition(name, file)}\r\n\r\n${value}\r\n`).join('')}` +
    '--b--\r\n',
});

/** Requests both must answer alike (besides the catalogue's and the operations'). */
const EDGE_CASES: WireRequest[] = [
  { what: 'a trailing &', path: SERVERS, query: `${OK}&` },
  { what: 'percent-encoded brackets', path: SERVERS, query: `${OK}&filters%5Bstate%5D=On` },
  { what: '+ for a space', path: SERVERS, query: `${OK}&filters[updated_since]=2026-01-01+00:00:00` },
  { what: 'a number with a leading space', path: SERVERS, query: `${OK}&filters[page_size]=%202` },
  {
    what: 'a form with a charset',
    method: 'POST',
    path: CANCEL,
    raw: { type: 'application/x-www-form-urlencoded; charset=utf-8', body: CANCEL_OK },
  },
  {
    what: 'a multipart field sent as a file',
    method: 'POST',
    path: CANCEL,
    raw: multipart(['apikey', 'k'], ['client_id', '293'], ['domain', 'x.nz', 'd.txt']),
  },
  {
    what: 'one item of an empty-bracket list, params[the service][]',
    method: 'POST',
    path: '/1.1/cloud/stack/copy.json',
    form:
      'apikey=k&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&label=S&' +
      'params[the%20service][]=web',
  },
  { what: 'Accept: */*', path: SERVERS, query: OK, headers: { accept: '*/*' } },
  { what: 'Accept: application/json', path: SERVERS, query: OK, headers: { accept: 'application/json' } },
  { what: 'Prefer: code=200', path: SERVERS, query: OK, headers: { prefer: 'code=200' } },
  {
    what: 'Prefer with a quoted example name',
    path: SERVERS,
    query: OK,
    headers: { prefer: 'example="clientNotFound"' },
  },
  {
    what: 'Prefer naming a preference neither knows',
    path: SERVERS,
    query: OK,
    headers: { prefer: 'respond-async, wait=5' },
  },
  { what: 'Prefer: code=400 on a valid request', path: SERVERS, query: OK, headers: { prefer: 'code=400' } },
  { what: '?__example= instead of Prefer', path: SERVERS, query: `${OK}&__example=clientNotFound` },
  { what: '?__code= instead of Prefer', path: SERVERS, query: `${OK}&__code=500` },
  {
    what: '?__code= and ?__example= on a POST',
    method: 'POST',
    path: CANCEL,
    query: '__code=500&__example=rateLimitedWithStatus',
    form: CANCEL_OK,
  },
  {
    what: 'Prefer wins over ?__example=',
    path: SERVERS,
    query: `${OK}&__example=clientNotFound`,
    headers: { prefer: 'example=missingApiKey' },
  },
  { what: 'an empty optional parameter', path: LIST_DOMAINS, query: `${OK}&domain=x.nz&suggest=` },
  // The description keys an indexed list by index (an object: deepObject is for objects), which allows a gap.
  { what: 'an indexed list with a gap', path: LIST_DOMAINS, query: `${OK}&domain=x.nz&additional_tlds[1]=net` },
  { what: 'HEAD', method: 'HEAD', path: SERVERS, query: OK },
  { what: 'PUT', method: 'PUT', path: SERVERS, query: OK },
  { what: 'OPTIONS without Origin (not a preflight)', method: 'OPTIONS', path: SERVERS },
  {
    what: 'OPTIONS with an Origin but no method asked for (not a preflight)',
    method: 'OPTIONS',
    path: SERVERS,
    headers: { origin: 'https://app.example' },
  },
  { what: 'OPTIONS on an unknown path', method: 'OPTIONS', path: '/1.3/server/nowhere.json' },
  // The awkward cases of the wire matrix, as bytes.
  ...WIRE_MATRIX.filter((row) => row.input).map((row): WireRequest => {
    const wire = row.wire.replaceAll('YOUR_API_KEY', 'k');
    if (wire.startsWith('/')) return { what: `wire matrix: ${row.what}`, path: wire };
    const { path } = operations.find(({ op }) => op.operationId === row.operationId)!;
    return { what: `wire matrix: ${row.what}`, method: 'POST', path, form: wire };
  }),
];

// ---------------------------------------------------------------------------------------------
// Where the mock departs from Prism on purpose

interface Departure {
  /** What differs. */
  what: string;
  /** Why the mock does it. */
  why: string;
  requests: WireRequest[];
  /** Prism's answer there: it must really differ, or the entry has gone stale. */
  prism(answer: Answer, request: WireRequest): void;
  mock(answer: Answer, request: WireRequest): void;
  /** What still agrees there. */
  agree?(prism: Answer, mock: Answer): void;
}

const catalogue = (...names: string[]) =>
  names.map((name) => {
    const found = CATALOGUE.find((row) => row.what === name);
    if (!found) throw new Error(`No catalogue request "${name}"`);
    return found;
  });

const MALFORMED = catalogue(
  'unclosed bracket in the query',
  'stray closing bracket in the query',
  'empty brackets inside a form name',
  'unclosed bracket in a form name',
);
const REPEATED = catalogue('client_id given twice in the query', 'domain given twice in a form');
const OVERSIZED = catalogue('an oversized body');
const WITH_MORE_DETAIL = catalogue(
  'GET without apikey',
  'GET without apikey (no parameters at all)',
  'wrong version segment',
);
/** Catalogue requests the mock refuses for what the description says of the fields or the body. */
const REFUSED_BY_THE_DESCRIPTION = CATALOGUE.filter(
  (row) => [415, 422].includes(row.status) && ![...MALFORMED, ...REPEATED].includes(row),
);

const expectSuccess = (answer: Answer, request: WireRequest) => {
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(firstExample(request, '200'));
};
const expectRefused = (code: string) => (answer: Answer) => {
  expect(answer.status).toBe(422);
  expect(answer.body.type).toBe(prismType('UNPROCESSABLE_ENTITY'));
  expect(answer.body.validation.map((v: { code: string }) => v.code)).toContain(code);
};

const DEPARTURES: Departure[] = [
  {
    what:
      "An invalid request gets Prism's own 422 problem (415 for a body that is not a form) naming each field; " +
      "Prism answers the description's HTTP 400 example and names the fields only in sl-violations",
    why:
      'The description documents the service\'s observed HTTP 400 failure (a message such as "Please specify a ' +
      'valid domain name.", naming nothing). Prism answers with it whenever a request is invalid and a 400 ' +
      'response is described; the mock answers the problem document Prism gives for a description without one, ' +
      'whose validation list a tester can read.',
    requests: [
      ...REFUSED_BY_THE_DESCRIPTION,
      { what: 'an empty body', method: 'POST', path: CANCEL },
      { what: 'an empty form body', method: 'POST', path: CANCEL, form: '' },
      { what: 'a required parameter given empty', path: SERVERS, query: 'apikey=k&client_id=' },
      // An identifier is a number or its digits (issue 37): a space before them is neither.
      { what: 'an identifier with a leading space', path: SERVERS, query: 'apikey=k&client_id=%20293' },
      {
        what: 'an empty form field',
        method: 'POST',
        path: '/1.2/srs/create_domain.json',
        form: 'apikey=k&client_id=293&domain=&term=12&registrant_contact=3310',
      },
      {
        what: 'a multipart body without its boundary',
        method: 'POST',
        path: CANCEL,
        raw: { type: 'multipart/form-data', body: 'apikey=k' },
      },
      {
        what: 'an invalid request with Prefer: code=500',
        path: SERVERS,
        query: 'apikey=k&client_id=abc',
        headers: { prefer: 'code=500' },
      },
      {
        what: 'an invalid request with Prefer for the 400 example',
        path: SERVERS,
        query: 'apikey=k&client_id=abc',
        headers: { prefer: 'code=400, example=validationFailed' },
      },
    ],
    prism(answer, request) {
      expect(answer.status).toBe(400);
      expect(answer.mediaType).toBe('application/json');
      expect(answer.body).toEqual(firstExample(request, '400'));
    },
    mock(answer) {
      const template: Template = answer.status === 415 ? 'INVALID_CONTENT_TYPE' : 'UNPROCESSABLE_ENTITY';
      expect(answer.mediaType).toBe('application/problem+json');
      expect(answer.body).toMatchObject({
        type: prismType(template),
        title: PRISM_ERRORS[template].title,
        status: PRISM_ERRORS[template].status,
      });
    },
    agree(prism, mock) {
      // The same fields named, in Prism's words; a 415's reason is its detail.
      expect(problemFields(prism).length).toBeGreaterThan(0);
      expect(mock.status === 415 ? [`: ${mock.body.detail}`] : problemFields(mock)).toEqual(problemFields(prism));
    },
  },
  {
    what: 'A malformed bracketed name is refused (422, malformedName)',
    why:
      'Prism drops a name it cannot parse (`filters[state`, `params[][x]`) and answers as if it had not been ' +
      'sent, so a broken client passes.',
    requests: MALFORMED,
    prism: expectSuccess,
    mock: expectRefused('malformedName'),
  },
  {
    what: 'A field given twice is refused (422, repeatedName; with the same value, under --strict, repeatedField)',
    why:
      'Prism keeps one of a repeated form field, and reads a repeated query parameter as a list (refused for its ' +
      'type, if at all): neither names the repetition. The live service keeps one value, so the mock names it; ' +
      'without --strict it accepts the same value twice, as the SDK sends it.',
    requests: [
      ...REPEATED,
      { what: 'client_id twice, the same value', path: SERVERS, query: 'apikey=k&client_id=293&client_id=293' },
      {
        what: 'domain twice in a form, the same value',
        method: 'POST',
        path: CANCEL,
        form: `${CANCEL_OK}&domain=x.nz`,
      },
    ],
    prism(answer, request) {
      if (request.method === 'POST') expectSuccess(answer, request);
      // Read as a list, which is neither type an identifier takes.
      else
        expect(problemFields(answer)).toEqual([
          'query.client_id: Request query parameter client_id must be integer,string',
        ]);
    },
    mock(answer) {
      expect(answer.status).toBe(422);
      expect(answer.body.validation.map((v: { code: string }) => v.code)).toEqual([
        expect.stringMatching(/^repeated(Name|Field)$/),
      ]);
    },
  },
  {
    what: 'A body over 1 MB gets 413',
    why:
      'The mock reads at most 1 MB (the service documents no limit; no form of this API comes near it); Prism ' +
      'reads 10 MB and answers.',
    requests: OVERSIZED,
    prism: expectSuccess,
    mock(answer) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        type: 'urn:hostapi:mock:request-body-too-large',
        title: 'Request body too large',
      });
    },
  },
  {
    what: 'Problem details say more: a 401 names the missing key, a 404 for another version segment the listed path',
    why:
      "The type and title are Prism's; Prism's detail says only that no 401 response is described, or that the " +
      'route is unknown.',
    requests: [...WITH_MORE_DETAIL, { what: 'an empty apikey', path: SERVERS, query: 'apikey=&client_id=293' }],
    prism(answer) {
      expect(answer.body.detail).toMatch(
        /so Prism is generating this error for you|hasn't been found in the specification file$/,
      );
    },
    mock(answer) {
      expect(answer.body.detail).toMatch(
        /the apikey query parameter is missing or empty|the description lists this operation as \/1\.3\/server\/list_s/,
      );
    },
    agree(prism, mock) {
      expect({ ...reading(mock), detail: undefined }).toEqual({ ...reading(prism), detail: undefined });
    },
  },
  {
    what: 'Under --strict, a name the description does not have is refused (422, unknownField)',
    why:
      'Strict mode refuses every departure from the description; Prism ignores unknown names, and matches ' +
      'query names in any case (`CLIENT_ID`).',
    requests: [
      { what: 'an unknown filter', path: SERVERS, query: `${OK}&filters[stat]=On` },
      { what: 'an unknown query parameter', path: SERVERS, query: `${OK}&foo=1` },
      { what: 'a query parameter in another case', path: SERVERS, query: 'apikey=k&client_id=293&CLIENT_ID=293' },
      { what: 'an unknown form field', method: 'POST', path: CANCEL, form: `${CANCEL_OK}&extra=1` },
      {
        what: 'an unknown nested form field',
        method: 'POST',
        path: CONTACT,
        form: 'apikey=k&client_id=293&contact_id=3310&params[Nope]=1',
      },
    ],
    prism: expectSuccess,
    mock: expectRefused('unknownField'),
  },
  {
    what: 'Under --strict, a form field in the query string is refused (422, fieldInQuery)',
    why:
      'The official Go SDK sends apikey and client_id in the query of every POST, and the service reads them; the ' +
      'default mode accepts that and names it, strict mode refuses it. Prism ignores the query of a POST and finds ' +
      'the field missing from the body.',
    requests: [
      {
        what: 'client_id in the query of a POST',
        method: 'POST',
        path: CANCEL,
        query: 'client_id=293',
        form: 'apikey=k&domain=x.nz',
      },
      {
        what: 'apikey in the query of a POST',
        method: 'POST',
        path: CANCEL,
        query: 'apikey=k',
        form: 'client_id=293&domain=x.nz',
      },
    ],
    prism(answer, request) {
      expect(answer.status).toBe(400);
      expect(problemFields(answer)).toEqual([
        expect.stringMatching(/^body: Request body must have required property '(client_id|apikey)'$/),
      ]);
      expect(answer.body).toEqual(firstExample(request, '400'));
    },
    mock: expectRefused('fieldInQuery'),
  },
  {
    what: "Under --strict, form fields out of the description's order are refused (422, fieldOrder)",
    why: 'The service requires apikey first and the fields in its order; Prism reads a form in any order.',
    requests: [
      { what: 'apikey after client_id', method: 'POST', path: CANCEL, form: 'client_id=293&apikey=k&domain=x.nz' },
    ],
    prism: expectSuccess,
    mock: expectRefused('fieldOrder'),
  },
  {
    what: 'A name given both as a value and as a group is refused (422, conflictingName)',
    why: '`params=1&params[City]=A` cannot be one value; Prism keeps one of them silently.',
    requests: [
      {
        what: 'in a form',
        method: 'POST',
        path: CONTACT,
        form: 'apikey=k&client_id=293&contact_id=3310&params=1&params[City]=A',
      },
      { what: 'in a query', path: SERVERS, query: `${OK}&filters=1&filters[state]=On` },
    ],
    prism: expectSuccess,
    mock: expectRefused('conflictingName'),
  },
  {
    what: 'Lists and keyed maps are read and checked where Prism cannot read them',
    why:
      'Prism ignores a list sent without its indexes and does not check the values of a keyed map ' +
      '(`upgrade[disk][<name>]`); the mock reads both and refuses what the description does not allow.',
    requests: [
      { what: 'a list without indexes', path: LIST_DOMAINS, query: `${OK}&domain=x.nz&additional_tlds=net` },
      {
        what: 'a disk size that is not a number',
        method: 'POST',
        path: UPGRADE,
        form: 'apikey=k&client_id=293&name=web01&upgrade[disk][xvda1]=big',
      },
    ],
    prism: expectSuccess,
    mock: expectRefused('type'),
  },
  {
    what: 'An empty item of an indexed list is refused (422, minLength)',
    why:
      'The description models a list the service reads by index as an object keyed by the index (OpenAPI defines ' +
      'deepObject for objects only); Prism does not check the values of that object, so an empty item passes.',
    requests: [{ what: 'an empty list item', path: LIST_DOMAINS, query: `${OK}&domain=x.nz&additional_tlds[0]=` }],
    prism: expectSuccess,
    mock: expectRefused('minLength'),
  },
  {
    what: 'A multipart body that cannot be read is refused as such (422, unreadable body)',
    why: 'Prism reads it as an empty form and reports every required field missing; the mock names the real problem.',
    requests: [
      {
        what: 'garbage under a boundary',
        method: 'POST',
        path: CANCEL,
        raw: { type: 'multipart/form-data; boundary=b', body: 'garbage' },
      },
    ],
    prism(answer, request) {
      expect(answer.status).toBe(400);
      expect(problemFields(answer)).toContain("body: Request body must have required property 'apikey'");
      expect(answer.body).toEqual(firstExample(request, '400'));
    },
    mock(answer) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        type: 'urn:hostapi:mock:unreadable-body',
        detail: expect.stringContaining('The form body cannot be read'),
      });
    },
  },
  {
    what: 'Any Accept header gets the JSON answer',
    why:
      'The service answers JSON whatever a client accepts, and some clients send `Accept: text/plain` or ' +
      '`application/xml` by default; Prism answers 406.',
    requests: [
      { what: 'Accept: text/plain', path: SERVERS, query: OK, headers: { accept: 'text/plain' } },
      { what: 'Accept: application/xml', path: SERVERS, query: OK, headers: { accept: 'application/xml' } },
    ],
    prism(answer) {
      expect(answer.status).toBe(406);
      expect(answer.body.type).toBe(prismType('NOT_ACCEPTABLE'));
    },
    mock: expectSuccess,
  },
  {
    what: '`Prefer: example=<name>` alone also finds the examples of other responses than the 2xx',
    why:
      "So that `example=rateLimited` is enough (the README's usage); Prism looks only in the 2xx response " +
      'and answers 404.',
    requests: operations.flatMap(({ path, op }) =>
      Object.keys(op.responses)
        .filter((code) => !code.startsWith('2'))
        .flatMap((code) =>
          Object.keys(responseExamples(spec, op, code)).map((name) => ({
            what: `${op.operationId}: example=${name}`,
            ...exampleCall(path),
            headers: { prefer: `example=${name}` },
          })),
        ),
    ),
    prism(answer) {
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe(prismType('NOT_FOUND'));
    },
    mock(answer, request) {
      const name = request.headers!.prefer!.slice('example='.length);
      const { op } = byPath.get(request.path)!;
      const code = Object.keys(op.responses).find((c) => name in responseExamples(spec, op, c))!;
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: Number(code),
        body: responseExamples(spec, op, code)[name],
      });
    },
  },
  {
    what: 'A Prefer the operation cannot satisfy gets 422 listing what it has',
    why:
      'Prism answers 404 NOT_FOUND (which reads like an unknown path), 500 UNKNOWN (its own failure) for an ' +
      'unknown example of a named code, or 422 for an unreadable code; the mock names the preference and lists the ' +
      "operation's codes and examples.",
    requests: [
      { what: 'a code it has not', path: SERVERS, query: OK, headers: { prefer: 'code=404' } },
      { what: 'an example it has not', path: SERVERS, query: OK, headers: { prefer: 'example=nope' } },
      {
        what: 'an example its response has not',
        path: SERVERS,
        query: OK,
        headers: { prefer: 'code=200, example=nope' },
      },
      { what: 'a code that is not one', path: SERVERS, query: OK, headers: { prefer: 'code=abc' } },
    ],
    prism(answer) {
      expect(answer.mediaType).toBe('application/problem+json');
      expect([
        { status: 404, type: prismType('NOT_FOUND') },
        { status: 500, type: 'https://stoplight.io/prism/errors#UNKNOWN' },
        { status: 422, type: prismType('UNPROCESSABLE_ENTITY') },
      ]).toContainEqual({ status: answer.status, type: answer.body.type });
    },
    mock(answer) {
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        type: 'urn:hostapi:mock:unknown-preference',
        detail: expect.stringMatching(/^Prefer: .*listServers has no .*; it has /),
      });
    },
  },
  {
    what: "Generated data (`Prefer: dynamic=true`) is the mock's own",
    why:
      'Prism\'s generator (json-schema-faker) fills a schema with random values and names (`"return": ' +
      '{"dolor2d": 5929717.55, ...}`); the mock generates plausible records valid against the description ' +
      '(see --dynamic).',
    requests: [{ what: 'listServers, seed 1', path: SERVERS, query: OK, headers: { prefer: 'dynamic=true, seed=1' } }],
    prism(answer, request) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toEqual(firstExample(request, '200'));
    },
    mock(answer, request) {
      expect(answer.status).toBe(200);
      expect(answer.body).not.toEqual(firstExample(request, '200'));
      expect(answer.body.return.data[0]).toMatchObject({ client_id: '293' });
    },
    agree(prism, mock) {
      expect(prism.mediaType).toBe(mock.mediaType);
    },
  },
  {
    what: 'A paged list answers the page asked for (`filters[page_number]`, `filters[page_size]`)',
    why:
      'Prism answers the first example whatever page is asked for, so a client walking the pages never ends ' +
      '(or, checking current_page, ends with an error). The mock makes the page from the records of the ' +
      "operation's page examples (success and secondPage: four servers, two a page), totals included.",
    requests: [
      { what: 'page 2', path: SERVERS, query: `${OK}&filters[page_number]=2` },
      { what: 'one page of 4', path: SERVERS, query: `${OK}&filters[page_size]=4` },
      {
        what: 'page 2 of 2, three a page (one server)',
        path: SERVERS,
        query: `${OK}&filters[page_size]=3&filters[page_number]=2`,
      },
      { what: 'a page past the end', path: SERVERS, query: `${OK}&filters[page_number]=9` },
    ],
    prism: expectSuccess,
    mock(answer, request) {
      const asked = new URLSearchParams(request.query);
      const size = Number(asked.get('filters[page_size]') ?? 2);
      const number = Number(asked.get('filters[page_number]') ?? 1);
      expect(answer.status).toBe(200);
      expect(answer.body.return).toMatchObject({
        total_items: 4,
        current_page: number,
        total_pages: Math.ceil(4 / size),
        current_items: Math.max(0, Math.min(size, 4 - (number - 1) * size)),
      });
      expect(answer.body.return.data).toHaveLength(answer.body.return.current_items);
    },
    agree(prism, mock) {
      expect(mock.body.return.total_items).toBe(prism.body.return.total_items);
    },
  },
  {
    what: "CORS allows any origin (`*`), without credentials, and exposes the mock's own headers",
    why:
      'The API authenticates with a key in the query or the form, never with cookies, so no page needs ' +
      'credentialed requests; `*` is the CORS contract the docs console and client tests rely on. Prism ' +
      'reflects the Origin, allows credentials and exposes every header.',
    requests: [
      { what: 'a GET from another origin', path: SERVERS, query: OK, headers: { origin: 'https://app.example' } },
    ],
    prism(answer) {
      expect([
        answer.headers.get('access-control-allow-origin'),
        answer.headers.get('access-control-allow-credentials'),
        answer.headers.get('access-control-expose-headers'),
      ]).toEqual(['https://app.example', 'true', '*']);
    },
    mock(answer) {
      expect([
        answer.headers.get('access-control-allow-origin'),
        answer.headers.get('access-control-allow-credentials'),
        answer.headers.get('access-control-expose-headers'),
      ]).toEqual(['*', null, 'sl-violations, content-length']);
    },
  },
  {
    what: "A preflight allows both of the API's methods and may be cached for a day",
    why:
      "One preflight serves a page's GETs and POSTs alike; Prism allows exactly the method asked for, and every " +
      'request is preflighted again.',
    requests: [
      {
        what: "a POST's preflight",
        method: 'OPTIONS',
        path: CANCEL,
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      },
    ],
    prism(answer) {
      expect([
        answer.headers.get('access-control-allow-methods'),
        answer.headers.get('access-control-max-age'),
      ]).toEqual(['POST', null]);
    },
    mock(answer) {
      expect([
        answer.headers.get('access-control-allow-methods'),
        answer.headers.get('access-control-max-age'),
      ]).toEqual(['GET, POST', '86400']);
    },
  },
];

/** The example call of the operation at `path`, as a wire request (from the wire matrix). */
function exampleCall(path: string): Omit<WireRequest, 'what'> {
  const { op, method } = byPath.get(path)!;
  const row = WIRE_MATRIX.find((r) => r.operationId === op.operationId && !r.input);
  if (!row) throw new Error(`The wire matrix has no example call of ${op.operationId}`);
  const wire = row.wire.replaceAll('YOUR_API_KEY', 'k');
  if (method === 'get') {
    const [pathOnly = '', query = ''] = wire.split('?');
    return { path: pathOnly, query };
  }
  return { method: 'POST', path, form: wire };
}

/** The same fields as multipart, written once, so both get the same bytes. */
async function asMultipart(form: string): Promise<{ type: string; body: Uint8Array<ArrayBuffer> }> {
  const data = new FormData();
  for (const [name, value] of new URLSearchParams(form)) data.append(name, value);
  const response = new Response(data);
  return { type: response.headers.get('content-type')!, body: new Uint8Array(await response.arrayBuffer()) };
}

// ---------------------------------------------------------------------------------------------
// The tests

describe.each(operations.map(({ path, method, op }) => [op.operationId as string, path, method, op] as const))(
  '%s',
  (_id, path, method, op) => {
    const call = exampleCall(path);

    it(`the example call${method === 'post' ? ', URL-encoded and multipart,' : ''} gets the same answer`, async () => {
      const calls: WireRequest[] = [{ what: 'example call', ...call }];
      if (call.form !== undefined)
        calls.push({ what: 'multipart', method: 'POST', path, raw: await asMultipart(call.form) });
      for (const request of calls) {
        const { prism: fromPrism, mock } = await both(request);
        expect(reading(mock), request.what).toEqual(reading(fromPrism));
        expect({ status: mock.status, body: mock.body }, request.what).toEqual({
          status: 200,
          body: responseExamples(spec, op, '200').success,
        });
      }
    });

    it('every named example, picked with Prefer, gets the same answer', async () => {
      for (const code of Object.keys(op.responses)) {
        const picks = Object.keys(responseExamples(spec, op, code)).map((name) =>
          code.startsWith('2') ? `example=${name}` : `code=${code}, example=${name}`,
        );
        // `code=<status>` alone: the response's first example.
        for (const prefer of [`code=${code}`, ...picks]) {
          const { prism: fromPrism, mock } = await both({ what: prefer, ...call, headers: { prefer } });
          expect(reading(mock), prefer).toEqual(reading(fromPrism));
          expect(mock.status, prefer).toBe(Number(code));
          expect(mock.mediaType, prefer).toBe('application/json');
        }
      }
    });
  },
);

const departed = new Set(DEPARTURES.flatMap((d) => d.requests));

describe('the bad-request catalogue', () => {
  it('each request is compared, or listed in one departure', () => {
    const listed = DEPARTURES.flatMap((d) => d.requests.filter((r) => CATALOGUE.includes(r as never)));
    expect(listed.length).toBe(new Set(listed).size);
    expect(CATALOGUE.filter((row) => !departed.has(row)).map((row) => row.what)).toEqual([
      'unknown path',
      'no version segment',
      'wrong method (DELETE)',
      'POST to a GET operation',
    ]);
  });

  it.each(CATALOGUE.filter((row) => !departed.has(row)).map((row) => [row.what, row] as const))(
    '%s: the same status, problem type, title, detail and fields',
    async (_what, request) => {
      const { prism: fromPrism, mock } = await both(request);
      expect(reading(mock)).toEqual(reading(fromPrism));
      expect(mock.status).toBe(request.status);
    },
  );
});

describe('edge cases', () => {
  it.each(EDGE_CASES.map((request) => [request.what, request] as const))(
    '%s: the same answer',
    async (_what, request) => {
      const { prism: fromPrism, mock } = await both(request);
      expect(reading(mock)).toEqual(reading(fromPrism));
    },
  );
});

describe('CORS, as a browser page on another origin sees it', () => {
  const ORIGIN = 'https://app.example';
  const SAFELISTED = [
    'cache-control',
    'content-language',
    'content-length',
    'content-type',
    'expires',
    'last-modified',
    'pragma',
  ];
  /**
   * Whether a page (no credentials) may send `method` with `headers` after this preflight answer (Fetch's CORS check).
   */
  const preflightAllows = (answer: Answer, method: string, headers: string[]) => {
    const list = (name: string) =>
      (answer.headers.get(name) ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
    const origin = answer.headers.get('access-control-allow-origin');
    return (
      answer.status >= 200 &&
      answer.status < 300 &&
      (origin === '*' || origin === ORIGIN) &&
      (['GET', 'HEAD', 'POST'].includes(method) ||
        list('access-control-allow-methods').some((m) => m === '*' || m === method.toLowerCase())) &&
      headers.every((h) => list('access-control-allow-headers').some((a) => a === '*' || a === h.toLowerCase()))
    );
  };
  /** Whether a page (no credentials) may read header `name` of an answer. */
  const readable = (answer: Answer, name: string) => {
    const origin = answer.headers.get('access-control-allow-origin');
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase());
    return (
      (origin === '*' || origin === ORIGIN) &&
      (SAFELISTED.includes(name) || exposed.includes('*') || exposed.includes(name))
    );
  };

  it.each([
    ['a GET with Prefer', SERVERS, 'GET', ['prefer']],
    ['a form POST with Prefer', CANCEL, 'POST', ['content-type', 'prefer']],
    ['a GET with a header of its own', SERVERS, 'GET', ['x-trace-id']],
    ['an unknown path', '/1.3/server/nowhere.json', 'GET', ['prefer']],
  ] as const)(
    'the preflight of %s is answered 204 and lets the request through',
    async (_what, path, method, headers) => {
      const { prism: fromPrism, mock } = await both({
        what: 'preflight',
        method: 'OPTIONS',
        path,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': headers.join(','),
        },
      });
      expect({ status: mock.status, body: mock.body }).toEqual({ status: fromPrism.status, body: fromPrism.body });
      expect(mock.status).toBe(204);
      expect(preflightAllows(mock, method, [...headers])).toBe(true);
      expect(preflightAllows(fromPrism, method, [...headers])).toBe(true);
    },
  );

  it.each([
    ['an answer', { what: 'GET', path: SERVERS, query: OK }],
    ['a refusal', { what: 'DELETE', method: 'DELETE', path: SERVERS, query: OK }],
    ['an unknown path', { what: 'nowhere', path: '/1.3/server/nowhere.json', query: OK }],
    ['a POST', { what: 'POST', method: 'POST', path: CANCEL, form: CANCEL_OK }],
  ] as const)('a page may read %s and the same headers of it', async (_what, request) => {
    const { prism: fromPrism, mock } = await both({ ...request, headers: { origin: ORIGIN } });
    expect(reading(mock)).toEqual(reading(fromPrism));
    for (const name of ['content-type', 'content-length', 'sl-violations']) {
      expect({ name, readable: readable(mock, name) }).toEqual({ name, readable: readable(fromPrism, name) });
    }
    expect(readable(mock, 'content-type')).toBe(true);
  });
});

describe.each(DEPARTURES.map((d) => [d.what, d] as const))('departure: %s', (_what, departure) => {
  it('has a reason and requests', () => {
    expect(departure.why.length).toBeGreaterThan(40);
    expect(departure.requests.length).toBeGreaterThan(0);
  });

  it.each(departure.requests.map((request) => [request.what, request] as const))(
    '%s: Prism answers otherwise, the mock as listed',
    async (_what, request) => {
      const { prism: fromPrism, mock } = await both(request);
      expect(seen(mock)).not.toEqual(seen(fromPrism));
      departure.prism(fromPrism, request);
      departure.mock(mock, request);
      departure.agree?.(fromPrism, mock);
    },
  );
});
