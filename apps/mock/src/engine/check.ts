// An answer checked against the operation's responses: its status must be described, its body
// valid against the response's schema. Entries are sl-violations entries (`location` starts
// `response`).
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { Operation } from './api.ts';
import type { Answer } from './mode.ts';
import type { Note } from './problems.ts';
import { describeErrors, type Schemas } from './schemas.ts';

/** One entry about the answer, at `location` under `response`. */
const broken = (location: string[], code: string, message: string, severity: Note['severity'] = 'Error'): Note[] => [
  { location: ['response', ...location], severity, code, message },
];

export function checkAnswer(schemas: Schemas, operation: Operation, answer: Answer): Note[] {
  const { status } = answer;
  const response = operation.responses.get(String(status)) ?? operation.responses.get('default');
  if (!response) {
    const codes = [...operation.responses.keys()].join(',');
    const message = `Unable to match the returned status code with those defined in the document: ${codes}`;
    return broken([], 'status', message, status >= 200 && status < 300 ? 'Error' : 'Warning');
  }
  if (!response.schema) return [];
  let value = answer.body;
  if (answer.raw !== undefined) {
    const type = Object.entries(answer.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
    if (!/json/i.test(type ?? ''))
      return broken(
        ['headers', 'content-type'],
        'content-type',
        `The received media type "${type ?? ''}" does not match the one specified in the current response: ` +
          'application/json',
      );
    // Bytes that could not be decoded: the answerer said so in its warnings.
    if (answer.decoded === undefined) return [];
    try {
      value = JSON.parse(new TextDecoder().decode(answer.decoded));
    } catch {
      return broken(['body'], 'json', 'The response body is not valid JSON');
    }
  }
  if (schemas.accepts(response.schema)(value)) return [];
  const validate = schemas.response(response.schema);
  validate(value);
  const errors = closestBranchErrors(schemas, response.schema, value, validate.errors ?? []);
  return describeErrors(errors, { context: 'Response', where: 'body' }).map((entry) => ({
    ...entry,
    location: ['response', ...entry.location],
  }));
}

/**
 * The errors of the `anyOf`/`oneOf` branch the value came closest to (the one whose errors lie
 * deepest in the value), rather than every branch's: a success body with one bad field is
 * reported for that field, not for not being a failure.
 */
function closestBranchErrors(schemas: Schemas, at: string, value: unknown, errors: ErrorObject[]): ErrorObject[] {
  let best = errors;
  let bestDepth = -1;
  for (const validate of schemas.branches(at)) {
    if (validate(value)) continue;
    const branchErrors = validate.errors ?? [];
    const depth = Math.max(...branchErrors.map((e) => e.instancePath.split('/').length));
    if (depth > bestDepth || (depth === bestDepth && branchErrors.length < best.length)) {
      best = branchErrors;
      bestDepth = depth;
    }
  }
  return best;
}
