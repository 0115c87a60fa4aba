// The mock as a library: Prism's HTTP server in this process, on the document the CLI serves
// (dist/mock.json), for tests that need a mock without a child process.
import { createLogger } from '@stoplight/prism-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createServer } from '@stoplight/prism-http-server';
import { fileURLToPath } from 'node:url';

export const MOCK_DOCUMENT = fileURLToPath(new URL('../dist/mock.json', import.meta.url));

/**
 * Starts the mock with the CLI's settings (request and response validation, security checks,
 * errors on) and resolves to `{ url, close() }`. Port 0 picks a free port.
 */
export async function startMock({ host = '127.0.0.1', port = 0, dynamic = false, seed = 1, document = MOCK_DOCUMENT } = {}) {
  const operations = await getHttpOperationsFromSpec(document);
  const server = createServer(operations, {
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
    components: { logger: createLogger('mock', { level: 'silent' }) },
  });
  const address = await server.listen(port, host);
  return { url: address.replace(/\/$/, ''), close: () => server.close() };
}
