// The sandbox's answers, shaped by the description rather than written here: a success carries
// the keys of the operation's `success` example (`return`, `msg`, `status`, `time`); a failure
// is one of the operation's own named failure examples (HTTP 200), and only that: no message is
// written in the sandbox, and a failure the description does not document for the operation is
// the sandbox's error (a 500 from the mock), never an answer borrowed or made up. Where a
// message names the extension asked for, the example names the reserved `.example` instead.

/** The extension a failure example names where the service names the one asked for. */
const EXAMPLE_EXTENSION = '.example';

/**
 * `replies(operation)` → `{ ok, done, fail, rateLimited }` for one request, whose `time` (where
 * the success has one) counts from this call;
 * `replies.timed(operation)`: whether its success carries its own `time`, so that no two are alike.
 */
export function createReplies(api) {
  for (const operation of api.operations) {
    if (!operation.responses['200']?.examples.success || !operation.responses['500']?.examples.rateLimited)
      throw new Error(`${operation.id} lacks a success or rateLimited example`);
  }
  const shapes = new Map(api.operations.map((operation) => [operation, new Shape(operation)]));
  const replies = (operation) => new Reply(shapes.get(operation), performance.now());
  replies.timed = (operation) => shapes.get(operation).timed;
  return replies;
}

/** Whether an example of a 200 answer is a failure: `msg` without `return`, status not true. */
export const isFailure = (value) => typeof value?.msg === 'string' && !('return' in value) && value.status !== true;

/** What one operation's answers are made of. */
class Shape {
  constructor(operation) {
    this.operation = operation;
    this.examples = operation.responses['200'].examples;
    this.keys = Object.keys(this.examples.success);
    this.timed = this.keys.includes('time');
  }

  /** A success body around `value`, in the order of the example's keys. */
  body(value, started) {
    const body = {};
    for (const key of this.keys) {
      if (key === 'return') body.return = value;
      else if (key === 'msg') body.msg = this.examples.success.msg;
      else if (key === 'status') body.status = true;
      else if (key === 'time') body.time = Math.round(performance.now() - started) / 1000;
    }
    return body;
  }
}

class Reply {
  constructor(shape, started) {
    this.shape = shape;
    this.started = started;
  }

  /** Success with `return` (for operations whose answer has one). */
  ok(value) {
    return answer(this.shape.body(value, this.started));
  }

  /** Success without `return` (update_soa, upgrade_plan). */
  done() {
    return answer(this.shape.body(undefined, this.started));
  }

  /**
   * The operation's failure example `name` (`{ status, body, example }`); `{ extension }`: the
   * extension asked for, which the answer names where the example names `.example`.
   */
  fail(name, { extension } = {}) {
    const { examples, operation } = this.shape;
    const value = Object.hasOwn(examples, name) ? examples[name] : undefined;
    if (!isFailure(value))
      throw new Error(
        `The description documents no failure "${name}" for ${operation.id} (its examples: ${Object.keys(examples).join(', ')})`,
      );
    const body =
      extension === undefined ? value : { ...value, msg: value.msg.replace(EXAMPLE_EXTENSION, `.${extension}`) };
    return { status: 200, body, example: name };
  }

  /** The service's rate-limit answer: HTTP 500 with its message. */
  rateLimited() {
    return { status: 500, body: this.shape.operation.responses['500'].examples.rateLimited };
  }
}

const answer = (body) => ({ status: 200, body });
