// The mock as a library: Prism's HTTP server on the document the CLI serves (dist/mock.json),
// behind a small guard, for tests and tools that need a mock without a child process.
import { createLogger } from '@stoplight/prism-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createServer as createPrismServer } from '@stoplight/prism-http-server';
import { createServer, request as forward } from 'node:http';
import { fileURLToPath } from 'node:url';

export const MOCK_DOCUMENT = fileURLToPath(new URL('../dist/mock.json', import.meta.url));

/** Largest request body the mock reads; the service documents none, Prism stops at 10 MB. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * Starts the mock with the CLI's settings (request and response validation, security checks,
 * errors on) and resolves to `{ url, close() }`. Port 0 picks a free port.
 */
export async function startMock({ host = '127.0.0.1', port = 0, dynamic = false, seed = 1, logLevel = 'silent', document = MOCK_DOCUMENT } = {}) {
  const operations = await getHttpOperationsFromSpec(document);
  const options = {
    cors: false,
    config: {
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: true,
      isProxy: false,
      upstreamProxy: undefined,
      mock: { dynamic, seed },
    },
    components: { logger: createLogger('mock', { level: logLevel }) },
  };
  // Prism matches every request against every operation it serves, and that routing is half of
  // its time here (see packages/benchmarks). Every path has one operation, so the guard sends
  // each request to a Prism that serves only that path's operations; requests to other paths go
  // to one that serves them all, so that 404 and 405 come from Prism as before.
  const prisms = [];
  const listen = async (ops) => {
    const prism = createPrismServer(ops, options);
    prisms.push(prism);
    return new URL(await prism.listen(0, '127.0.0.1'));
  };
  const byPath = new Map();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const upstreams = new Map();
  for (const [path, ops] of byPath) upstreams.set(path, await listen(ops));
  const fallback = await listen(operations);

  const guard = createGuard((path) => upstreams.get(path) ?? fallback);
  await new Promise((resolve, reject) => {
    guard.once('error', reject);
    guard.listen(port, host, resolve);
  });
  const { port: bound } = guard.address();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    close: async () => {
      guard.closeAllConnections();
      await new Promise((resolve) => guard.close(resolve));
      await Promise.all(prisms.map((prism) => prism.close()));
    },
  };
}

/**
 * What Prism lets through silently: bracketed names it cannot parse (`filters[state`,
 * `params[][x]`) are ignored, a field given twice is read once, and bodies up to 10 MB are read.
 * The guard answers those with a 422 naming each field, or a 413, and passes everything else to
 * Prism unchanged.
 */
function createGuard(upstreamOf) {
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
      const inner = upstreamOf(url.pathname);
      const upstream = forward(
        { host: inner.hostname, port: inner.port, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => problem(res, 502, 'Mock failure', error.message));
      upstream.end(body);
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
