// @hostapi/mock/msw: the mock's engine as Mock Service Worker handlers, for a test process (Node's
// setupServer) or a page (a browser's setupWorker). The same engine as the mock server's, behind
// the Fetch front (engine/fetch.ts) instead of node:http. It reads no file: the description and
// the built-in fixture are data in the module, so that it bundles for a browser.
import description from '@hostapi/spec/openapi.json' with { type: 'json' };
import { type HttpHandler, http } from 'msw';
import { type Node, readApi } from './engine/api.ts';
import { createEngine } from './engine/engine.ts';
import { answerFetch } from './engine/fetch.ts';
import { createLog } from './engine/log.ts';
import type { Answerer } from './engine/mode.ts';
import { createDynamic } from './engine/modes/dynamic.ts';
import { createExamples } from './engine/modes/examples.ts';
import { loadFixture, parseFixture } from './engine/sandbox/fixture.ts';
import { createSandbox } from './engine/sandbox/index.ts';
import { createMemoryStore, MAX_KEYS } from './engine/sandbox/store.ts';
import { createSchemas } from './engine/schemas.ts';
import { BUILT_IN_FIXTURE_YAML } from './generated/sandbox-fixture.ts';
import { checkOptions } from './options.ts';

const MODES = ['examples', 'dynamic', 'sandbox'] as const;

export interface HandlersOptions {
  /** Who writes the answers: the description's examples (default), generated data, or the sandbox. */
  mode?: (typeof MODES)[number];
  /** Where the API is (default: the description's server); requests elsewhere are not the handlers'. */
  baseUrl?: string;
  /** With mode `dynamic`: the seed of the generated data (default 1). */
  seed?: number;
  /** With mode `sandbox`: the fixture, as data (default: the built-in one, fixtures/sandbox.yaml). */
  fixture?: Record<string, unknown>;
  /** Refuse every departure from the description instead of naming it in sl-violations. */
  strict?: boolean;
}

/**
 * MSW handlers that answer every operation as `hostapi-mock` does in that mode: one handler for
 * `${baseUrl}/*`. A path that is none of the API's (a page's own files) is passed through.
 */
export function handlers(options: HandlersOptions = {}): HttpHandler[] {
  const { mode = 'examples', seed, fixture, strict = false } = options;
  if (!MODES.includes(mode)) throw new TypeError(`mode must be one of ${MODES.join(', ')}, got ${String(mode)}`);
  checkOptions({ dynamic: mode === 'dynamic', sandbox: mode === 'sandbox', seed, fixture, strict }, 'mock', false);
  if (typeof fixture === 'string')
    throw new TypeError('fixture must be the fixture as data (an object): the handlers read no file');
  const document = description as Node;
  const baseUrl = (options.baseUrl ?? document.servers[0].url).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl)) throw new TypeError(`baseUrl must be an absolute URL, got ${baseUrl}`);
  const prefix = new URL(baseUrl).pathname.replace(/\/$/, '');
  const api = readApi(document);
  const ready = (async () => {
    const schemas = await createSchemas(document);
    const log = createLog({ verbose: false, write: (line) => console.warn(line) });
    let answerer: Answerer;
    if (mode === 'sandbox') {
      const source = fixture ? { source: '(object)', raw: fixture } : parseFixture(BUILT_IN_FIXTURE_YAML, 'built-in');
      const base = loadFixture(schemas, source);
      answerer = createSandbox({ api, base, store: createMemoryStore(base, MAX_KEYS, () => {}), maxKeys: MAX_KEYS });
    } else {
      const generated = createDynamic(api, seed ?? 1);
      answerer = mode === 'dynamic' ? generated : createExamples(generated);
    }
    return createEngine({ api, schemas, mode: answerer, routes: [], strict, log });
  })();
  ready.catch(() => {}); // A fixture the sandbox refuses fails the first request, with its message.
  return [
    http.all(`${baseUrl}/*`, async ({ request }) => {
      const path = new URL(request.url).pathname.slice(prefix.length);
      const engine = await ready;
      if (!engine.serves(path)) return undefined;
      return answerFetch(engine.handle, request, path);
    }),
  ];
}
