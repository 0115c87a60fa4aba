// The mock served over node:http, from a resolved configuration (config.ts): startMock() and the
// CLI both start it here. Node's part of the assembly (engine/assemble.ts) is its Platform: the
// files, the Redis store and the proxy.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { faultsOf, journalOf, type MockConfig } from '../config.ts';
import type { Node } from '../engine/api.ts';
import { assemble, type Platform } from '../engine/assemble.ts';
import type { Journal } from '../engine/journal/journal.ts';
import { createLog } from '../engine/log.ts';
import { BUILT_IN_FIXTURE, DOCUMENT, exists, MANIFEST, parseFixture, readText } from './files.ts';
import { createFront } from './front.ts';
import { LISTED, mockApiRoute } from '../engine/journal/openapi.ts';

export interface RunningMock {
  url: string;
  /** Present when the mode keeps state (the sandbox): restores one key's state and journal, or every key's. */
  reset?(apiKey?: string): Promise<void>;
  /** The requests it answered, per API key: read them, verify them, clear them (docs/journal.md). */
  journal: Journal;
  close(): Promise<void>;
}

/** What only Node does for the modes: files, Redis and the proxy, each loaded only for the mode that needs it. */
export const NODE: Platform = {
  fixture: (path = BUILT_IN_FIXTURE) => parseFixture(readText(path), path),
  async sharedStore(base, options) {
    const { createRedisStore } = await import('./redis-store.ts');
    return createRedisStore(base, options);
  },
  async proxy(upstream, timeoutMs) {
    const { createProxy } = await import('./proxy.ts');
    return createProxy(upstream, timeoutMs);
  },
  async sharedJournal(url, limits, options) {
    const { createRedisJournal } = await import('./redis-journal.ts');
    return createRedisJournal(url, limits, options);
  },
  async replay({ replay, fallback }, context) {
    const { createReplay } = await import('../engine/modes/replay.ts');
    const { RecordingError } = await import('../engine/recording.ts');
    if (typeof replay !== 'string') return createReplay(replay, fallback, context);
    let text: string;
    try {
      text = readText(replay);
    } catch (error) {
      throw new RecordingError(`Invalid recording ${replay}: cannot be read: ${(error as Error).message}`);
    }
    return createReplay({ source: replay, text }, fallback, context);
  },
  async recorder(mode) {
    const { createRecorder } = await import('./recorder.ts');
    return createRecorder(mode);
  },
};

/** Starts the mock a configuration describes (port 0 picks a free port). */
export async function serve(config: MockConfig): Promise<RunningMock> {
  const write = config.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const mock = await assemble({
    document: readDocument(config.document),
    mode: config.mode,
    strict: config.strict,
    // Warnings (a sandbox key's state dropped) are written even when requests are not logged.
    log: createLog({ verbose: config.verbose, write }),
    platform: NODE,
    about: about(),
    journal: journalOf(config),
    faults: faultsOf(config),
    routes: [mockApiRoute()],
  });
  const { answerer, journal } = mock;
  const server = createFront(mock.handle, config.cors);
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await mock.close();
  };
  try {
    await once(server.listen(config.port, config.host), 'listening');
    await answerer.listening?.(server.address() as AddressInfo);
  } catch (error) {
    await close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    ...(answerer.reset && {
      async reset(apiKey?: string) {
        await answerer.reset?.(apiKey);
        if (config.journal) await journal.clear(apiKey);
      },
    }),
    journal,
    close,
  };
}

/** The description: a parsed document, or the path of a bundled JSON file. */
export function readDocument(document: string | Node = DOCUMENT): Node {
  if (typeof document !== 'string') return document;
  if (!exists(document))
    throw new Error(`${document} is missing: build the description first (\`pnpm build\` in the repository)`);
  return JSON.parse(readText(document));
}

/** Who runs there, as `GET /` tells it: the package, and where the API's docs are. */
function about() {
  const { name, version, homepage } = JSON.parse(readText(MANIFEST));
  return { name, version, docs: homepage, routes: LISTED };
}
