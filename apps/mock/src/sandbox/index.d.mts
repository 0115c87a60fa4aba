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
  /** Keys whose writes are kept (default MAX_KEYS, 10,000); beyond, the least recently used key's state is dropped. */
  maxKeys?: number;
  /** Told (warn) when keys' states are dropped. */
  log?: { warn(line: string): void };
}

/** Keys whose writes the sandbox keeps by default. */
export declare const MAX_KEYS: number;

export interface Sandbox {
  /**
   * `prefer`: the request's Prefer header as `{ name: value }` (names lower-cased); `request`: the
   * request as received, whose bytes tell repeated requests apart (without it, its fields do).
   * A promise only when the answer is delayed.
   */
  answer(call: {
    operationId: string;
    apiKey: string;
    fields?: Fields;
    prefer?: Record<string, string>;
    request?: { search: string; headers: Record<string, string | string[] | undefined>; body?: Uint8Array };
  }): SandboxAnswer | Promise<SandboxAnswer>;
  /** Restores one key's state, or every key's. */
  reset(apiKey?: string): void;
}

export declare function createSandbox(options: SandboxOptions): Promise<Sandbox>;
