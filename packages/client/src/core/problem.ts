// Reads the invalid fields out of an RFC 7807 / RFC 9457 problem body, in the three shapes in
// use: Prism's `validation` (also the mock's), RFC 7807's `invalid-params` and RFC 9457's
// `errors`.
import type { FieldProblem } from './errors.js';

/** One entry of any of the three lists; anything may be missing or of another type. */
type Entry = {
  location?: unknown[]; // Prism: ['query', 'filters', 'state']
  pointer?: string; // RFC 9457: '#/params/Phone/Country'
  name?: unknown; // RFC 7807
  message?: unknown;
  reason?: unknown;
  detail?: unknown;
  code?: unknown;
} | null;

/** One entry as a FieldProblem, its field named as it was sent (`params[Phone][Country]`). */
function fieldProblem(entry: Entry): FieldProblem {
  const message = String(entry?.message ?? entry?.reason ?? entry?.detail ?? '');
  const location = Array.isArray(entry?.location) ? entry.location.map(String) : undefined;
  const path =
    location?.slice(1) ??
    (typeof entry?.pointer === 'string' ? entry.pointer.split('/').slice(1) : [String(entry?.name ?? '')]);
  // Prism names a missing field in the message alone (['query'], "must have required property
  // 'client_id'"); the mock names it in both.
  const missing = location && /required property '([^']+)'/.exec(message)?.[1];
  if (missing && path.at(-1) !== missing) path.push(missing);
  const problem: FieldProblem = { field: path.map((part, i) => (i ? `[${part}]` : part)).join(''), message };
  if (typeof entry?.code === 'string') problem.code = entry.code;
  return problem;
}

/** The title and invalid fields of a problem body; undefined when it lists none. */
export function readProblem(body: unknown): { title: string; problems: FieldProblem[] } | undefined {
  const problem = body as
    | { title?: unknown; validation?: unknown; 'invalid-params'?: unknown; errors?: unknown }
    | undefined;
  const list = [problem?.validation, problem?.['invalid-params'], problem?.errors].find(Array.isArray) as
    | Entry[]
    | undefined;
  if (!list?.length) return undefined;
  return { title: String(problem!.title || 'invalid request'), problems: list.map(fieldProblem) };
}
