// @hostapi/mock/msw: the mock's engine as Mock Service Worker handlers, for a test process (Node's
// setupServer) or a page (a browser's setupWorker). Assembled as the mock server is
// (engine/assemble.ts), behind the Fetch front (engine/fetch.ts) instead of node:http. It reads no
// file: the description and the built-in fixture are data in the module, so that it bundles for a
// browser.
import './msw-node.ts';
import description from '@hostapi/spec/openapi.json' with { type: 'json' };
import { type HttpHandler, http } from 'msw';
import { resolveOptions } from './config.ts';
import type { Node } from './engine/api.ts';
import { assemble, type Platform } from './engine/assemble.ts';
import { answerFetch } from './engine/fetch.ts';
import { createLog } from './engine/log.ts';
import { BUILT_IN_FIXTURE_YAML } from './generated/sandbox-fixture.ts';
import { HANDLER_MODES, type MockOptions } from './options.ts';

/** The options of the mock server the handlers take, by the same names (see the options table). */
type Shared = Pick<
  MockOptions,
  'strict' | 'seed' | 'rateLimit' | 'latencyMs' | 'maxKeys' | 'maxStateBytes' | 'maxRecordBytes'
>;

export interface HandlersOptions extends Shared {
  /** Who writes the answers: the description's examples (default), generated data, or the sandbox. */
  mode?: (typeof HANDLER_MODES)[number];
  /** Where the API is (default: the description's server); requests elsewhere are not the handlers'. */
  baseUrl?: string;
  /** With mode `sandbox`: the fixture, as data (default: the built-in one, fixtures/sandbox.yaml). */
  fixture?: Record<string, unknown>;
}

/** A page's platform: the built-in fixture is in the module; no file, Redis or proxy. */
const PAGE: Platform = { fixtureText: () => ({ source: 'built-in', text: BUILT_IN_FIXTURE_YAML }) };

/**
 * MSW handlers that answer every operation as `hostapi-mock` does in that mode: one handler for
 * `${baseUrl}/*`. A path that is none of the API's (a page's own files) is passed through.
 */
export function handlers(options: HandlersOptions = {}): HttpHandler[] {
  const {
    mode = 'examples',
    fixture,
    strict,
    seed,
    rateLimit,
    latencyMs,
    maxKeys,
    maxStateBytes,
    maxRecordBytes,
  } = options;
  if (!HANDLER_MODES.includes(mode))
    throw new TypeError(`mode must be one of ${HANDLER_MODES.join(', ')}, got ${String(mode)}`);
  if (typeof fixture === 'string')
    throw new TypeError('fixture must be the fixture as data (an object): the handlers read no file');
  // The mode by the option that chooses it, as the mock server takes it.
  const chosen = { dynamic: mode === 'dynamic', sandbox: mode === 'sandbox' };
  const limits = { rateLimit, latencyMs, maxKeys, maxStateBytes, maxRecordBytes };
  const given: Record<string, unknown> = { ...chosen, fixture, strict, seed, ...limits };
  const config = resolveOptions(given, 'mock', false);
  const document = description as Node;
  const baseUrl = (options.baseUrl ?? document.servers[0].url).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new TypeError(`baseUrl must be an absolute URL, got ${baseUrl}`);
  const prefix = new URL(baseUrl).pathname.replace(/\/$/, '');
  const ready = assemble({
    document,
    mode: config.mode,
    strict: config.strict,
    log: createLog({ verbose: false, write: (line) => console.warn(line) }),
    platform: PAGE,
  });
  ready.catch(() => {}); // A fixture the sandbox refuses fails the first request, with its message.
  return [
    http.all(`${baseUrl}/*`, async ({ request }) => {
      const path = new URL(request.url).pathname.slice(prefix.length);
      const mock = await ready;
      if (!mock.serves(path)) return undefined;
      return answerFetch(mock.handle, request, path);
    }),
  ];
}
