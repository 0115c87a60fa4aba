/** The bundled description the mock serves by default (`@hostapi/spec/openapi.json`). */
export declare const DOCUMENT: string;
/** Largest request body the mock reads (413 beyond). */
export declare const MAX_BODY_BYTES: number;

/** What the mode's answerer is asked to answer (see src/modes/index.mjs). */
export interface AnswerRequest {
  /** The operation asked for (`listServers`), whatever version segment the request used. */
  operationId: string;
  /** The operation as the mock read it from the description (path, responses, the parsed operation). */
  operation: {
    id: string;
    method: 'GET' | 'POST';
    path: string;
    version: string;
    op: Record<string, unknown>;
    [key: string]: unknown;
  };
  /** The request's API key. */
  apiKey: string | undefined;
  /** Query and form fields, read and validated: bracket segments are keys, indexed lists arrays, leaves text; no key. Frozen when the mock keeps the request's reading (no body, or a short URL-encoded one): the same bytes get the same object. Read only. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The Prefer header as `{ name: value }`, e.g. `{ code: '500', example: 'rateLimited' }` (without the header: the `__code`, `__example`, `__dynamic`, `__seed` query parameters). */
  readonly prefer: Readonly<Record<string, string>>;
  /** The request as received. */
  request: {
    method: string;
    path: string;
    search: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  };
}

export interface Answer {
  status: number;
  /** A JSON value; the mock serializes it. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A mode: who writes the answers. Every answer is checked against the description. */
export interface Answerer {
  answer(request: AnswerRequest): Answer | Promise<Answer>;
  /** Restores one key's state (or every key's); served as `POST /__sandbox/reset?apikey=<key>`. */
  reset?(apiKey?: string): void | Promise<void>;
  /** Told when the mock stops (to close connections of its own). */
  close?(): void | Promise<void>;
}

export interface MockOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Refuse every departure from the description (422 naming the field, 404 for another version segment). */
  strict?: boolean;
  /** CORS headers for browser pages on any origin (default true). */
  cors?: boolean;
  /** Log every request, its departures and violations, the API key masked. */
  verbose?: boolean;
  /** Receives each log line (default: stdout). Warnings and errors are written even without `verbose`. */
  log?: (line: string) => void;
  /** The description: a path to a bundled JSON file, or the parsed document. */
  document?: string | Record<string, unknown>;
  /** Generated data instead of the examples, repeatable per seed. */
  dynamic?: boolean;
  seed?: number;
  /** The stateful sandbox, from its built-in data or `fixture` (a YAML or JSON file, or the fixture itself). */
  sandbox?: boolean;
  fixture?: string | Record<string, unknown>;
  /** Sandbox: requests per second allowed per API key; beyond, the service's rate-limit answer (HTTP 500). */
  rateLimit?: number;
  /** Sandbox: delay of every answer, in ms. */
  latencyMs?: number;
  /** Sandbox: keys whose writes are kept (default 10,000); beyond, the least recently used key's state is dropped and its next answer says so in sl-violations. The in-memory store only. */
  maxKeys?: number;
  /** Sandbox: `redis://[user:password@]host:port/db` keeps each key's state in Redis, shared by every mock given the same URL and fixture; while it cannot be reached, answers are 503 problems naming it. */
  store?: string;
  /** Sandbox with `store`: a key's state expires after this many ms unused (default: a day). */
  storeTtlMs?: number;
  /** The validating proxy: forward every request to this URL, report what breaks the description. */
  upstream?: string;
  /** The validating proxy: longest time for the upstream's whole answer, in ms (default 60,000); beyond, 504. */
  upstreamTimeoutMs?: number;
  /** Your own mode. */
  answerer?: Answerer;
}

export interface RunningMock {
  url: string;
  /** Present when the mode keeps state (the sandbox). */
  reset?(apiKey?: string): Promise<void>;
  close(): Promise<void>;
}

export declare function startMock(options?: MockOptions): Promise<RunningMock>;

/** The text with every API key masked as `***` (query strings, forms, multipart, JSON, and `secrets`). */
export declare function redact(text: string, secrets?: string[]): string;

/** Throw one from an answerer to answer with the mock's own problem document. */
export declare class Problem extends Error {
  constructor(
    status: number,
    type: string,
    title: string,
    detail: string,
    extra?: { validation?: unknown[]; headers?: Record<string, string> },
  );
  status: number;
  type: string;
  title: string;
  detail: string;
}
