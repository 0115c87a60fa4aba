// The examples mode: every answer is one of the description's named examples. `Prefer` picks
// which: `code=<status>` a response, `example=<name>` an example (looked for in the 2xx
// responses first, then in the others, so `example=rateLimited` alone finds the HTTP 500 one).
import { unknownPreference } from '../problems.mjs';

/**
 * An answerer (see modes/index.mjs) serving the examples of the description; a request that
 * prefers generated data (`Prefer: dynamic=true`, as with `prism mock`) goes to `generated`.
 */
export function createExamples({ generated } = {}) {
  return {
    name: 'examples',
    answer: (request) =>
      generated && request.prefer.dynamic === 'true'
        ? generated.answer(request)
        : exampleAnswer(request.operation, request.prefer),
  };
}

/** `{ status, body }`: the example `prefer` asks for, or the first example of the first 2xx. */
export function exampleAnswer(operation, prefer = {}) {
  const { code, name, body } = pickExample(operation, prefer);
  return { status: Number(code), body, example: name };
}

export function pickExample(operation, { code, example } = {}) {
  const { codes, first } = catalogueOf(operation);
  const list = (c) => Object.entries(operation.responses[c].examples);
  if (code !== undefined && !operation.responses[code]) {
    throw unknownPreference(
      `Prefer: code=${code}: ${operation.id} has no ${code} response; it has ${codes.join(', ')}.`,
    );
  }
  if (code === undefined && example === undefined) {
    if (!first) throw unknownPreference(`${operation.id} has no example to answer with.`);
    return first;
  }
  const candidates = code !== undefined ? [code] : codes;
  if (example !== undefined) {
    for (const c of candidates) {
      const found = list(c).find(([name]) => name === example);
      if (found) return { code: c, name: found[0], body: found[1] };
    }
    const names = candidates.flatMap((c) => list(c).map(([name]) => `${name} (${c})`));
    throw unknownPreference(
      `Prefer: example=${example}: ${operation.id} has no such example${code ? ` in its ${code} response` : ''}; it has ${names.join(', ')}.`,
    );
  }
  const [name, body] = list(code)[0] ?? [];
  if (!name) throw unknownPreference(`${operation.id} has no example for ${code} to answer with.`);
  return { code, name, body };
}

/**
 * An operation's response codes in the order examples are looked for (2xx first, in numeric
 * order, then the rest) and its default answer: worked out once per operation, not per request.
 */
const catalogues = new WeakMap();
function catalogueOf(operation) {
  let catalogue = catalogues.get(operation);
  if (!catalogue) {
    const codes = Object.keys(operation.responses).sort((a, b) => rank(a) - rank(b));
    const code = codes.find((c) => Object.keys(operation.responses[c].examples).length);
    const [name, body] = code ? Object.entries(operation.responses[code].examples)[0] : [];
    catalogue = { codes, first: code ? Object.freeze({ code, name, body }) : null };
    catalogues.set(operation, catalogue);
  }
  return catalogue;
}

/** 2xx first, in numeric order, then the rest. */
const rank = (code) => (code.startsWith('2') ? 0 : 1000) + Number(code.replace(/\D/g, '') || 999);
