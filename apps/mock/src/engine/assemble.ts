// The one assembly of the mock: the engine over a description, answered by one mode. Every face
// builds its mock here (startMock and the CLI through node/serve.ts, the MSW handlers, the tests'
// createSandbox), from the mode config.ts resolved; what only one platform can do (read a file,
// connect to Redis, forward over node:http) it hands in as its Platform.
import { type Api, type Node, readApi } from './api.ts';
import { createEngine } from './engine.ts';
import { createFaults, type FaultPlan } from './faults.ts';
import { createJournal, type Exchange, type Journal } from './journal/journal.ts';
import { createMemoryJournal, type JournalLimits, type JournalStore } from './journal/store.ts';
import type { Log } from './log.ts';
import { type Answer, type Answerer, indexRoute, type Listed, type Route } from './mode.ts';
import { createDynamic } from './modes/dynamic.ts';
import { createExamples } from './modes/examples.ts';
import type { FixtureSource } from './sandbox/fixture.ts';
import type { Clock } from './sandbox/index.ts';
import type { Collections, Store } from './sandbox/store.ts';
import { createSchemas, type Schemas } from './schemas.ts';

/** Who writes the answers, with everything it needs (config.ts makes it from the options). */
export type Mode =
  /** The description's examples (`seed`: of what `Prefer: dynamic=true` generates). */
  | { kind: 'examples'; seed: number }
  | { kind: 'dynamic'; seed: number }
  | SandboxMode
  | ProxyMode
  /** Answers from recorded traffic (`replay`: a path, or the entries), else as `fallback` says. */
  | { kind: 'replay'; replay: string | Node; fallback: 'none' | 'examples' }
  /** Your own. */
  | { kind: 'answerer'; answerer: Answerer };

export interface ProxyMode {
  kind: 'proxy';
  upstream: string;
  upstreamTimeoutMs: number;
  /** Where to write what it relays (--record), and the names to scrub (--scrub). */
  record: string | undefined;
  scrub: readonly string[];
}

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
  /** The sandbox's fixture at a path, or the built-in one (undefined), read; and how messages name it. */
  fixture(path: string | undefined): FixtureSource;
  /** The sandbox's state in Redis. */
  sharedStore?(
    base: Collections,
    options: { url: string; ttlMs: number; warn: (line: string) => void },
  ): Promise<Store>;
  /** The validating proxy's answerer. */
  proxy?(upstream: string, timeoutMs: number): Promise<Answerer>;
  /** The journal in Redis, shared by the instances given the same --store. */
  sharedJournal?(
    url: string,
    limits: JournalLimits,
    options: { ttlMs: number; warn: (line: string) => void },
  ): Promise<JournalStore>;
  /** The replay mode's answerer, its recording read from a file. */
  replay?(mode: Extract<Mode, { kind: 'replay' }>, context: ModeContext): Promise<Answerer>;
  /** Writes each exchange the proxy relays to its recording (`--record`). */
  recorder?(
    mode: ProxyMode & { record: string },
  ): Promise<{ record(exchange: Exchange, answer: Answer): Promise<void>; close(): Promise<void> }>;
}

export interface AssembleOptions {
  document: Node;
  mode: Mode;
  strict: boolean;
  log: Log;
  platform: Platform;
  /** Who runs there, for `GET /`; without it, `/` is not the mock's (the handlers leave it to the page). */
  about?: { name: string; version: string; docs: string; routes: Listed[] } | undefined;
  /** Time as the sandbox and the journal see it (tests hand in their own). */
  clock?: Clock | undefined;
  /** The journal's bounds; false: no journal. */
  journal: JournalLimits | false;
  /** Faults across a run; undefined: only those a request asks for. */
  faults: FaultPlan | undefined;
  /** Routes of the face's own (the server's `GET /__mock/openapi.json`), answered first. */
  routes?: Route[] | undefined;
}

/** The engine (`handle`, `serves`), the mode's answerer (its reset), the journal, and how to stop them. */
export type Mock = ReturnType<typeof createEngine> & { answerer: Answerer; journal: Journal; close(): Promise<void> };

/** What a mode is made with. */
export type ModeContext = Pick<AssembleOptions, 'log' | 'platform' | 'clock'> & { api: Api; schemas: Schemas };

export async function assemble(options: AssembleOptions): Promise<Mock> {
  const { document, mode, strict, log, about, platform } = options;
  const api = readApi(document);
  const schemas = await createSchemas(api.document);
  const answerer = await answererOf(mode, { ...options, api, schemas });
  const store = options.journal ? await journalStore(options.journal, mode, platform, log) : undefined;
  const journal = store ? createJournal(api, store, options.clock?.now) : undefined;
  const recorder =
    mode.kind === 'proxy' && mode.record ? await platform.recorder?.({ ...mode, record: mode.record }) : undefined;
  // `GET /` says what runs there, unless the description has `/` or the proxy passes the upstream's on.
  const index = about && mode.kind !== 'proxy' && !api.byPath.has('/');
  const routes = [...(options.routes ?? [])];
  if (index) {
    const { routes: listed, ...who } = about;
    // The sandbox's old reset is served only where a mode keeps state (engine.ts).
    const served = listed.filter(({ path }) => !path.startsWith('/__sandbox/') || (answerer.reset && !answerer.routes));
    routes.push(indexRoute(api, { ...who, mode: mode.kind, strict }, served));
  }
  const engine = createEngine({
    api,
    schemas,
    mode: answerer,
    routes,
    strict,
    log,
    journal,
    faults: createFaults(options.faults),
    record: recorder?.record,
  });
  const close = async () => {
    await answerer.close?.();
    await store?.close?.();
    await recorder?.close();
  };
  return { ...engine, answerer, journal: journal?.journal ?? NO_JOURNAL, close };
}

/** The journal's store: in the sandbox's Redis when it has one, else in memory. */
async function journalStore(limits: JournalLimits, mode: Mode, platform: Platform, log: Log) {
  if (mode.kind !== 'sandbox' || mode.store === undefined) return createMemoryJournal(limits);
  if (!platform.sharedJournal) throw new TypeError('a shared journal needs Node: hostapi-mock, or startMock()');
  return platform.sharedJournal(mode.store, limits, { ttlMs: mode.storeTtlMs, warn: log.warn });
}

/** The journal of a mock started without one. */
const NO_JOURNAL: Journal = {
  entries: () => Promise.reject(off()),
  verify: () => Promise.reject(off()),
  clear: () => Promise.reject(off()),
};
const off = () => new Error('This mock keeps no journal: it was started with journal: false (--no-journal).');

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
    case 'replay':
      if (!context.platform.replay) throw new TypeError('the replay needs Node: hostapi-mock --replay, or startMock()');
      return context.platform.replay(mode, context);
    case 'answerer':
      return mode.answerer;
  }
}
