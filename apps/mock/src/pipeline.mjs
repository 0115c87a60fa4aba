// One request's way through the mock, whatever the mode: route it, read it (requests/), let the
// mode's answerer write the answer, check that answer against the description, and log.
// The mock modes refuse what breaks the description (`enforce`); the proxy reports it and lets
// the exchange through.
import { describeErrors } from './schemas.mjs';
import { invalidAnswer, mockFailure, Problem } from './problems.mjs';
import { readRequest } from './requests/read.mjs';
import { route } from './requests/route.mjs';
import { createReadCache } from './requests/read-cache.mjs';
import { deepFreeze } from './frozen.mjs';
import { preferencesOf } from './requests/prefer.mjs';
import { formPairs, queryPairs } from './requests/fields.mjs';
import { redact } from './log.mjs';

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
const BODY_IN_LOG = 2000;

/**
 * `handle({ method, path, search, headers, body })` → `{ status, headers, body }` (body as
 * bytes or text). `answerer.answer()` writes the answers (see modes/index.mjs).
 */
export function createPipeline({ api, schemas, answerer, strict = false, enforce = true, log }) {
  const checkAnswer = createAnswerCheck(schemas);
  const reads = createReadCache();

  /**
   * `{ operation, notes, apiKey, fields, prefer }`: the request routed and read (notes: its
   * departures), kept frozen under `key` when it was read without refusal (read-cache.mjs).
   */
  async function readAll(request, key) {
    const notes = [];
    let operation;
    let read = { fields: {}, apiKey: undefined, departures: [] };
    let refused = false;
    try {
      const routed = route(api, request.method, request.path, { strict });
      operation = routed.operation;
      notes.push(...routed.departures.map(asNote('request', 'Warning')));
      read = await readRequest(api, schemas, operation, request, { strict });
      notes.push(...read.departures.map(asNote('request', 'Warning')));
    } catch (error) {
      // The proxy forwards what the mock would refuse, and says why.
      if (enforce || !(error instanceof Problem)) throw error;
      refused = true;
      notes.push(...(error.validation ?? [{ location: [], code: String(error.status), message: error.detail }]).map(asNote('request', 'Error')));
    }
    const reading = { operation, notes, apiKey: read.apiKey, fields: read.fields, prefer: preferencesOf(request.headers, request.search) };
    if (key === undefined || refused) return reading;
    // The operation is the description's, shared and not to be frozen here.
    const { operation: shared, ...rest } = reading;
    const frozen = Object.freeze({ operation: shared, ...deepFreeze(rest) });
    reads.keep(key, frozen);
    return frozen;
  }

  async function handle(request) {
    const started = performance.now();
    const notes = []; // sl-violations: departures (warnings) and what breaks the description
    let operation;
    let answer;
    try {
      if (answerer.reset && request.method === 'POST' && request.path === '/__sandbox/reset') {
        await answerer.reset(new URLSearchParams(request.search).get('apikey') || undefined);
        answer = { status: 204 };
      } else {
        const { key, reading: kept } = reads.lookup(request);
        const reading = kept ?? (await readAll(request, key));
        operation = reading.operation;
        notes.push(...reading.notes);
        answer = await answerer.answer({
          operationId: operation?.id, operation, apiKey: reading.apiKey, fields: reading.fields, prefer: reading.prefer, request,
        });
        if (operation) {
          const broken = checkAnswer(operation, answer);
          notes.push(...broken);
          if (enforce && broken.some((v) => v.severity === 'Error')) answer = invalidAnswer(broken.map(({ location, ...v }) => ({ ...v, location: location.slice(1) }))).toAnswer();
        }
      }
    } catch (error) {
      answer = error instanceof Problem ? error.toAnswer() : mockFailure(String(error?.message ?? error)).toAnswer();
      if (!(error instanceof Problem)) log.error(`${request.method} ${request.path}: ${error?.stack ?? error}`, await keysIn(request));
    }

    const headers = { ...answer.headers };
    let body = answer.raw ?? (answer.body === undefined ? undefined : serialize(answer.body));
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    if (notes.length) {
      const text = JSON.stringify(notes);
      headers['sl-violations'] = text.length > MAX_VIOLATIONS_HEADER ? `Too many violations! ${text.slice(0, MAX_VIOLATIONS_HEADER)}` : text;
    }
    if (log.verbose) logExchange(log, request, answer.status, notes, performance.now() - started, await keysIn(request));
    return { status: answer.status, headers, body };
  }
  return { handle };
}

/** JSON text of an answer's body; a frozen body (an example) is written once. */
const texts = new WeakMap();
function serialize(body) {
  if (!body || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = texts.get(body);
  if (text === undefined) texts.set(body, (text = Buffer.from(JSON.stringify(body))));
  return text;
}

/** A departure or validation entry as an sl-violations entry (Prism's header format). */
const asNote = (side, severity) => ({ location = [], code, message }) => ({ location: [side, ...location], severity, code, message });

/**
 * Checks answers against the operation's responses: the status must be described, the body
 * valid against its schema. Entries are sl-violations entries (`location` starts `response`).
 */
function createAnswerCheck(schemas) {
  // Frozen bodies (the description's examples) cannot change: each passes once per schema.
  const passed = new WeakMap();
  return function checkAnswer(operation, { status, body, raw, headers }) {
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) {
      return [{
        location: ['response'], severity: status >= 200 && status < 300 ? 'Error' : 'Warning', code: 'status',
        message: `Unable to match the returned status code with those defined in the document: ${Object.keys(operation.responses).join(',')}`,
      }];
    }
    if (!response.schema) return [];
    let value = body;
    if (raw !== undefined) {
      const type = Object.entries(headers ?? {}).find(([h]) => h.toLowerCase() === 'content-type')?.[1] ?? '';
      if (!/json/i.test(type)) return [{ location: ['response', 'headers', 'content-type'], severity: 'Error', code: 'content-type', message: `The received media type "${type}" does not match the one specified in the current response: application/json` }];
      try {
        value = JSON.parse(raw.toString('utf8'));
      } catch {
        return [{ location: ['response', 'body'], severity: 'Error', code: 'json', message: 'The response body is not valid JSON' }];
      }
    }
    const frozen = value && typeof value === 'object' && Object.isFrozen(value);
    if (frozen && passed.get(value)?.has(response.schema)) return [];
    const validate = schemas.response(response.schema);
    if (validate(value)) {
      if (frozen) passed.set(value, (passed.get(value) ?? new Set()).add(response.schema));
      return [];
    }
    return describeErrors(closestBranchErrors(schemas, response.schema, value, validate.errors), { context: 'Response', where: 'body' })
      .map((entry) => ({ ...entry, location: ['response', ...entry.location] }));
  };
}

/**
 * The errors of the `anyOf`/`oneOf` branch the value came closest to (the one whose errors lie
 * deepest in the value), rather than every branch's: a success body with one bad field is
 * reported for that field, not for not being a failure.
 */
function closestBranchErrors(schemas, at, value, errors) {
  const branches = schemas.branches(at);
  let best = errors;
  let bestDepth = -1;
  for (const validate of branches) {
    if (validate(value)) continue;
    const depth = Math.max(...validate.errors.map((e) => e.instancePath.split('/').length));
    if (depth > bestDepth || (depth === bestDepth && validate.errors.length < best.length)) {
      best = validate.errors;
      bestDepth = depth;
    }
  }
  return best;
}

/** The API keys a request carries (query and form), to mask in logs wherever they appear. */
async function keysIn({ search, headers, body }) {
  const keys = queryPairs(search).filter(([name]) => name === 'apikey').map(([, value]) => value);
  if (body?.length && /form/i.test(headers['content-type'] ?? '')) {
    try {
      keys.push(...(await formPairs(body, headers['content-type'])).filter(([name]) => name === 'apikey').map(([, value]) => value));
    } catch {
      // An unreadable body is refused by readRequest; the pattern masking still applies.
    }
  }
  return keys;
}

function logExchange(log, request, status, notes, ms, secrets) {
  log.info(`${request.method} ${request.path}${request.search ? `?${request.search}` : ''} → ${status} (${ms.toFixed(1)} ms)`, secrets);
  if (request.body?.length) {
    const text = request.body.subarray(0, BODY_IN_LOG).toString('utf8');
    // Masked before it is escaped onto one line, where a multipart part is no longer recognisable.
    log.info(`  body: ${JSON.stringify(redact(text, secrets))}${request.body.length > BODY_IN_LOG ? ` (${request.body.length} bytes)` : ''}`, secrets);
  }
  for (const note of notes) log.info(`  ${note.severity.toLowerCase()} Violation: ${note.location.join('.')} ${note.message}`, secrets);
}
