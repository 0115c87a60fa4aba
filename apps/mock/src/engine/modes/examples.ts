// The examples mode: every answer is one of the description's named examples. `Prefer` picks
// which: `code=<status>` a response, `example=<name>` an example (looked for in the 2xx
// responses first, then in the others, so `example=rateLimited` alone finds the HTTP 500 one).
import type { Operation } from '../api.ts';
import type { Answerer, ModeAnswer } from '../mode.ts';
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
export function exampleAnswer(operation: Operation, prefer: Preferences): ModeAnswer {
  const { code, example } = prefer;
  // Response codes in the order examples are looked for: 2xx first, in numeric order, then the rest.
  const codes = [...operation.responses.keys()].sort((a, b) => rank(a) - rank(b));
  const examplesOf = (c: string) => [...(operation.responses.get(c)?.examples ?? [])];
  const answer = (c: string, [name, body]: [string, unknown]) => ({ status: Number(c), body, example: name });
  if (code !== undefined && !operation.responses.has(code))
    throw unknownPreference(
      `Prefer: code=${code}: ${operation.id} has no ${code} response; it has ${codes.join(', ')}.`,
    );
  if (example !== undefined) {
    const candidates = code !== undefined ? [code] : codes;
    for (const c of candidates) {
      const found = examplesOf(c).find(([name]) => name === example);
      if (found) return answer(c, found);
    }
    const names = candidates.flatMap((c) => examplesOf(c).map(([name]) => `${name} (${c})`));
    const where = code ? ` in its ${code} response` : '';
    throw unknownPreference(
      `Prefer: example=${example}: ${operation.id} has no such example${where}; it has ${names.join(', ')}.`,
    );
  }
  const from = code ?? codes.find((c) => examplesOf(c).length);
  const first = from === undefined ? undefined : examplesOf(from)[0];
  if (from === undefined || !first)
    throw unknownPreference(`${operation.id} has no example${code ? ` for ${code}` : ''} to answer with.`);
  return answer(from, first);
}

/** 2xx first, in numeric order, then the rest. */
const rank = (code: string) => (code.startsWith('2') ? 0 : 1000) + Number(code.replace(/\D/g, '') || 999);
