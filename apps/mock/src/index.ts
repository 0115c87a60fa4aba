// @hostapi/mock as a library: the same mock the CLI starts, in your process. Node's part: the
// files, the HTTP front, the proxy and the Redis store; everything else is the engine's.
import type { AddressInfo } from 'node:net';
import { type Api, type Node, readApi } from './engine/api.ts';
import { createEngine } from './engine/engine.ts';
import { createLog, type Log } from './engine/log.ts';
import { type Answerer, indexRoute } from './engine/mode.ts';
import { createDynamic } from './engine/modes/dynamic.ts';
import { createExamples } from './engine/modes/examples.ts';
import { createSchemas, type Schemas } from './engine/schemas.ts';
import { createFront, MAX_BODY_BYTES } from './node/front.ts';
import { DOCUMENT, exists, MANIFEST, readText } from './node/files.ts';
import { checkOptions, type MockOptions } from './options.ts';

export { DOCUMENT, MAX_BODY_BYTES };
export type { MockOptions };
export type { AnswerRequest, Answerer, ModeAnswer as Answer, Route } from './engine/mode.ts';
export type { EngineRequest } from './engine/read.ts';
export { redact } from './engine/log.ts';
export { Problem } from './engine/problems.ts';

export interface RunningMock {
  url: string;
  /** Present when the mode keeps state (the sandbox). */
  reset?(apiKey?: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the mock (port 0, the default, picks a free port); the options are in options.ts and the README. */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const proxy = options.upstream !== undefined && !options.answerer;
  checkOptions(options, proxy ? 'proxy' : 'mock', false);
  const { host = '127.0.0.1', port = 0, strict = false, cors = true, verbose = false } = options;
  const api = readApi(readDocument(options.document));
  const schemas = await createSchemas(api.document);
  // Warnings (a sandbox key's state dropped) are written even when requests are not logged.
  const write = options.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const log = createLog({ verbose: verbose || proxy, write });
  const mode = await createMode(api, schemas, options, log);
  // `GET /` says what runs there, unless the description has `/` or this is the proxy (the
  // upstream's `/` is passed on). The engine adds the mode's routes.
  const routes = proxy || api.byPath.has('/') ? [] : [indexRoute(api, about(options, strict), !!mode.reset)];
  const engine = createEngine({ api, schemas, mode, routes, strict, log });
  const server = createFront(engine.handle, cors);
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await mode.close?.();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    if (proxy && options.upstream) {
      const { refuseSelf } = await import('./node/proxy.ts');
      await refuseSelf(options.upstream, server.address() as AddressInfo);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    ...(mode.reset ? { reset: async (apiKey?: string) => mode.reset?.(apiKey) } : {}),
    close,
  };
}

/** What `GET /` tells of this mock: the package, the mode, and where the API's docs are. */
function about(options: MockOptions, strict: boolean) {
  const { name, version, homepage } = JSON.parse(readText(MANIFEST));
  const mode = options.answerer ? 'answerer' : options.sandbox ? 'sandbox' : options.dynamic ? 'dynamic' : 'examples';
  return { name, version, mode, strict, docs: homepage };
}

/** The description: a parsed document, or the path of a bundled JSON file. */
function readDocument(document: string | Node = DOCUMENT): Node {
  if (typeof document !== 'string') return document;
  if (!exists(document))
    throw new Error(`${document} is missing: build the description first (\`pnpm build\` in the repository)`);
  return JSON.parse(readText(document));
}

/** Who writes the answers: your answerer, the proxy, the sandbox, generated data or the examples. */
async function createMode(api: Api, schemas: Schemas, options: MockOptions, log: Log): Promise<Answerer> {
  const { answerer, upstream, sandbox, dynamic, seed = 1 } = options;
  if (answerer) return answerer;
  if (upstream !== undefined) {
    const { createProxy } = await import('./node/proxy.ts');
    return createProxy(upstream, options.upstreamTimeoutMs);
  }
  if (sandbox) {
    const { createNodeSandbox } = await import('./node/sandbox.ts');
    const { fixture, rateLimit, latencyMs, maxKeys, store, storeTtlMs } = options;
    return createNodeSandbox({ api, schemas, fixture, rateLimit, latencyMs, maxKeys, store, storeTtlMs, log });
  }
  const generated = createDynamic(api, seed);
  return dynamic ? generated : createExamples(generated);
}
