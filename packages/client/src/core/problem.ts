// Reads the invalid fields out of an RFC 7807 / RFC 9457 problem body, in the three shapes in
// use: Prism's `validation` (the mock, the validating proxy), RFC 7807's `invalid-params` and
// RFC 9457's `errors`.
import type { FieldProblem } from './errors.js';

type Entry = { location?: unknown; pointer?: unknown; name?: unknown; message?: unknown; reason?: unknown; detail?: unknown; code?: unknown } | null;

/** One entry of any of the three lists, its field named as it was sent (`params[Phone][Country]`). */
function fieldProblem(entry: Entry): FieldProblem {
  const message = String(entry?.message ?? entry?.reason ?? entry?.detail ?? '');
  const { location, pointer, name, code } = entry ?? {};
  let path: string[];
  if (Array.isArray(location)) {
    // Prism: ['query', 'filters', 'state']; a missing field is named by the message alone.
    path = location.slice(1).map(String);
    const missing = /required property '([^']+)'/.exec(message);
    if (missing) path.push(missing[1]!);
  } else {
    path = typeof pointer === 'string' ? pointer.split('/').slice(1) : [String(name ?? '')];
  }
  const problem: FieldProblem = { field: path.map((part, i) => (i ? `[${part}]` : part)).join(''), message };
  if (Array.isArray(location) && location.length) problem.location = String(location[0]);
  if (typeof code === 'string') problem.code = code;
  return problem;
}

/** The title and invalid fields of a problem body; undefined when it lists none. */
export function readProblem(body: unknown): { title: string; problems: FieldProblem[] } | undefined {
  const problem = body as { title?: unknown; validation?: unknown; 'invalid-params'?: unknown; errors?: unknown } | null | undefined;
  const list = [problem?.validation, problem?.['invalid-params'], problem?.errors].find(Array.isArray) as Entry[] | undefined;
  if (!list?.length) return undefined;
  return { title: typeof problem?.title === 'string' && problem.title ? problem.title : 'invalid request', problems: list.map(fieldProblem) };
}
