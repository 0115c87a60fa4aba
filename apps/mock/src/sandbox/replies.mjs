// The sandbox's answers, shaped by the description rather than written here: a success carries
// the keys of the operation's `success` example (`return`, `msg`, `status`, `time`); a failure
// is one of the description's named failure examples, the operation's own or, where the
// operation documents none for that case, the same-named failure of another operation
// (`serverNotFound` of mail/list_domains for server/upgrade).

/** `replies(operation, started)` → `{ ok, done, fail, rateLimited }` for one request. */
export function createReplies(api) {
  const failures = new Map();
  for (const operation of api.operations) {
    const examples = operation.responses['200']?.examples ?? {};
    if (!examples.success || !operation.responses['500']?.examples.rateLimited) throw new Error(`${operation.id} lacks a success or rateLimited example`);
    for (const [name, value] of Object.entries(examples)) if (value.status !== true && !failures.has(name)) failures.set(name, value);
  }

  return (operation, started = performance.now()) => {
    const examples = operation.responses['200'].examples;
    const answer = (body) => ({ status: 200, body });
    return {
      /** Success with `return` (for operations whose answer has one). */
      ok(value) {
        const body = {};
        for (const key of Object.keys(examples.success)) {
          if (key === 'return') body.return = value;
          else if (key === 'msg') body.msg = examples.success.msg;
          else if (key === 'status') body.status = true;
          else if (key === 'time') body.time = Math.round(performance.now() - started) / 1000;
        }
        return answer(body);
      },
      /** Success without `return` (update_soa, upgrade_plan). */
      done() {
        return this.ok(undefined);
      },
      /** The documented failure `name`; `edit` may fill in what the example leaves generic. */
      fail(name, edit = (value) => value) {
        const value = examples[name] ?? failures.get(name);
        if (!value || value.status === true) throw new Error(`The description documents no failure "${name}" (for ${operation.id} or any operation)`);
        return answer(edit(value));
      },
      /** The service's rate-limit answer: HTTP 500 with its message. */
      rateLimited() {
        return { status: 500, body: operation.responses['500'].examples.rateLimited };
      },
    };
  };
}
