// Types of the operation methods: the generated input types and client interface
// (src/generated/api.ts), and results derived from @hostapi/types.
import type { components, operations } from '@hostapi/types';
import type { RetryOptions } from './core/retry.js';
import type { OperationInputs } from './generated/api.js';

export type OperationId = keyof operations;

/**
 * A yes/no input: `true` or `1` for yes, `false` or `0` for no. It goes out as the digit `1` or
 * `0`, which is what the service reads.
 */
export type Switch = boolean | 0 | 1;

/** What an operation method takes: the query of a GET, the form of a POST, without `apikey`. */
export type OperationInput<Id extends OperationId> = OperationInputs[Id];

type Success<Id extends OperationId> = Exclude<
  operations[Id]['responses'][200]['content']['application/json'],
  components['schemas']['Failure']
>;

/** What an operation method resolves to: the `return` value, or the envelope of operations without one. */
export type OperationResult<Id extends OperationId> =
  Success<Id> extends { return: infer R } ? R : Omit<Success<Id>, 'status'>;

/** One record of a paged list. */
export type PageItem<Id extends OperationId> =
  OperationResult<Id> extends { data: infer D extends readonly unknown[] } ? D[number] : never;

/** What `withResponse` of an operation method resolves to: the result, and the HTTP answer it came in. */
export interface WithResponse<Result> {
  /** What the method itself resolves to. */
  data: Result;
  /** fetch's Response, its body already read; its `url` is the URL called, with the key written `[redacted]`. */
  response: Response;
  /** 1, or more when the call was retried. */
  attempts: number;
  /** From the call to its result, retries and their waits included, in milliseconds. */
  durationMs: number;
}

/** What an operation method takes: its input (which may be left out when nothing in it is required), and options. */
export type Arguments<Id extends OperationId> =
  {} extends OperationInput<Id>
    ? [input?: OperationInput<Id>, options?: CallOptions]
    : [input: OperationInput<Id>, options?: CallOptions];

/** An operation method: its call, and `withResponse`, the same call resolving to the HTTP answer too. */
export interface Operation<Id extends OperationId> {
  (...args: Arguments<Id>): Promise<OperationResult<Id>>;
  /** The same call, resolving to `{ data, response, attempts, durationMs }`. */
  withResponse(...args: Arguments<Id>): Promise<WithResponse<OperationResult<Id>>>;
}

/** A walk over every record of every page of a paged list (`servers.listAll`). */
export type PagedOperation<Id extends OperationId> = (...args: Arguments<Id>) => AsyncIterableIterator<PageItem<Id>>;

/** Options of one call; each one given here replaces the client's for this call only. */
export interface CallOptions {
  /** Cancels the call, and any retry still waiting. */
  signal?: AbortSignal | undefined;
  /**
   * Headers sent with this call (every attempt), e.g. `{ Prefer: 'code=500, example=rateLimited' }`
   * to pick one of the mock's answers.
   */
  headers?: Record<string, string> | undefined;
  /** Milliseconds per attempt, including reading the body, at most 2³¹−1. Default: the client's `timeoutMs`. */
  timeoutMs?: number | undefined;
  /** Retries of this call: a count, or a policy. Default: the client's `retries`. */
  retries?: number | RetryOptions | undefined;
  /** Send this POST as multipart/form-data. Default: the client's `multipart`. */
  multipart?: boolean | undefined;
}
