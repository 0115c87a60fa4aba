// The one assembly of the mock: the engine over a description, answered by one mode. Every face
// builds its mock here (startMock and the CLI through node/serve.ts, the MSW handlers, the tests'
// createSandbox), from the mode config.ts resolved; what only one platform can do (read a file,
// connect to Redis, forward over node:http) it hands in as its Platform.
import { type Api, type Node, readApi } from './api.ts';
import { createEngine } from './engine.ts';
import type { Log } from './log.ts';
import { type Answerer, indexRoute } from './mode.ts';
import { createDynamic } from './modes/dynamic.ts';
import { createExamples } from './modes/examples.ts';
import type { Clock } from './sandbox/index.ts';
import type { Collections, Store } from './sandbox/store.ts';
import { createSchemas, type Schemas } from './schemas.ts';

/** Who writes the answers, with everything it needs (config.ts makes it from the options). */
export type Mode =
  /** The description's examples (`seed`: of what `Prefer: dynamic=true` generates). */
  | { kind: 'examples'; seed: number }
  | { kind: 'dynamic'; seed: number }
  | SandboxMode
  | { kind: 'proxy'; upstream: string; upstreamTimeoutMs: number }
  /** Your own. */
  | { kind: 'answerer'; answerer: Answerer };

export interface SandboxMode {
  kind: 'sandbox';
  /** A path, the data itself, or undefined for the built-in fixture. */
  fixture: string | Node | undefined;
  rateLimit: number | undefined;
  latencyMs: number;
  maxKeys: number;
  /** Bounds of one key's state, and of one record it writes, in bytes of JSON. */
  maxStateBytes: number;
  maxRecordBytes: number;
  /** A Redis URL, or undefined to keep the state in memory. */
  store: string | undefined;
  storeTtlMs: number;
}

/** What a platform does for the modes that need it; a face without it refuses those modes. */
export interface Platform {
  /** The text of the sandbox's fixture at a path, or of the built-in one (undefined), and how messages name it. */
  fixtureText(path: string | undefined): { source: string; text: string };
  /** The sandbox's state in Redis. */
  sharedStore?(
    base: Collections,
    options: { url: string; ttlMs: number; warn: (line: string) => void },
  ): Promise<Store>;
  /** The validating proxy's answerer. */
  proxy?(upstream: string, timeoutMs: number): Promise<Answerer>;
}

export interface AssembleOptions {
  document: Node;
  mode: Mode;
  strict: boolean;
  log: Log;
  platform: Platform;
  /** Who runs there, for `GET /`; without it, `/` is not the mock's (the handlers leave it to the page). */
  about?: { name: string; version: string; docs: string } | undefined;
  /** Time as the sandbox sees it (tests hand in their own). */
  clock?: Clock | undefined;
}

/** The engine (`handle`, `serves`), and the mode's answerer (its reset, its end). */
export type Mock = ReturnType<typeof createEngine> & { answerer: Answerer };

/** What a mode is made with. */
export type ModeContext = Pick<AssembleOptions, 'log' | 'platform' | 'clock'> & { api: Api; schemas: Schemas };

export async function assemble(options: AssembleOptions): Promise<Mock> {
  const { document, mode, strict, log, about } = options;
  const api = readApi(document);
  const schemas = await createSchemas(api.document);
  const answerer = await answererOf(mode, { ...options, api, schemas });
  // `GET /` says what runs there, unless the description has `/` or the proxy passes the upstream's on.
  const index = about && mode.kind !== 'proxy' && !api.byPath.has('/');
  const routes = index ? [indexRoute(api, { ...about, mode: mode.kind, strict }, !!answerer.reset)] : [];
  return { ...createEngine({ api, schemas, mode: answerer, routes, strict, log }), answerer };
}

async function answererOf(mode: Mode, context: ModeContext): Promise<Answerer> {
  switch (mode.kind) {
    case 'examples':
      return createExamples(createDynamic(context.api, mode.seed));
    case 'dynamic':
      return createDynamic(context.api, mode.seed);
    case 'sandbox': {
      // Loaded only for the sandbox: the other modes start without its fixture's YAML reader.
      const { sandboxOf } = await import('./sandbox/index.ts');
      return sandboxOf(mode, context);
    }
    case 'proxy':
      if (!context.platform.proxy) throw new TypeError('the proxy needs Node: hostapi-mock proxy, or startMock()');
      return context.platform.proxy(mode.upstream, mode.upstreamTimeoutMs);
    case 'answerer':
      return mode.answerer;
  }
}
