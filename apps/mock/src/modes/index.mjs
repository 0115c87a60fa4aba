// The mode slot. Modes differ only in who writes the answer; the front, the reading of requests
// (with its leniency) and the checking of answers are shared (pipeline.mjs).
//
// A mode is an answerer:
//
//   {
//     answer({ operationId, operation, apiKey, fields, prefer, request })
//       → { status, body, headers?, warnings? }, or a promise of it; body: a JSON value, serialized
//         by the mock; warnings: `{ location, code, message }` entries for sl-violations
//     reset?(apiKey?)                              optional; served as POST /__sandbox/reset?apikey=<key>
//     close?()                                     optional; told when the mock stops (the sandbox's store)
//   }
//
// - operationId: the operation asked for (`listServers`), whatever version segment was used;
//   operation: its entry from api.mjs (path, responses and their examples, the parsed `op`).
// - apiKey: the request's key; fields: its query and form fields, already read with the mock's
//   leniency and validated, as one nested object (bracket segments are keys, indexed lists are
//   arrays, every leaf is text), without the key. Fields and prefer are frozen when the mock keeps
//   the request's reading (no body, or a short URL-encoded one): the same bytes get the same
//   objects (requests/read-cache.mjs). Read only.
// - prefer: the Prefer header as `{ name: value }` (`{ code: '500', example: 'rateLimited' }`); without one,
//   the `__code`, `__example`, `__dynamic`, `__seed` query parameters (requests/prefer.mjs).
// - request: `{ method, path, search, headers, body }` as received (the proxy forwards it).
// Throw a Problem (problems.mjs) to answer with the mock's own error instead. Every answer is
// then checked against the operation's responses: one that breaks the description becomes a
// 500 naming each field (the proxy reports it instead).
import { fileURLToPath } from 'node:url';
import { createExamples } from './examples.mjs';
import { createDynamic } from './dynamic.mjs';
import { createProxy } from './proxy.mjs';

/**
 * The answerer for the options of startMock(): `answerer` (your own), `upstream` (proxy, with
 * `upstreamTimeoutMs`), `sandbox` (with `fixture`, `rateLimit`, `latencyMs`, `maxKeys`, `store`,
 * `storeTtlMs`), `dynamic` (with `seed`), or the examples. `log` is the mock's logger.
 */
export async function createAnswerer(
  api,
  {
    answerer,
    upstream,
    upstreamTimeoutMs,
    sandbox,
    fixture,
    rateLimit,
    latencyMs,
    maxKeys,
    store,
    storeTtlMs,
    dynamic,
    seed = 1,
    log,
  },
) {
  if (answerer) return answerer;
  if (upstream) return createProxy({ upstream, timeoutMs: upstreamTimeoutMs });
  if (sandbox) {
    const module = new URL('../sandbox/index.mjs', import.meta.url);
    let createSandbox;
    try {
      // A literal specifier, so that the standalone executable's bundle (esbuild) includes it.
      ({ createSandbox } = await import('../sandbox/index.mjs'));
    } catch (error) {
      // Only the module itself missing means no sandbox; anything else it lacks is its error.
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(fileURLToPath(module))) throw error;
      throw new Error(
        'The sandbox mode is not part of this build of @hostapi/mock (src/sandbox/index.mjs is missing).',
      );
    }
    return createSandbox({ document: api.document, fixture, rateLimit, latencyMs, maxKeys, store, storeTtlMs, log });
  }
  if (dynamic) return createDynamic(api, { seed });
  return createExamples({ generated: createDynamic(api, { seed }) });
}
