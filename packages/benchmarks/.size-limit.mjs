// size-limit, run by bench/bundle-size.mjs and by the budget test: what a browser application
// ships, minified and gzipped, dependencies included. The limit is the one in budgets.json.
import { readFileSync } from 'node:fs';

const { bundle } = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));
const CLIENT = '../client/dist/index.js';
const PATHS = '../client/dist/paths.js';
const ERRORS = [
  'HostApiError',
  'ApiError',
  'RateLimitError',
  'ValidationError',
  'HttpError',
  'RedirectError',
  'InvalidResponseError',
  'ResponseTooLargeError',
  'NetworkError',
  'TimeoutError',
  'AbortedError',
  'PaginationError',
].join(', ');

export default [
  {
    // All 22 operation methods, errors (validation problems included), retries, timeouts, the
    // bound on an answer's size, per-call options and pagination.
    name: 'operation client',
    path: CLIENT,
    import: `{ createHostApiClient, ${ERRORS} }`,
    gzip: true,
    limit: `${bundle.operationClientGzip.max} B`,
  },
  {
    name: 'operation client + path client',
    path: [CLIENT, PATHS],
    import: { [CLIENT]: `{ createHostApiClient, ${ERRORS} }`, [PATHS]: '{ createPathClient }' },
    gzip: true,
  },
  {
    name: 'openapi-fetch alone',
    path: 'node_modules/@hostapi/client/node_modules/openapi-fetch/dist/index.mjs',
    import: '*',
    gzip: true,
  },
];
