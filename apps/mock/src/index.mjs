// @hostapi/mock as a library: the same mock the CLI starts, in your process.
import { readApi, DOCUMENT } from './api.mjs';
import { createSchemas } from './schemas.mjs';
import { createPipeline } from './pipeline.mjs';
import { createFront, MAX_BODY_BYTES } from './server.mjs';
import { createAnswerer } from './modes/index.mjs';
import { createLog } from './log.mjs';

export { DOCUMENT, MAX_BODY_BYTES };
export { redact } from './log.mjs';
export { Problem } from './problems.mjs';

/**
 * Starts the mock and resolves to `{ url, close(), reset? }` (port 0 picks a free port). Options:
 * host, port, strict, cors, verbose, log (a function receiving each log line), document (a file
 * path or the parsed description), and the mode: `dynamic` (with `seed`), `sandbox` (with
 * `fixture`, `rateLimit`, `latencyMs`, `maxKeys`, `store`, `storeTtlMs`), `upstream` (the
 * validating proxy, with `upstreamTimeoutMs`) or `answerer` (your own, see modes/index.mjs); the
 * examples otherwise.
 */
export async function startMock(options = {}) {
  const { host = '127.0.0.1', port = 0, strict = false, cors = true, verbose = false, document = DOCUMENT } = options;
  const api = readApi(document);
  const schemas = createSchemas(api.document);
  const proxy = Boolean(options.upstream && !options.answerer);
  // Warnings (a sandbox key's state dropped) are written even when requests are not logged.
  const log = createLog({ verbose: verbose || proxy, ...(options.log ? { write: options.log } : {}) });
  const answerer = await createAnswerer(api, { ...options, log });
  const pipeline = createPipeline({ api, schemas, answerer, strict, enforce: !proxy, log });
  const server = createFront(pipeline.handle, { cors });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  warmUp(api, schemas);
  const { port: bound } = server.address();
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    ...(answerer.reset ? { reset: (apiKey) => answerer.reset(apiKey) } : {}),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await answerer.close?.();
    },
  };
}

/**
 * Compiles the answers' validators while the mock is idle, one at a time, starting a second
 * after it listens, so that the first requests do not wait for them.
 */
function warmUp(api, schemas) {
  const pending = api.operations.flatMap((o) =>
    Object.values(o.responses)
      .map((r) => r.schema)
      .filter(Boolean),
  );
  const next = () => {
    const at = pending.shift();
    if (!at) return;
    schemas.response(at);
    setTimeout(next, 10).unref();
  };
  setTimeout(next, 1000).unref();
}
