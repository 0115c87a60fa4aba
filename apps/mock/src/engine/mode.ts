// The mode slot. Modes differ only in who writes the answer; the front, the reading of requests
// (with its leniency) and the checking of answers are shared (engine.ts). A mode is an answerer;
// it may serve routes of its own besides the description's (the sandbox's reset).
import { fieldBytes, parseUrlEncoded } from '@hostapi/spec/wire';
import type { Api, Operation } from './api.ts';
import type { Preferences } from './prefer.ts';
import { type Note, resetNeedsKey } from './problems.ts';
import type { EngineRequest, Fields } from './read.ts';

/** What a mode is asked to answer: the request, read with the mock's leniency and validated. */
export interface AnswerRequest {
  /** The operation asked for (`listServers`), whatever version segment the request used. */
  operationId: string | undefined;
  /** The operation as the mock read it from the description (path, responses, the parsed `op`). */
  operation: Operation | undefined;
  /** The request's key as text (U+FFFD for bytes that are not UTF-8). */
  apiKey: string | undefined;
  /** The key's bytes as sent: two keys whose text is alike may differ here. */
  apiKeyBytes: Uint8Array | undefined;
  /** Query and form fields: bracket segments are keys, indexed lists arrays, leaves text; no key. */
  fields: Readonly<Fields>;
  /** The Prefer header as `{ name: value }` (without one: the `__code`-style query parameters). */
  prefer: Preferences;
  /** The request as received (the proxy forwards it). */
  request: EngineRequest;
}

/** What a mode answers (and a Problem, as `toAnswer()`): the one answer type of the mock. */
export interface Answer {
  status: number;
  /** A JSON value; the mock serializes it, unless `json` is its text already (the description's examples). */
  body?: unknown;
  json?: string;
  headers?: Record<string, string>;
  /** Entries for sl-violations (`{ location, code, message }`): a sandbox key's state was dropped. */
  warnings?: Note[];
  /** The name of the example the answer is, where it is one. */
  example?: string;
  /** The proxy's: the bytes as they came (passed on), and decoded for checking (undefined: they could not be). */
  raw?: Uint8Array;
  decoded?: Uint8Array | undefined;
  /** The proxy's: an answer too large to check, passed on as it comes. */
  stream?: AsyncIterable<Uint8Array>;
}

/** A route a mode serves besides the description's operations, answered before any of them. */
export interface Route {
  method: string;
  path: string;
  answer(request: EngineRequest): Answer | Promise<Answer>;
}

/** A mode: who writes the answers. Every answer is checked against the description. */
export interface Answerer {
  answer(request: AnswerRequest): Answer | Promise<Answer>;
  /** Restores one key's state (or every key's); served as `POST /__sandbox/reset?apikey=<key>`. */
  reset?(apiKey?: string): void | Promise<void>;
  /** Told where the mock listens, once it does; a rejection stops it (the proxy refuses its own address). */
  listening?(address: { address: string; port: number }): void | Promise<void>;
  /** Told when the mock stops (to close connections of its own). */
  close?(): void | Promise<void>;
  /** Routes of its own (the sandbox's reset); a mode with `reset` and no routes gets the reset route. */
  routes?: Route[];
  /** `report`: pass on what breaks the description, naming it in sl-violations (the proxy); `refuse` (default). */
  validation?: 'refuse' | 'report';
}

/**
 * `POST /__sandbox/reset?apikey=<key>`: one key's state restored, the key named by its bytes. A
 * page that does not know a key cannot reset it: every key at once is not reset over HTTP.
 */
export function resetRoute(reset: (apiKey: string, bytes: Uint8Array) => unknown): Route {
  return {
    method: 'POST',
    path: '/__sandbox/reset',
    async answer(request) {
      const apiKey = parseUrlEncoded(request.search).find(([name]) => name === 'apikey')?.[1];
      const bytes = fieldBytes(request.search, 'apikey');
      if (!apiKey || !bytes) throw resetNeedsKey();
      await reset(apiKey, bytes);
      return { status: 204 };
    },
  };
}

/** What `GET /` says of the mock: who it is, its mode (config.ts), whether strict, where the API's docs are. */
export type About = { name: string; version: string; mode: string; strict: boolean; docs: string };

/**
 * `GET /`, for whoever opens the mock's address (a browser, curl): in the service's envelope, the
 * mock, its mode, the docs and every operation, so that nobody is left with a 404.
 */
export function indexRoute(api: Api, about: About, reset: boolean): Route {
  const body = {
    status: true,
    msg:
      `${about.name} ${about.version}, a mock of the hosting account-management API: ` +
      `${api.operations.length} operations`,
    return: {
      ...about,
      operations: api.operations.map(({ id, method, path }) => ({ operationId: id, method, path })),
      ...(reset ? { reset: 'POST /__sandbox/reset?apikey=<key>' } : {}),
    },
  };
  const json = JSON.stringify(body, null, 2);
  return { method: 'GET', path: '/', answer: () => ({ status: 200, json }) };
}
