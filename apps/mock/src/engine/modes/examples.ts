// The examples mode: every answer is one of the description's named examples. `Prefer` picks
// which: `code=<status>` a response, `example=<name>` an example (looked for in the 2xx
// responses first, then in the others, so `example=rateLimited` alone finds the HTTP 500 one).
import type { Operation } from '../api.ts';
import type { Answerer, Answer } from '../mode.ts';
import type { Preferences } from '../prefer.ts';
import { unknownPreference } from '../problems.ts';

/**
 * The answerer serving the examples of the description; a request that prefers generated data
 * (`Prefer: dynamic=true`, as with `prism mock`) goes to `generated`.
 */
export function createExamples(generated: Answerer): Answerer {
  return {
    answer: (request) =>
      request.prefer.dynamic === 'true'
        ? generated.answer(request)
        : exampleAnswer(operationOf(request), request.prefer),
  };
}

export function operationOf(request: { operation: Operation | undefined }): Operation {
  if (!request.operation) throw new Error('this mode answers operations of the description only');
  return request.operation;
}

/** The example `prefer` asks for, or the first example of the first 2xx. */
export function exampleAnswer(operation: Operation, prefer: Preferences): Answer {
  const { code, example } = prefer;
  if (code !== undefined && !operation.responses.has(code)) {
    const codes = operation.codes.join(', ');
    throw unknownPreference(`Prefer: code=${code}: ${operation.id} has no ${code} response; it has ${codes}.`);
  }
  const candidates = code !== undefined ? [code] : operation.codes;
  const examplesOf = (c: string) => operation.responses.get(c)?.examples ?? new Map<string, unknown>();
  for (const c of candidates) {
    for (const [name, body] of examplesOf(c)) {
      if (example !== undefined && name !== example) continue;
      const json = operation.responses.get(c)?.json.get(name);
      return { status: Number(c), body, example: name, ...(json === undefined ? {} : { json }) };
    }
  }
  if (example === undefined)
    throw unknownPreference(`${operation.id} has no example${code ? ` for ${code}` : ''} to answer with.`);
  const names = candidates.flatMap((c) => [...examplesOf(c).keys()].map((name) => `${name} (${c})`));
  const where = code ? ` in its ${code} response` : '';
  throw unknownPreference(
    `Prefer: example=${example}: ${operation.id} has no such example${where}; it has ${names.join(', ')}.`,
  );
}
