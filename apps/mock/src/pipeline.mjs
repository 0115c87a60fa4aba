// One request's way through the mock, whatever the mode: route it, read it (requests/), let the
// mode's answerer write the answer, check that answer against the description, and log.
// The mock modes refuse what breaks the description (`enforce`); the proxy reports it and lets
// the exchange through.
import { describeErrors } from './schemas.mjs';
import { capped, invalidAnswer, mockFailure, Problem, resetNeedsKey } from './problems.mjs';
import { readRequest } from './requests/read.mjs';
import { route } from './requests/route.mjs';
import { createReadCache } from './requests/read-cache.mjs';
import { deepFreeze } from './frozen.mjs';
import { preferencesOf } from './requests/prefer.mjs';
import { formPairs, mediaTypeOf, queryPairs, topName } from './requests/fields.mjs';
import { maskBody, maskPairs } from './log.mjs';

const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
const BODY_IN_LOG = 2000;

/**
 * `handle({ method, path, search, headers, body, signal })` → `{ status, headers, body, stream? }`
 * (body as bytes or text; stream: a readable to pass on instead). `answerer.answer()` writes the
 * answers (see modes/index.mjs).
 */
export function createPipeline({ api, schemas, answerer, strict = false, enforce = true, log }) {
  const checkAnswer = createAnswerCheck(schemas);
  const reads = createReadCache();

  /**
   * `{ operation, notes, apiKey, fields, prefer }`: the request routed and read (notes: its
   * departures), kept frozen under `key` when it was read without refusal (read-cache.mjs). At
   * once, or a promise of it for a multipart body.
   */
  function readAll(request, key) {
    const notes = [];
    let operation;
    let read;
    try {
      const routed = route(api, request.method, request.path, { strict });
      operation = routed.operation;
      for (const entry of routed.departures) notes.push(asNote('request', 'Warning', entry));
      read = readRequest(api, schemas, operation, request, { strict });
    } catch (error) {
      return refusedReading(request, operation, notes, error);
    }
    const done = (what) => readingOf(request, key, operation, notes, what);
    return read instanceof Promise
      ? read.then(done, (error) => refusedReading(request, operation, notes, error))
      : done(read);
  }

  function readingOf(request, key, operation, notes, read) {
    for (const entry of read.departures) notes.push(asNote('request', 'Warning', entry));
    const reading = {
      operation,
      notes,
      apiKey: read.apiKey,
      fields: read.fields,
      prefer: preferencesOf(request.headers, request.search),
    };
    if (key === undefined) return reading;
    // The operation is the description's, shared and not to be frozen here.
    const { operation: shared, ...rest } = reading;
    const frozen = Object.freeze({ operation: shared, ...deepFreeze(rest) });
    reads.keep(key, frozen);
    return frozen;
  }

  /** The proxy forwards what the mock would refuse, and says why; the mock modes refuse it (throw). */
  function refusedReading(request, operation, notes, error) {
    if (enforce || !(error instanceof Problem)) throw error;
    for (const entry of error.validation ?? [{ location: [], code: String(error.status), message: error.detail }])
      notes.push(asNote('request', 'Error', entry));
    return {
      operation,
      notes,
      apiKey: undefined,
      fields: UNREAD_FIELDS,
      prefer: preferencesOf(request.headers, request.search),
    };
  }

  async function handle(request) {
    const started = log.verbose ? performance.now() : 0;
    const notes = []; // sl-violations: departures (warnings) and what breaks the description
    let operation;
    let answer;
    try {
      if (answerer.reset && request.method === 'POST' && request.path === '/__sandbox/reset') {
        // One key's state, named by its key: a page that does not know a key cannot reset it.
        const apiKey = queryPairs(request.search).find(([name]) => name === 'apikey')?.[1];
        if (!apiKey) throw resetNeedsKey();
        await answerer.reset(apiKey);
        answer = { status: 204 };
      } else {
        const { key, reading: kept } = reads.lookup(request);
        let reading = kept ?? readAll(request, key);
        if (reading instanceof Promise) reading = await reading;
        operation = reading.operation;
        for (const note of reading.notes) notes.push(note);
        answer = answerer.answer({
          operationId: operation?.id,
          operation,
          apiKey: reading.apiKey,
          fields: reading.fields,
          prefer: reading.prefer,
          request,
        });
        // Most modes answer at once; a promise only when they must wait (latency, the proxy).
        if (answer instanceof Promise) answer = await answer;
        // What the mode has to say of this request (the sandbox: a key's state was evicted).
        for (const entry of answer.warnings ?? []) notes.push(asNote('request', 'Warning', entry));
        // A streamed answer (the proxy's, too large to check) is passed on as it comes.
        if (operation && !answer.stream) {
          const broken = capped(checkAnswer(operation, answer), 'Error', ['response']);
          for (const note of broken) notes.push(note);
          if (enforce && broken.some((v) => v.severity === 'Error'))
            answer = invalidAnswer(
              broken.map(({ location, ...v }) => ({ ...v, location: location.slice(1) })),
            ).toAnswer();
        }
      }
    } catch (error) {
      answer = error instanceof Problem ? error.toAnswer() : mockFailure(String(error?.message ?? error)).toAnswer();
      if (!(error instanceof Problem))
        log.error(`${request.method} ${request.path}: ${error?.stack ?? error}`, await keysIn(request));
    }

    const headers = { ...answer.headers };
    const body = answer.raw ?? (answer.body === undefined ? undefined : serialize(answer.body));
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
    if (notes.length) headers['sl-violations'] = violationsHeader(notes);
    if (log.verbose)
      logExchange(log, request, answer.status, notes, performance.now() - started, await keysIn(request));
    return { status: answer.status, headers, body, stream: answer.stream };
  }
  return { handle };
}

/**
 * The sl-violations header: the notes as JSON, cut as Prism cuts it. Written in ASCII (`\\u20ac`
 * for `€`), since a header value cannot carry what a request's names may hold.
 */
function violationsHeader(notes) {
  const text = JSON.stringify(notes).replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return text.length > MAX_VIOLATIONS_HEADER ? `Too many violations! ${text.slice(0, MAX_VIOLATIONS_HEADER)}` : text;
}

/** The fields of a request the proxy forwards without reading it. */
const UNREAD_FIELDS = Object.freeze({});

/** JSON text of an answer's body; a frozen body (an example) is written once. */
const texts = new WeakMap();
function serialize(body) {
  if (!body || typeof body !== 'object' || !Object.isFrozen(body)) return JSON.stringify(body);
  let text = texts.get(body);
  if (text === undefined) texts.set(body, (text = Buffer.from(JSON.stringify(body))));
  return text;
}

/** A departure or validation entry as an sl-violations entry (Prism's header format). */
const asNote = (side, severity, { location = [], code, message }) => ({
  location: [side, ...location],
  severity,
  code,
  message,
});

/**
 * Checks answers against the operation's responses: the status must be described, the body
 * valid against its schema. Entries are sl-violations entries (`location` starts `response`).
 */
function createAnswerCheck(schemas) {
  // Frozen bodies (the description's examples) cannot change: each passes once per schema.
  const passed = new WeakMap();
  return function checkAnswer(operation, { status, body, raw, decoded = raw, headers }) {
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) {
      return [
        {
          location: ['response'],
          severity: status >= 200 && status < 300 ? 'Error' : 'Warning',
          code: 'status',
          message: `Unable to match the returned status code with those defined in the document: ${Object.keys(operation.responses).join(',')}`,
        },
      ];
    }
    if (!response.schema) return [];
    let value = body;
    if (raw !== undefined) {
      const type = Object.entries(headers ?? {}).find(([h]) => h.toLowerCase() === 'content-type')?.[1] ?? '';
      if (!/json/i.test(type))
        return [
          {
            location: ['response', 'headers', 'content-type'],
            severity: 'Error',
            code: 'content-type',
            message: `The received media type "${type}" does not match the one specified in the current response: application/json`,
          },
        ];
      // Bytes that could not be decoded: the answerer said so in its warnings.
      if (decoded === undefined) return [];
      try {
        value = JSON.parse(decoded.toString('utf8'));
      } catch {
        return [
          {
            location: ['response', 'body'],
            severity: 'Error',
            code: 'json',
            message: 'The response body is not valid JSON',
          },
        ];
      }
    }
    const frozen = value && typeof value === 'object' && Object.isFrozen(value);
    if (frozen && passed.get(value)?.has(response.schema)) return [];
    const validate = schemas.response(response.schema);
    if (validate(value)) {
      if (frozen) passed.set(value, (passed.get(value) ?? new Set()).add(response.schema));
      return [];
    }
    return describeErrors(closestBranchErrors(schemas, response.schema, value, validate.errors), {
      context: 'Response',
      where: 'body',
    }).map((entry) => ({ ...entry, location: ['response', ...entry.location] }));
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

/**
 * The API keys a request carries, as the reader decodes them (query and form, any name whose
 * first segment is `apikey` in any case: `a%70ikey`, `APIKEY`, `apikey[x]`), to mask by value.
 */
async function keysIn({ search, headers, body }) {
  const isKey = ([name]) => topName(name).toLowerCase() === 'apikey';
  const keys = queryPairs(search)
    .filter(isKey)
    .map(([, value]) => value);
  if (body?.length && /form/i.test(headers['content-type'] ?? '')) {
    try {
      keys.push(...(await formPairs(body, headers['content-type'])).filter(isKey).map(([, value]) => value));
    } catch {
      // An unreadable body is refused by readRequest, and logged masked by name (maskBody).
    }
  }
  return keys;
}

/** At most this many notes of a request are logged, then how many more. */
const NOTES_IN_LOG = 20;

function logExchange(log, request, status, notes, ms, secrets) {
  log.info(
    `${request.method} ${request.path}${request.search ? `?${maskPairs(request.search)}` : ''} → ${status} (${ms.toFixed(1)} ms)`,
    secrets,
  );
  if (request.body?.length) {
    const type = request.headers['content-type'] ?? '';
    // Masked whole, before it is cut: a key cut in half is no longer recognisable.
    const text = maskBody(request.body, type, mediaTypeOf(type));
    const shown =
      text === undefined
        ? `(${request.body.length} bytes of ${type || 'no content type'}, not shown)`
        : JSON.stringify(text.length > BODY_IN_LOG ? text.slice(0, BODY_IN_LOG) : text);
    log.info(
      `  body: ${shown}${text !== undefined && text.length > BODY_IN_LOG ? ` (${request.body.length} bytes)` : ''}`,
      secrets,
    );
  }
  for (const note of notes.slice(0, NOTES_IN_LOG))
    log.info(`  ${note.severity.toLowerCase()} Violation: ${note.location.join('.')} ${note.message}`, secrets);
  if (notes.length > NOTES_IN_LOG) log.info(`  …and ${notes.length - NOTES_IN_LOG} more violations`, secrets);
}
