export declare const BUILT_IN_FIXTURE: string;

export declare class FixtureError extends Error {
  /** Each problem, as `<record>: field <field> <what is wrong>`. */
  problems: string[];
}

/** A field value as the front reads it: strings at the leaves, lists as arrays. */
export type Fields = { [name: string]: string | Fields | Array<string | Fields> };

export interface SandboxAnswer {
  status: number;
  /** A JSON value; the mock serializes it. */
  body: unknown;
  /** The name of the operation's example the answer is: a failure, or what `Prefer` asked for. */
  example?: string;
  /** Notes for the answer's sl-violations header (a key's state was dropped). */
  warnings?: { location: string[]; code: string; message: string }[];
}

export interface SandboxOptions {
  /** The description the mock serves: an object, or the path of its JSON. */
  document: Record<string, unknown> | string;
  /** The path of a YAML or JSON fixture, a fixture object, or (default) the built-in one. */
  fixture?: string | Record<string, unknown>;
  /** Requests per second allowed per API key; beyond, the service's rate-limit answer (HTTP 500). */
  rateLimit?: number;
  /** Delay of every answer, in ms. */
  latencyMs?: number;
  /** Keys whose writes are kept (default MAX_KEYS, 10,000); beyond, the least recently used key's state is dropped. The in-memory store only. */
  maxKeys?: number;
  /** `redis://[user:password@]host:port/db`: keep each key's state in Redis, shared by every sandbox given the same URL and fixture (default: in memory). */
  store?: string;
  /** With `store`: a key's state expires after this many ms unused (default DEFAULT_TTL_MS, a day). */
  storeTtlMs?: number;
  /** Told (warn) when keys' states are dropped, and when the store cannot be reached or is back. */
  log?: { warn(line: string): void };
}

/** Keys whose writes the sandbox keeps by default. */
export declare const MAX_KEYS: number;
/** How long a key's state is kept unused in the shared store by default (ms): a day. */
export declare const DEFAULT_TTL_MS: number;

export interface Sandbox {
  /**
   * `prefer`: the request's Prefer header as `{ name: value }` (names lower-cased); `request`: the
   * request as received, whose bytes tell repeated requests apart (without it, its fields do).
   * A promise only when the answer is delayed or comes from the shared store (`store`), which
   * rejects with a Problem (503) while the store cannot be reached.
   */
  answer(call: {
    operationId: string;
    apiKey: string;
    fields?: Fields;
    prefer?: Record<string, string>;
    request?: { search: string; headers: Record<string, string | string[] | undefined>; body?: Uint8Array };
  }): SandboxAnswer | Promise<SandboxAnswer>;
  /** Restores one key's state, or every key's (with `store`: every key of this fixture's sandbox, in every instance). A promise with `store`. */
  reset(apiKey?: string): void | Promise<void>;
  /** Closes the connection to the store, if any. */
  close(): Promise<void>;
}

export declare function createSandbox(options: SandboxOptions): Promise<Sandbox>;
