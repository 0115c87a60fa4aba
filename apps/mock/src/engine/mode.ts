// The mode slot. Modes differ only in who writes the answer; the front, the reading of requests
// (with its leniency) and the checking of answers are shared (engine.ts). A mode is an answerer;
// it may serve routes of its own besides the description's (the sandbox's reset).
import type { Api, Operation } from './api.ts';
import type { Preferences } from './prefer.ts';
import type { Note } from './problems.ts';
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
  /**
   * Restores one key's state (or every key's); served as `POST /__mock/reset?apikey=<key>` (with
   * the key's bytes as sent, where its text cannot say them: two keys alike as text may differ).
   */
  reset?(apiKey?: string, bytes?: Uint8Array): void | Promise<void>;
  /** Told where the mock listens, once it does; a rejection stops it (the proxy refuses its own address). */
  listening?(address: { address: string; port: number }): void | Promise<void>;
  /** Told when the mock stops (to close connections of its own). */
  close?(): void | Promise<void>;
  /** Routes of its own, answered before the description's operations. */
  routes?: Route[];
  /**
   * `report`: pass on what breaks the description, naming it in sl-violations (the proxy);
   * `report-answers`: so for answers only, requests being refused (the replay); `refuse` (default).
   */
  validation?: 'refuse' | 'report' | 'report-answers';
}

/** What `GET /` says of the mock: who it is, its mode (config.ts), whether strict, where the API's docs are. */
export type About = { name: string; version: string; mode: string; strict: boolean; docs: string };

/** A route as `GET /` lists it. */
export type Listed = { method: string; path: string; summary: string; deprecated?: boolean };

/**
 * `GET /`, for whoever opens the mock's address (a browser, curl): in the service's envelope, the
 * mock, its mode, the docs, every operation and the mock's own routes, so that nobody is left with a 404.
 */
export function indexRoute(api: Api, about: About, routes: Listed[]): Route {
  const body = {
    status: true,
    msg:
      `${about.name} ${about.version}, a mock of the hosting account-management API: ` +
      `${api.operations.length} operations`,
    return: {
      ...about,
      operations: api.operations.map(({ id, method, path }) => ({ operationId: id, method, path })),
      routes,
    },
  };
  const json = JSON.stringify(body, null, 2);
  return { method: 'GET', path: '/', answer: () => ({ status: 200, json }) };
}
