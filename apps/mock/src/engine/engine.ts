// One request's way through the mock, whatever the mode, read top to bottom: the mode's own
// routes, then route → read → answer → check → write. The mock's modes refuse what breaks the
// description; the proxy (validation: 'report') names it in sl-violations and lets it through.
// Platform-neutral: a front (node:http, or a service worker's fetch) hands it requests.
import type { Api, Operation } from './api.ts';
import { checkAnswer } from './check.ts';
import type { AssembleOptions } from './assemble.ts';
import { type Fault, type Faults, withFault } from './faults.ts';
import { type Exchange, type JournalCore, partitionOf } from './journal/journal.ts';
import { mockRoutes } from './journal/routes.ts';
import type { Partition } from './journal/store.ts';
import { keysIn, logExchange } from './log.ts';
import type { Answerer, Answer, Route } from './mode.ts';
import { preferencesOf } from './prefer.ts';
import { capped, invalidAnswer, mockFailure, noMethod, type Note, Problem } from './problems.ts';
import { createReader, type EngineRequest, type Reading } from './read.ts';
import { lookup, route } from './route.ts';
import type { Schemas } from './schemas.ts';

/** An answer as the engine hands it to its front, written: the front adds its transport's headers (CORS, length). */
export interface Written {
  status: number;
  headers: Record<string, string>;
  body?: string | Uint8Array | undefined;
  /** An answer passed on as it comes (the proxy's, too large to check). */
  stream?: AsyncIterable<Uint8Array> | undefined;
  /** The network fault the front carries out instead of writing the answer as it is (faults.ts). */
  fault?: Fault | undefined;
}

/** `routes`: answered before the description's operations (`GET /`), then the mode's (its reset). */
export type EngineOptions = Pick<AssembleOptions, 'strict' | 'log'> & {
  api: Api;
  schemas: Schemas;
  mode: Answerer;
  routes: Route[];
  /** Undefined: no journal kept (`--no-journal`). */
  journal: JournalCore | undefined;
  faults: Faults;
  /** Told of each exchange the mode answered (the proxy's --record). */
  record?: ((exchange: Exchange, answer: Answer) => Promise<void>) | undefined;
};

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
const UNREAD: Reading = { fields: {}, apiKey: undefined, apiKeyBytes: undefined, departures: [] };

export function createEngine({ api, schemas, mode, strict, log, journal, faults, record, ...options }: EngineOptions) {
  const reset = async (partition: Partition, apiKey: string, bytes: Uint8Array) => {
    faults.reset(partition.name);
    await mode.reset?.(apiKey, bytes);
  };
  const own = mockRoutes({ journal, reset, oldReset: !mode.routes && !!mode.reset });
  const routes = [...options.routes, ...own, ...(mode.routes ?? [])];
  const reader = createReader(api, schemas);
  const report = mode.validation === 'report';
  const reportAnswers = report || mode.validation === 'report-answers';

  async function handle(request: EngineRequest): Promise<Written> {
    const started = log.verbose ? performance.now() : 0;
    // What the exchange was, as the journal keeps it; its notes are sl-violations: departures
    // (warnings) and what breaks the description.
    const exchange: Exchange = {
      request,
      operation: undefined,
      reading: undefined,
      notes: [],
      fault: undefined,
      partition: undefined,
    };
    const ownRoute = routes.find((r) => r.method === request.method && r.path === request.path) ?? otherMethod(request);
    let answer: Answer;
    let problem: Problem | undefined;
    try {
      answer = await (ownRoute ? ownRoute.answer(request) : respond(request, exchange));
    } catch (error) {
      problem = error instanceof Problem ? error : mockFailure(String((error as Error)?.message ?? error));
      answer = problem.toAnswer();
      if (!(error instanceof Problem))
        log.error(`${request.method} ${request.path}: ${(error as Error)?.stack ?? error}`, await keysIn(request));
    }
    let written = write(answer, exchange.notes);
    if (exchange.fault) written = withFault(written, exchange.fault);
    if (journal && !ownRoute) {
      // The answer goes out all the same when the journal's store cannot keep it (a Redis away
      // is said in the log once, by its connection).
      const kept = journal.record(exchange, answer, problem);
      if (kept) await kept.catch((error) => error instanceof Problem || log.error(`journal: ${error?.stack ?? error}`));
    }
    if (record && exchange.reading && !problem) await record(exchange, answer);
    if (log.verbose) await logExchange(log, request, written.status, exchange.notes, performance.now() - started);
    return written;
  }

  async function respond(request: EngineRequest, exchange: Exchange): Promise<Answer> {
    const { notes } = exchange;
    // Route and read. What the mock refuses, the proxy names and forwards.
    let operation: Operation | undefined;
    let reading = UNREAD;
    let routed: Note[] = [];
    let refused: Note[] = [];
    try {
      ({ operation, departures: routed } = route(api, request.method, request.path, strict));
      exchange.operation = operation;
      reading = await reader.read(operation, request, strict);
      exchange.reading = reading;
    } catch (error) {
      if (!report || !(error instanceof Problem)) throw error;
      refused = error.validation ?? [{ location: [], code: String(error.status), message: error.detail }];
    }
    for (const entry of [...routed, ...reading.departures]) notes.push(asNote('Warning', entry));
    for (const entry of refused) notes.push(asNote('Error', entry));

    // A fault the request asks for, or the run's.
    const prefer = preferencesOf(request.headers.prefer, request.search);
    const partition = (exchange.partition = partitionOf(reading.apiKey, reading.apiKeyBytes));
    exchange.fault = faults.choose(prefer, partition instanceof Promise ? (await partition).name : partition.name);

    // Answer.
    const answer = await mode.answer({
      operationId: operation?.id,
      operation,
      apiKey: reading.apiKey,
      apiKeyBytes: reading.apiKeyBytes,
      fields: reading.fields,
      prefer,
      request,
    });
    notes.push(...(answer.warnings ?? []).map((entry) => asNote('Warning', entry)));
    if (!operation || answer.stream) return answer;

    // Check.
    const broken = capped(checkAnswer(schemas, operation, answer), 'Error', ['response']);
    notes.push(...broken);
    if (reportAnswers || !broken.some((note) => note.severity === 'Error')) return answer;
    return invalidAnswer(broken.map(({ location, ...note }) => ({ ...note, location: location.slice(1) }))).toAnswer();
  }

  /** A route of the mock's own (`/__mock/…`) asked with another method: 405, naming the ones it has. */
  function otherMethod({ method, path }: EngineRequest): Route | undefined {
    const allowed = path.startsWith('/__') ? routes.filter((r) => r.path === path).map((r) => r.method) : [];
    return allowed.length ? { method, path, answer: () => Promise.reject(noMethod(path, method, allowed)) } : undefined;
  }

  /** Whether a path is one this engine serves: an operation's (under any served version segment) or a route's. */
  const serves = (path: string) => routes.some((r) => r.path === path) || lookup(api, path) !== undefined;

  return { handle, serves, routes };
}

/** The answer as the front writes it: the body as JSON text (unless passed on as bytes), sl-violations. */
function write(answer: Answer, notes: Note[]): Written {
  const headers = { ...answer.headers };
  const body = answer.raw ?? answer.json ?? (answer.body === undefined ? undefined : JSON.stringify(answer.body));
  if (body !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
    headers['content-type'] = 'application/json';
  if (notes.length) headers['sl-violations'] = violationsHeader(notes);
  return { status: answer.status, headers, body, stream: answer.stream };
}

/** A departure or validation entry as an sl-violations entry of the request (Prism's header format). */
const asNote = (severity: 'Error' | 'Warning', { location, code, message }: Note): Note => ({
  location: ['request', ...location],
  severity,
  code,
  message,
});

/**
 * The sl-violations header: the notes as JSON, cut as Prism cuts it. Written in ASCII (`\\u20ac`
 * for `€`), since a header value cannot carry what a request's names may hold.
 */
function violationsHeader(notes: Note[]): string {
  const text = JSON.stringify(notes).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return text.length > MAX_VIOLATIONS_HEADER ? `Too many violations! ${text.slice(0, MAX_VIOLATIONS_HEADER)}` : text;
}
