// The mock as a library: Prism on the document the CLI serves (dist/mock.json), behind a small
// guard, for tests and tools that need a mock without a child process.
import { createLogger } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec, ProblemJsonError, VIOLATIONS } from '@stoplight/prism-http';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

// Two helpers of Prism's own HTTP server, so that `Prefer` and response bodies are read and
// written exactly as `prism mock` does.
const require = createRequire(import.meta.url);
const { getHttpConfigFromRequest } = require('@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js');
const { serialize } = require('@stoplight/prism-http-server/dist/serialize.js');

export const MOCK_DOCUMENT = fileURLToPath(new URL('../dist/mock.json', import.meta.url));

/** Largest request body the mock reads; the service documents none, Prism stops at 10 MB. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * Starts the mock with the CLI's settings (request and response validation, security checks,
 * errors on) and resolves to `{ url, close() }`. Port 0 picks a free port.
 */
export async function startMock({ host = '127.0.0.1', port = 0, dynamic = false, seed = 1, logLevel = 'silent', document = MOCK_DOCUMENT } = {}) {
  const operations = await getHttpOperationsFromSpec(document);
  const config = {
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    errors: true,
    isProxy: false,
    upstreamProxy: undefined,
    mock: { dynamic, seed },
  };
  const logger = createLogger('mock', { level: logLevel });
  const prism = createInstance(config, { logger });
  // Prism matches a request against every operation it is given, and that routing was half of
  // its time here (see packages/benchmarks). Every path has one operation: give it only that
  // path's. Other paths get them all, so that 404 and 405 come from Prism as before.
  const byPath = new Map();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const answer = (req, res, url, body) => answerWithPrism({ prism, config, logger }, byPath.get(url.pathname) ?? operations, req, res, url, body);

  const server = createGuard(answer);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const { port: bound } = server.address();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Prism's answer, as its own HTTP server (@stoplight/prism-http-server) gives it, but in this
 * process: the guard has read the body already, and a second HTTP hop cost a third of the
 * throughput.
 */
async function answerWithPrism({ prism, config, logger }, operations, req, res, url, body) {
  let parsed = null;
  if (body.length || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
    parsed = body.toString('utf8');
    if (/^application\/(json|[^/;]+\+json)\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      try {
        parsed = JSON.parse(parsed);
      } catch {
        return problem(res, 400, 'Invalid JSON', 'The body is not valid JSON.');
      }
    }
  }
  const query = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  const input = {
    method: req.method.toLowerCase(),
    url: { path: url.pathname, baseUrl: url.searchParams.get('__server') || undefined, query },
    headers: req.headers,
    body: req.headers['content-length'] === '0' ? null : parsed,
  };
  logger.info({ input }, 'Request received');

  // `Prefer: code=…, example=…` (or __code, __example) for this request.
  const preferences = getHttpConfigFromRequest(input);
  if (preferences._tag === 'Left') return problemOf(res, preferences.left);
  const defined = Object.fromEntries(Object.entries(preferences.right).filter(([, value]) => value !== undefined));
  const result = await prism.request(input, operations, { ...config, mock: { ...config.mock, ...defined } })();
  if (result._tag === 'Left') {
    logger.error({ input }, `Request terminated with error: ${result.left}`);
    return problemOf(res, result.left);
  }

  const { output, validations } = result.right;
  const violations = [
    ...validations.input.map(violation('request')),
    ...validations.output.map(violation('response')),
  ];
  if (violations.length) {
    const header = JSON.stringify(violations);
    res.setHeader('sl-violations', header.length > MAX_VIOLATIONS_HEADER ? `Too many violations! ${header.slice(0, MAX_VIOLATIONS_HEADER)}` : header);
    const failed = violations.filter((v) => v.location[0] === 'response' && v.severity === 'Error');
    // --errors: an answer that breaks the description is an error, not a silent pass.
    if (config.errors && failed.length) {
      return problemOf(res, ProblemJsonError.fromTemplate(VIOLATIONS, 'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.', { validation: failed }));
    }
    for (const v of violations) logger[v.severity === 'Error' ? 'error' : v.severity === 'Warning' ? 'warn' : 'info']({ name: 'VALIDATOR' }, `Violation: ${v.location.join('.')} ${v.message}`);
  }
  for (const [name, value] of Object.entries(output.headers ?? {})) res.setHeader(name, value);
  let text;
  try {
    text = serialize(output.body, res.getHeader('content-type'));
  } catch (error) {
    return problemOf(res, error);
  }
  if (text === undefined || text === null) return void res.writeHead(output.statusCode).end();
  if (!res.hasHeader('content-type')) res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.writeHead(output.statusCode, { 'content-length': Buffer.byteLength(text) }).end(text);
}

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;

const violation = (where) => (detail) => ({
  location: [where, ...(detail.path ?? [])],
  severity: ['Error', 'Warning', 'Information', 'Hint'][detail.severity],
  code: detail.code,
  message: detail.message,
});

/** One of Prism's errors (ProblemJsonError) as its server answers it. */
function problemOf(res, error) {
  if (res.headersSent) return void res.end();
  res.setHeader('content-type', 'application/problem+json');
  for (const [name, value] of Object.entries(error.additional?.headers ?? {})) res.setHeader(name, value);
  const text = JSON.stringify(ProblemJsonError.toProblemJson(error));
  res.writeHead(error.status || 500, { 'content-length': Buffer.byteLength(text) }).end(text);
}

/**
 * What Prism lets through silently: bracketed names it cannot parse (`filters[state`,
 * `params[][x]`) are ignored, a field given twice is read once, and bodies up to 10 MB are read.
 * The guard answers those with a 422 naming each field, or a 413, and passes everything else to
 * Prism unchanged.
 */
function createGuard(answer) {
  return createServer((req, res) => {
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES && !refused) {
        refused = true;
        problem(res, 413, 'Request body too large', `The body exceeds the mock's limit of ${MAX_BODY_BYTES} bytes.`);
        req.resume();
      }
      if (!refused) chunks.push(chunk);
    });
    req.on('end', async () => {
      if (refused) return;
      const body = Buffer.concat(chunks);
      const url = new URL(req.url, 'http://mock');
      const bad = await badNames(req, url, body);
      if (bad.length) return problem(res, 422, 'Invalid request', 'Some parameter names are malformed or repeated.', bad);
      answer(req, res, url, body).catch((error) => problem(res, 500, 'Mock failure', String(error?.message ?? error)));
    });
  });
}

const WELL_FORMED = /^[^[\]]+(\[[^[\]]+\])*(\[\])?$/;

/** A validation entry for every malformed name, and every name given twice (but `name[]`). */
async function badNames(req, url, body) {
  const fields = [['query', [...url.searchParams.keys()]]];
  const type = req.headers['content-type'] ?? '';
  if (body.length && /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(type)) {
    try {
      fields.push(['body', [...(await new Response(body, { headers: { 'content-type': type } }).formData()).keys()]]);
    } catch {
      // An unparsable body is Prism's to reject.
    }
  }
  const bad = [];
  for (const [location, names] of fields) {
    for (const name of new Set(names)) {
      const entry = (code, message) => bad.push({ location: [location, name], severity: 'Error', code, message });
      if (!WELL_FORMED.test(name)) {
        entry('malformedName', `Malformed ${location} parameter name "${name}": brackets must be balanced and non-empty, except a final []`);
      } else if (!name.endsWith('[]') && names.indexOf(name) !== names.lastIndexOf(name)) {
        entry('repeatedName', `The ${location} parameter "${name}" is given more than once`);
      }
    }
  }
  return bad;
}

function problem(res, status, title, detail, validation) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  const type = `urn:hostapi:mock:${title.toLowerCase().replace(/\W+/g, '-')}`;
  res.end(JSON.stringify({ type, title, status, detail, ...(validation ? { validation } : {}) }));
}
