// Types of the operation methods, derived from @hostapi/types and the generated method tables.
import type { components, operations, paths } from '@hostapi/types';
import type { METHODS, PAGED_METHODS } from './generated/operations.js';

export type OperationId = keyof operations;

type FormBody<Id extends OperationId> = operations[Id] extends {
  requestBody: { content: { 'application/x-www-form-urlencoded': infer Body } };
}
  ? Body
  : never;

type Query<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** What an operation method takes: the query of a GET, the form of a POST, without `apikey`. */
export type OperationInput<Id extends OperationId> = [FormBody<Id>] extends [never]
  ? [Query<Id>] extends [never]
    ? Record<string, never>
    : Query<Id>
  : Omit<FormBody<Id>, 'apikey'>;

type Success<Id extends OperationId> = Exclude<
  operations[Id]['responses'][200]['content']['application/json'],
  components['schemas']['Failure']
>;

/** What an operation method resolves to: the `return` value, or the envelope of operations without one. */
export type OperationResult<Id extends OperationId> =
  Success<Id> extends { return: infer R } ? R : Omit<Success<Id>, 'status'>;

/** One record of a paged list. */
export type PageItem<Id extends OperationId> = OperationResult<Id> extends { data: infer D extends readonly unknown[] } ? D[number] : never;

export interface CallOptions {
  /** Cancels the call (and any retry still waiting). */
  signal?: AbortSignal;
  /** Send this POST as multipart/form-data (default: the client's `multipart` option). */
  multipart?: boolean;
}

type HasRequired<T> = {} extends T ? false : true;

export type OperationMethod<Id extends OperationId> =
  HasRequired<OperationInput<Id>> extends true
    ? (input: OperationInput<Id>, options?: CallOptions) => Promise<OperationResult<Id>>
    : (input?: OperationInput<Id>, options?: CallOptions) => Promise<OperationResult<Id>>;

export type PagedMethod<Id extends OperationId> = (
  input: OperationInput<Id>,
  options?: CallOptions,
) => AsyncIterableIterator<PageItem<Id>>;

type Methods = typeof METHODS;
type PagedMethods = typeof PAGED_METHODS;

/** `api.servers.list(...)`, `api.servers.listAll(...)`, ...: one property per area. */
export type OperationGroups = {
  readonly [G in keyof Methods]: { readonly [M in keyof Methods[G]]: OperationMethod<Methods[G][M] & OperationId> } & (G extends keyof PagedMethods
    ? { readonly [M in keyof PagedMethods[G]]: PagedMethod<PagedMethods[G][M] & OperationId> }
    : unknown);
};

/** The description's paths with `apikey` left out of every form body: the client adds it. */
export type ClientPaths = {
  [P in keyof paths]: {
    [M in keyof paths[P]]: paths[P][M] extends { requestBody: { content: infer C } }
      ? Omit<paths[P][M], 'requestBody'> & {
          requestBody: { content: { [T in keyof C]: Omit<C[T], 'apikey'> } };
        }
      : paths[P][M];
  };
};
