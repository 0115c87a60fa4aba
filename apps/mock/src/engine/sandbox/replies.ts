// The sandbox's answers, shaped by the description rather than written here: a success carries
// the keys of the operation's `success` example (`return`, `msg`, `status`, `time`); a failure
// is one of the operation's own named failure examples (HTTP 200), and only that: no message is
// written in the sandbox, and a failure the description does not document for the operation is
// the sandbox's error (a 500 from the mock), never an answer borrowed or made up. Where a
// message names the extension asked for, the example names the reserved `.example` instead.
import type { Api, Node, Operation } from '../api.ts';
import type { Answer } from '../mode.ts';

/** The extension a failure example names where the service names the one asked for. */
const EXAMPLE_EXTENSION = '.example';

/** Whether an example of a 200 answer is a failure: `msg` without `return`, status not true. */
export const isFailure = (value: unknown): value is Node =>
  typeof (value as Node)?.msg === 'string' && !('return' in (value as Node)) && (value as Node).status !== true;

/** The answers of one request to an operation; its `time` (where the success has one) counts from when it was made. */
export interface Reply {
  /** Success with `return` (for operations whose answer has one). */
  ok(value: unknown): Answer;
  /** Success without `return` (update_soa, upgrade_plan). */
  done(): Answer;
  /**
   * The operation's failure example `name`; `extension`: the one asked for, named where the
   * example names `.example`.
   */
  fail(name: string, options?: { extension?: string }): Answer;
  /** The service's rate-limit answer: HTTP 500 with its message. */
  rateLimited(): Answer;
  /** The service's refusal of a value it cannot accept: HTTP 400, the description's `validationFailed`. */
  refused(): Answer;
}

/** `replies(operation)` for every operation, each checked to have the examples the sandbox answers with. */
export function createReplies(api: Api): (operation: Operation) => Reply {
  for (const operation of api.operations) {
    const examples = operation.responses.get('200')?.examples;
    if (
      !examples?.has('success') ||
      !operation.responses.get('500')?.examples.has('rateLimited') ||
      !operation.responses.get('400')?.examples.has('validationFailed')
    )
      throw new Error(`${operation.id} lacks a success, rateLimited or validationFailed example`);
  }
  return (operation) => reply(operation, performance.now());
}

function reply(operation: Operation, started: number): Reply {
  const examples = operation.responses.get('200')?.examples ?? new Map<string, unknown>();
  const success = examples.get('success') as Node;
  /** A success body around `value`, in the order of the example's keys. */
  const body = (value: unknown) => {
    const out: Node = {};
    for (const key of Object.keys(success)) {
      if (key === 'return') out.return = value;
      else if (key === 'msg') out.msg = success.msg;
      else if (key === 'status') out.status = true;
      else if (key === 'time') out.time = Math.round(performance.now() - started) / 1000;
    }
    return out;
  };
  return {
    ok: (value) => ({ status: 200, body: body(value) }),
    done: () => ({ status: 200, body: body(undefined) }),
    fail(name, { extension } = {}) {
      const value = examples.get(name);
      if (!isFailure(value)) {
        const names = [...examples.keys()].join(', ');
        throw new Error(`The description documents no failure "${name}" for ${operation.id} (its examples: ${names})`);
      }
      const msg = extension === undefined ? value.msg : value.msg.replace(EXAMPLE_EXTENSION, `.${extension}`);
      return { status: 200, body: extension === undefined ? value : { ...value, msg }, example: name };
    },
    rateLimited: () => ({ status: 500, body: operation.responses.get('500')?.examples.get('rateLimited') }),
    refused: () => ({
      status: 400,
      body: operation.responses.get('400')?.examples.get('validationFailed'),
      example: 'validationFailed',
    }),
  };
}
