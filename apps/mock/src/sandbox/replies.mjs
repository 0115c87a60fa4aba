// The sandbox's answers, shaped by the description rather than written here: a success carries
// the keys of the operation's `success` example (`return`, `msg`, `status`, `time`); a failure
// is one of the description's named failure examples, the operation's own or, where the
// operation documents none for that case, the same-named failure of another operation
// (`serverNotFound` of mail/list_domains for server/upgrade).
import { deref } from '@hostapi/spec/document';

const NOT_FOUND = { type: 'https://stoplight.io/prism/errors#NOT_FOUND', title: 'The server cannot find the requested content' };

/** A problem+json answer, as the default mode (Prism) writes them. */
export const problem = ({ type, title }, status, detail) => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: { type, title, status, detail },
});

/** `replies(operationId)` → `{ ok, done, fail, example, rateLimited }` for one request. */
export function createReplies(document) {
  const examples = new Map();
  const failures = new Map();
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item)) {
      if (!op?.operationId) continue;
      const byCode = {};
      for (const [code, response] of Object.entries(op.responses ?? {})) {
        const named = deref(document, response).content?.['application/json']?.examples ?? {};
        byCode[code] = Object.fromEntries(Object.entries(named).map(([name, example]) => [name, deref(document, example).value]));
      }
      if (!byCode['200']?.success || !byCode['500']?.rateLimited) throw new Error(`${op.operationId} lacks a success or rateLimited example`);
      examples.set(op.operationId, byCode);
      for (const [name, value] of Object.entries(byCode['200'])) {
        if (value.status !== true && !failures.has(name)) failures.set(name, value);
      }
    }
  }

  return (operationId, started = performance.now()) => {
    const byCode = examples.get(operationId);
    if (!byCode) throw new Error(`The description has no operation ${operationId}`);
    const success = byCode['200'].success;
    const answer = (body) => ({ status: 200, headers: JSON_TYPE, body });
    return {
      /** Success with `return` (for operations whose answer has one). */
      ok(value) {
        const body = {};
        for (const key of Object.keys(success)) {
          if (key === 'return') body.return = value;
          else if (key === 'msg') body.msg = success.msg;
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
        const value = byCode['200'][name] ?? failures.get(name);
        if (!value || value.status === true) throw new Error(`The description documents no failure "${name}" (for ${operationId} or any operation)`);
        return answer(edit(value));
      },
      /** The named example of a status (`Prefer: code=…, example=…`), as the default mode answers it. */
      example(code = 200, name = undefined) {
        const named = byCode[String(code)];
        if (!named) return problem(NOT_FOUND, 404, `Requested status code ${code} is not defined in the document.`);
        const value = name === undefined ? Object.values(named)[0] : named[name];
        if (value === undefined) return problem(NOT_FOUND, 404, `Response for contentType: application/json and exampleKey: ${name} does not exist.`);
        return { status: Number(code), headers: JSON_TYPE, body: value };
      },
      /** The service's rate-limit answer: HTTP 500 with its message. */
      rateLimited() {
        return { status: 500, headers: JSON_TYPE, body: byCode['500'].rateLimited };
      },
    };
  };
}

const JSON_TYPE = Object.freeze({ 'content-type': 'application/json' });
