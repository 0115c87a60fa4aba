// The sandbox's answers, shaped by the description rather than written here: a success carries
// the keys of the operation's `success` example (`return`, `msg`, `status`, `time`); a failure
// is one of the description's named failure examples, the operation's own or, where the
// operation documents none for that case, the same-named failure of another operation
// (`serverNotFound` of mail/list_domains for server/upgrade).
//
// A success built from a frozen value (a record of the state, never changed: store.mjs) is kept,
// frozen, once the same value is answered twice in a row, as a repeated write (what load tests
// send) answers it; the front then checks and serializes it once, as it does the examples. A
// write that changes something makes a new record each time, whose answer is not kept: keeping
// costs more than building it. Not for operations whose answer carries its `time`.

/** `replies(operation, started)` → `{ ok, done, fail, rateLimited }` for one request. */
export function createReplies(api) {
  const failures = new Map();
  for (const operation of api.operations) {
    const examples = operation.responses['200']?.examples ?? {};
    if (!examples.success || !operation.responses['500']?.examples.rateLimited) throw new Error(`${operation.id} lacks a success or rateLimited example`);
    for (const [name, value] of Object.entries(examples)) if (value.status !== true && !failures.has(name)) failures.set(name, value);
  }
  const shapes = new Map(api.operations.map((operation) => [operation, new Shape(operation, failures)]));
  return (operation, started = performance.now()) => new Reply(shapes.get(operation), started);
}

/** What one operation's answers are made of, the successes kept per frozen value, and the last one answered. */
class Shape {
  constructor(operation, failures) {
    this.operation = operation;
    this.examples = operation.responses['200'].examples;
    this.keys = Object.keys(this.examples.success);
    this.timed = this.keys.includes('time');
    this.failures = failures;
    this.kept = new WeakMap();
    this.last = undefined;
    this.done = this.timed ? undefined : Object.freeze(this.body(undefined, 0));
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
    const { shape } = this;
    if (shape.timed || typeof value !== 'object' || value === null || !Object.isFrozen(value)) return answer(shape.body(value, this.started));
    let body = shape.kept.get(value);
    if (body) return answer(body);
    if (shape.last !== value) {
      shape.last = value;
      return answer(shape.body(value, this.started));
    }
    shape.kept.set(value, (body = Object.freeze(shape.body(value))));
    return answer(body);
  }

  /** Success without `return` (update_soa, upgrade_plan). */
  done() {
    return answer(this.shape.done ?? this.shape.body(undefined, this.started));
  }

  /** The documented failure `name`; `edit` may fill in what the example leaves generic. */
  fail(name, edit = (value) => value) {
    const { examples, failures, operation } = this.shape;
    const value = examples[name] ?? failures.get(name);
    if (!value || value.status === true) throw new Error(`The description documents no failure "${name}" (for ${operation.id} or any operation)`);
    return answer(edit(value));
  }

  /** The service's rate-limit answer: HTTP 500 with its message. */
  rateLimited() {
    return { status: 500, body: this.shape.operation.responses['500'].examples.rateLimited };
  }
}

const answer = (body) => ({ status: 200, body });
