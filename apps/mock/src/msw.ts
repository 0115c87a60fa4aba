// @hostapi/mock/msw: the mock's engine as Mock Service Worker handlers, for a test process (Node's
// setupServer) or a page (a browser's setupWorker). Assembled as the mock server is
// (engine/assemble.ts), behind the Fetch front (engine/fetch.ts) instead of node:http. It reads no
// file: the description and the built-in fixture are data in the module, so that it bundles for a
// browser.
import './msw-node.ts';
import description from '@hostapi/spec/openapi.json' with { type: 'json' };
import { type HttpHandler, http } from 'msw';
import { faultsOf, journalOf, resolveOptions } from './config.ts';
import type { Node } from './engine/api.ts';
import { assemble, type Platform } from './engine/assemble.ts';
import { answerFetch } from './engine/fetch.ts';
import type { Journal } from './engine/journal/journal.ts';
import { createLog } from './engine/log.ts';
import { BUILT_IN_FIXTURE } from './generated/sandbox-fixture.ts';
import { HANDLER_MODES, type MockOptions } from './options.ts';

export type { Expectation, Verdict } from './engine/journal/verify.ts';
export { VerificationError } from './engine/journal/verify.ts';
export type { Journal, JournalEntry, JournalFilter, JournalPage } from './engine/journal/journal.ts';

/** The options of the mock server the handlers take, by the same names (see the options table). */
const SHARED = [
  'strict',
  'seed',
  'rateLimit',
  'latencyMs',
  'maxKeys',
  'maxStateBytes',
  'maxRecordBytes',
  'journal',
  'journalMax',
  'journalMaxPerKey',
  'faultRate',
  'faultSeed',
  'faults',
] as const satisfies readonly (keyof MockOptions)[];
type Shared = Pick<MockOptions, (typeof SHARED)[number]>;

export interface HandlersOptions extends Shared {
  /** Who writes the answers: the description's examples (default), generated data, or the sandbox. */
  mode?: (typeof HANDLER_MODES)[number];
  /** Where the API is (default: the description's server); requests elsewhere are not the handlers'. */
  baseUrl?: string;
  /** With mode `sandbox`: the fixture, as data (default: the built-in one, fixtures/sandbox.yaml). */
  fixture?: Record<string, unknown>;
}

/** A page's platform: the built-in fixture is in the module; no file, Redis or proxy. */
const PAGE: Platform = { fixture: () => ({ source: 'built-in', raw: BUILT_IN_FIXTURE }) };

/**
 * MSW handlers that answer every operation as `hostapi-mock` does in that mode: one handler for
 * `${baseUrl}/*`. A path that is none of the API's (a page's own files) is passed through.
 */
export function handlers(options: HandlersOptions = {}): HttpHandler[] {
  return createHandlers(options).handlers;
}

/** The handlers, and the journal of the requests they answered (as `startMock()`'s: docs/journal.md). */
export function createHandlers(options: HandlersOptions = {}): { handlers: HttpHandler[]; journal: Journal } {
  const { mode = 'examples', fixture } = options;
  if (!HANDLER_MODES.includes(mode))
    throw new TypeError(`mode must be one of ${HANDLER_MODES.join(', ')}, got ${String(mode)}`);
  if (typeof fixture === 'string')
    throw new TypeError('fixture must be the fixture as data (an object): the handlers read no file');
  // The mode by the option that chooses it, as the mock server takes it.
  const chosen = { dynamic: mode === 'dynamic', sandbox: mode === 'sandbox' };
  const shared = Object.fromEntries(SHARED.map((name) => [name, options[name]]));
  const config = resolveOptions({ ...chosen, fixture, ...shared } as MockOptions, 'mock', false);
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
    journal: journalOf(config),
    faults: faultsOf(config),
  });
  ready.catch(() => {}); // A fixture the sandbox refuses fails the first request, with its message.
  const journal: Journal = {
    entries: async (filter) => (await ready).journal.entries(filter),
    verify: async (expectation) => (await ready).journal.verify(expectation),
    clear: async (apikey) => (await ready).journal.clear(apikey),
  };
  const handler = http.all(`${baseUrl}/*`, async ({ request }) => {
    const path = new URL(request.url).pathname.slice(prefix.length);
    const mock = await ready;
    if (!mock.serves(path)) return undefined;
    return answerFetch(mock.handle, request, path);
  });
  return { handlers: [handler], journal };
}
