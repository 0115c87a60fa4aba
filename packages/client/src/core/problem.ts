// Reads the invalid fields out of a validating server's problem body (RFC 9457): the mock's and
// Prism's `validation` list. Whatever the server wrote: a value that is not text is not read as
// text.
import { wireName } from '@hostapi/spec/wire';
import type { FieldProblem } from './errors.js';

/** One entry of the list; anything may be missing or of another type. */
interface Entry {
  location?: unknown; // ['query', 'filters', 'state']
  message?: unknown;
  code?: unknown;
}

/** A string as it is, a number as its digits; `''` for anything else (objects, lists, null). */
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? `${value}` : '');

/** One entry as a FieldProblem, its field named as it was sent (`params[Phone][Country]`). */
function fieldProblem(entry: unknown): FieldProblem {
  const { location, message, code } = Object(entry) as Entry;
  const said = text(message);
  const path = Array.isArray(location) ? location.slice(1).map(text) : [];
  // Prism names a missing field in the message alone (['query'], "must have required property
  // 'client_id'"); the mock names it in both.
  const missing = /required property '([^']+)'/.exec(said)?.[1];
  if (missing && path.at(-1) !== missing) path.push(missing);
  const problem: FieldProblem = { field: wireName(path), message: said };
  if (typeof code === 'string') problem.code = code;
  return problem;
}

/** The title and invalid fields of a problem body; undefined when it lists none. */
export function readProblem(body: unknown): { title: string; problems: FieldProblem[] } | undefined {
  const { title, validation } = Object(body) as { title?: unknown; validation?: unknown };
  if (!Array.isArray(validation) || !validation.length) return undefined;
  return { title: text(title) || 'invalid request', problems: validation.map(fieldProblem) };
}
