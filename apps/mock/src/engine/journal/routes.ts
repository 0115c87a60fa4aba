// The mock's own routes, all under /__mock/ (answered before the description's operations, in
// every mode and face): a key's reset, its journal read, cleared and verified. Each takes the key
// whose requests it concerns as `?apikey=`, so that a page or a test sees only its own key's
// entries; anything it cannot take is a 4xx problem naming the parameter. The mock server
// describes them at `GET /__mock/openapi.json` (journal/openapi.ts), and lists them at `GET /`.
import { fieldBytes, maskKeyIn, parseUrlEncoded } from '@hostapi/spec/wire';
import type { Answer, Route } from '../mode.ts';
import { type Note, Problem, resetNeedsKey } from '../problems.ts';
import type { EngineRequest } from '../read.ts';
import { quoted } from '../departures.ts';
import { keysIn } from '../log.ts';
import { checkFilter, FilterError, type JournalCore, type JournalFilter, MAX_LIMIT, partitionOf } from './journal.ts';
import type { Partition } from './store.ts';
import { type Expectation, verdictOf } from './verify.ts';

export interface RoutesOptions {
  /** Undefined: the journal is off (`--no-journal`). */
  journal: JournalCore | undefined;
  /** Restores a key: the mode's state, its fault count (not its journal: the route clears that). */
  reset(partition: Partition, apiKey: string, bytes: Uint8Array): Promise<void>;
  /** Whether to serve the sandbox's old reset route too. */
  oldReset: boolean;
}

const RESERVED = new Set(['apikey', 'operation', 'since', 'limit']);

export function mockRoutes({ journal, reset, oldReset }: RoutesOptions): Route[] {
  const resetKey = async (request: EngineRequest) => {
    const key = keyOf(request);
    if (!key) throw resetNeedsKey();
    const partition = await partitionOf(key.text, key.bytes);
    await reset(partition, key.text, key.bytes);
    await journal?.clear(partition);
    return { status: 204 };
  };
  // What a route answers quotes what it was sent (a field named in a filter): masked, as the key may be there.
  const on =
    (what: string, run: (journal: JournalCore, partition: Partition, request: EngineRequest) => unknown) =>
    async (request: EngineRequest): Promise<Answer> => {
      if (!journal) throw journalOff();
      const key = keyOf(request);
      if (!key) throw keyNeeded(what);
      // Every key the request carries (`APIKEY=` after `apikey=` too), as the log masks them.
      const keys = await keysIn(request);
      try {
        return maskKeyIn((await run(journal, await partitionOf(key.text, key.bytes), request)) as Answer, keys);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        const { status, type, title, detail, validation } = error;
        throw new Problem({ status, type, title, ...maskKeyIn({ detail, validation }, keys) });
      }
    };

  return [
    { method: 'POST', path: '/__mock/reset', answer: resetKey },
    ...(oldReset ? [{ method: 'POST', path: '/__sandbox/reset', answer: resetKey }] : []),
    {
      method: 'GET',
      path: '/__mock/journal',
      answer: on('GET /__mock/journal reads', async (core, partition, request) => {
        const filter = filterOf(request.search);
        checked(() => checkFilter(core.fieldNames, core.api, filter), 'query');
        return { status: 200, body: await core.read(partition, filter) };
      }),
    },
    {
      method: 'DELETE',
      path: '/__mock/journal',
      answer: on('DELETE /__mock/journal forgets', async (core, partition) => {
        await core.clear(partition);
        return { status: 204 };
      }),
    },
    {
      method: 'POST',
      path: '/__mock/journal/verify',
      answer: on('POST /__mock/journal/verify checks', async (core, partition, request) => {
        const expectation = expectationOf(request);
        checked(() => checkFilter(core.fieldNames, core.api, expectation), 'body');
        const { entries, dropped } = await core.read(partition, { limit: Number.POSITIVE_INFINITY });
        return { status: 200, body: verdictOf({ ...expectation, apikey: '' }, entries, dropped) };
      }),
    },
  ];
}

/** The key a route is asked for: `?apikey=` (however its name is spelled), its text and bytes. */
function keyOf(request: EngineRequest): { text: string; bytes: Uint8Array } | undefined {
  const text = parseUrlEncoded(request.search).find(([name]) => name === 'apikey')?.[1];
  const bytes = fieldBytes(request.search, 'apikey');
  return text && bytes ? { text, bytes } : undefined;
}

/** The filter of `GET /__mock/journal`'s query: every name but the reserved ones is a field's. */
function filterOf(search: string): JournalFilter {
  const filter: JournalFilter = { fields: {} };
  const fields = filter.fields as Record<string, unknown>;
  const seen = new Set<string>();
  for (const [name, value] of parseUrlEncoded(search)) {
    if (seen.has(name)) throw badQuery(name, `${quoted(name)} is given twice`);
    seen.add(name);
    if (name === 'operation') filter.operation = value;
    else if (name === 'since' || name === 'limit') {
      if (!/^[0-9]{1,15}$/.test(value)) throw badQuery(name, `${name} must be a whole number, got "${quoted(value)}"`);
      filter[name] = Number(value);
      if (name === 'limit' && (filter.limit as number) > MAX_LIMIT)
        throw badQuery(name, `limit must be at most ${MAX_LIMIT}, got ${value}`);
    } else if (!RESERVED.has(name)) Object.defineProperty(fields, name, { value, enumerable: true });
  }
  return filter;
}

/** The expectation a verify route's JSON body states. */
function expectationOf(request: EngineRequest): Expectation {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    throw badBody([], 'the body must be JSON: {"operation": "addSshKey", "fields": {"label": "laptop"}, "times": 1}');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badBody([], 'the body must be a JSON object');
  const { operation, fields, times, atLeast, atMost, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    throw badBody(
      [extra],
      `"${quoted(extra)}" is not part of an expectation (operation, fields, times, atLeast, atMost)`,
    );
  if (operation !== undefined && typeof operation !== 'string') throw badBody(['operation'], 'operation must be text');
  if (fields !== undefined && (!fields || typeof fields !== 'object' || Array.isArray(fields)))
    throw badBody(['fields'], 'fields must be an object of wire names and values');
  return { operation, fields, times, atLeast, atMost } as Expectation;
}

/** Runs a check of the filter or expectation, a FilterError becoming a 422 naming the parameter. */
function checked(check: () => void, where: 'query' | 'body') {
  try {
    check();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const { parameter, field } = error;
    if (where === 'query') throw badQuery(parameter === 'fields' ? field : parameter, error.message);
    throw badBody(parameter === 'fields' ? [parameter, field] : [parameter], error.message);
  }
}

const problem = (status: number, name: string, title: string, detail: string, validation?: Note[]) =>
  new Problem({ status, type: `urn:hostapi:mock:${name}`, title, detail, validation });

const badQuery = (name: string, message: string) =>
  problem(422, 'journal-query', 'Invalid journal query', message, [
    { location: ['query', quoted(name)], severity: 'Error', code: 'journalQuery', message },
  ]);

const badBody = (location: string[], message: string) =>
  problem(422, 'journal-expectation', 'Invalid expectation', message, [
    { location: ['body', ...location.map(quoted)], severity: 'Error', code: 'expectation', message },
  ]);

const keyNeeded = (what: string) =>
  problem(
    422,
    'journal-needs-key',
    'Invalid request',
    `${what} one key's requests: give it as ?apikey=<key>. A key never sees another key's requests ` +
      "(every key's: journal.entries() of startMock(), in your process).",
  );

const journalOff = () =>
  problem(
    404,
    'journal-off',
    'No journal',
    'This mock keeps no journal: it was started with --no-journal (journal: false).',
  );
