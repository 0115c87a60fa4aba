// The "Try it" console keeps working whatever a server answers: any status, any headers (an
// `sl-violations` list of any shape among them), any body (JSON of any shape, problem and envelope
// lookalikes with values that are not text, text, bytes). Each answer comes from a server of the
// test's own, one after another on one page: the console renders each as text (the body as the
// console shows JSON, or as it is), with no page error, and then shows the next one. And a server
// that quotes the API key back, in every spelling and place of the shared table
// (@hostapi/testing/key-spellings): the console shows it masked, never the key.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REDACTED, TOO_DEEP } from '@hostapi/spec/wire';
import { carriesKey, keyPlaces, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import fc from 'fast-check';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleOperation, openConsole } from './support/console.js';
import { siteMockAndBrowser } from './support/running.js';
import { docsPage } from './support/site.js';

const running = siteMockAndBrowser();

/** An answer: its status, headers and body. `x-case` (added) tells the answers apart. */
interface Answer {
  status: number;
  statusText?: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** What the server sends next (or makes of the request it answers), and the number of the answer. */
let next: Answer | ((request: Heard) => Answer) = { status: 200, headers: {}, body: new Uint8Array() };
let count = 0;
/** A request as the server heard it: its method, URL and body. */
interface Heard {
  method: string;
  url: string;
  body: string;
}
const server = createServer(async (request, response) => {
  const body = await text(request);
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-expose-headers': '*',
  };
  if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
  const answer = typeof next === 'function' ? next({ method: request.method!, url: request.url!, body }) : next;
  response.writeHead(answer.status, answer.statusText ?? '', { ...answer.headers, ...cors, 'x-case': String(count) });
  response.end(NO_BODY.includes(answer.status) ? undefined : answer.body);
});
const text = async (request: IncomingMessage) => {
  let all = '';
  for await (const chunk of request) all += chunk;
  return all;
};
let url: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A fetch has no body for these statuses, whatever the server writes. */
const NO_BODY = [204, 205, 304];

/** What the exchange shows: all its text (folded parts too), and the parts the checks read. */
interface Shown {
  all: string;
  status: string | null;
  verdict: string;
  /** The body, as the first `pre` shows it. */
  body: string;
  /** The entries of the sl-violations list shown, or its text where it is no list. */
  violations: { items: number; text: string | undefined } | undefined;
}

/**
 * Clicks Send and resolves, once the answer numbered `number` is shown (each carries its number,
 * so that it is never the one before), to what the exchange shows. In the page, in one round
 * trip: a few hundred answers are sent this way.
 */
const sendAndRead = (panel: Locator, number: string): Promise<Shown> =>
  panel.evaluate(async (root, number) => {
    const exchange = () => root.querySelector('[aria-label="Response"]');
    const shown = () =>
      [...(exchange()?.querySelectorAll('tr') ?? [])].some(
        (row) => row.querySelector('th')?.textContent === 'x-case' && row.querySelector('td')?.textContent === number,
      );
    [...root.querySelectorAll('button')].find((button) => button.textContent === 'Send')!.click();
    await new Promise<void>((resolve) => {
      const check = () => (shown() ? resolve() : requestAnimationFrame(check));
      check();
    });
    const node = exchange()!;
    const violations = node.querySelector('[aria-label="Violations"]');
    return {
      all: node.textContent ?? '',
      status: node.querySelector('[data-status]')?.getAttribute('data-status') ?? null,
      verdict: node.querySelector('[data-verdict]')?.textContent ?? '',
      body: node.querySelector('pre')?.textContent ?? '',
      violations: violations
        ? { items: violations.querySelectorAll('li').length, text: violations.querySelector('pre')?.textContent }
        : undefined,
    };
  }, number);

/** Sends `answer` as the server's next one, clicks Send, and checks what the console shows. */
async function expectShown(panel: Locator, answer: Answer, errors: () => string[]) {
  next = answer;
  const shown = await sendAndRead(panel, String(++count));
  expect(shown.status).toBe(String(answer.status));
  expect(shown.verdict).not.toBe('');
  // The body as text: pretty JSON where it is JSON, else as it is.
  const text = NO_BODY.includes(answer.status) ? '' : new TextDecoder().decode(answer.body);
  const json = parse(text);
  expect(shown.body).toBe(json === undefined ? text || '(empty body)' : JSON.stringify(json, null, 2));
  // Every entry of an sl-violations list, each as text; any other value as it is.
  const header = answer.headers['sl-violations'];
  if (header !== undefined) {
    const list = parse(header);
    if (Array.isArray(list)) expect(shown.violations?.items).toBe(list.length);
    else expect(shown.violations?.text).toBe(header.trim());
  }
  // Chromium logs an error status as a failed load; nothing else may be logged.
  expect(errors().filter((error) => !error.startsWith('Failed to load resource: the server responded'))).toEqual([]);
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** JSON text with every character outside printable ASCII escaped: a header value Node sends as it is. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const bytes = (text: string) => new TextEncoder().encode(text);

/** Values that are not text, as JSON can hold them, String() cannot convert among them. */
const notText = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom({ toString: 1 }, { valueOf: 1, toString: 'x' }, null, [], {}, [null]),
);
const violations = fc.oneof(
  fc
    .array(fc.oneof(fc.record({ severity: notText, message: notText }, { requiredKeys: [] }), notText), {
      maxLength: 4,
    })
    .map(asciiJson),
  notText.map(asciiJson),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
);
const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/problem+json',
      'text/plain; charset=utf-8',
      'text/html',
      'application/octet-stream',
    ),
    'sl-violations': violations,
    'x-other': fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => bytes(JSON.stringify(value))),
  // The service's envelope and a validating server's problem, each field of any shape.
  fc
    .record({ status: notText, msg: notText, return: notText, error: notText }, { requiredKeys: [] })
    .map((value) => bytes(JSON.stringify(value))),
  fc
    .record(
      {
        type: notText,
        title: notText,
        message: notText,
        validation: fc.oneof(
          notText,
          fc.array(fc.record({ location: notText, message: notText, code: notText }, { requiredKeys: [] })),
        ),
      },
      { requiredKeys: [] },
    )
    .map((value) => bytes(JSON.stringify(value))),
  fc.string({ maxLength: 200 }).map(bytes),
  fc.uint8Array({ maxLength: 200 }),
);
/**
 * Statuses a browser does not hand to a page as they are, so none is sent here (the answer could
 * not be told from the one before): a redirect, which the client asks not to follow (status 0,
 * no headers), and 407, which Chromium fails as a network error (a proxy's, not a server's).
 */
const HIDDEN = [301, 302, 303, 307, 308, 407];
const answers = fc.record({
  status: fc
    .oneof(fc.constantFrom(200, 400, 401, 404, 422, 429, 500, 502), fc.integer({ min: 200, max: 599 }))
    .filter((status) => !HIDDEN.includes(status)),
  headers,
  body,
});

/** How many answers the property sends, and its seed (FC_SEED repeats a run). */
const RUNS = 100;
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);

describe('whatever a server answers', () => {
  it('shows answers whose sl-violations or 422 message are not text, and each next answer as it is', async () => {
    const watched = await docsPage(running.browser);
    try {
      const panel = await openConsole(watched, consoleOperation('listServers'), running.site, url);
      const show = (answer: Answer) => expectShown(panel, answer, () => watched.consoleErrors);
      const json = { 'content-type': 'application/json' };
      await show({
        status: 200,
        headers: {
          ...json,
          'sl-violations': asciiJson([null, 7, { severity: { toString: 1 }, message: { valueOf: 1, toString: 2 } }]),
        },
        body: bytes(JSON.stringify({ return: [], msg: 'Successful', status: true })),
      });
      await show({
        status: 422,
        headers: { 'content-type': 'application/problem+json' },
        body: bytes(
          JSON.stringify({ title: 'Invalid request', validation: [{ location: ['query'], message: { toString: 1 } }] }),
        ),
      });
      await show({ status: 200, headers: json, body: bytes(JSON.stringify({ return: [], status: true })) });
      // The same address answering 416 without a body: shown as such, not with the body before it
      // (which Chromium's cache once handed back with it).
      await show({ status: 416, headers: { 'content-type': 'text/html' }, body: new Uint8Array() });
    } finally {
      await watched.page.context().close();
    }
  }, 120_000);

  it('shows a body and an sl-violations list nested as deep as JSON.parse takes, below 64 levels named', async () => {
    const watched = await docsPage(running.browser);
    try {
      const panel = await openConsole(watched, consoleOperation('listServers'), running.site, url);
      const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
      next = {
        status: 200,
        headers: { 'content-type': 'application/json', 'sl-violations': `[${deep(5_000)}]` },
        body: bytes(`{"return":${deep(100_000)},"msg":"Successful","status":true}`),
      };
      const shown = await sendAndRead(panel, String(++count));
      expect(shown.status).toBe('200');
      expect(shown.body).toContain(`"${TOO_DEEP}"`);
      expect(shown.violations?.items).toBe(1);
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  }, 120_000);

  it(`renders any answer as text and still shows the next one (fast-check, ${RUNS} answers)`, async () => {
    const watched = await docsPage(running.browser);
    try {
      const panel = await openConsole(watched, consoleOperation('listServers'), running.site, url);
      await fc.assert(
        fc.asyncProperty(answers, (answer) => expectShown(panel, answer, () => watched.consoleErrors)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      console.log(`console answers: ${RUNS} answers, seed ${SEED} (FC_SEED=${SEED} repeats it)`);
    } finally {
      await watched.page.context().close();
    }
  }, 240_000);
});

/** Text a header value (or a status text) may carry as it is: printable ASCII. */
const headerSafe = (value: string) => /^[\x20-\x7e]*$/.test(value);

describe('a server that quotes the API key back', () => {
  /**
   * A place's text as the body (text, or JSON where it is JSON), also as a header and the status
   * text where a header can carry it, beside the request as the server heard it, key and all.
   */
  const echoing =
    (text: string) =>
    (heard: Heard): Answer => ({
      status: 401,
      ...(headerSafe(text) && { statusText: text }),
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'x-request': `${heard.method} ${heard.url}`,
        ...(headerSafe(text) && { 'x-echo': text }),
      },
      body: bytes(text),
    });

  it.for([
    ['a key long enough to be a secret', SECRET],
    ['a short key (masked where it is named)', SHORT],
  ])('%s: shown masked in every spelling and place, never as it is', { timeout: 240_000 }, async ([, key]) => {
    const watched = await docsPage(running.browser);
    try {
      const panel = await openConsole(watched, consoleOperation('listServers'), running.site, url);
      await panel.getByLabel('API key', { exact: true }).fill(key!);
      const places = keyPlaces(key!);
      expect(places.length).toBeGreaterThan(50);
      for (const { place, text } of places) {
        next = echoing(text);
        const { all } = await sendAndRead(panel, String(++count));
        expect(carriesKey(all, key!), `${place}: ${all}`).toBe(false);
        expect(all, place).toContain(REDACTED);
      }
      // Then every place at once, each quoted by a string of one JSON answer (as a `msg` quotes it):
      // each string is masked as text, one a line of the JSON shown.
      const quoted = Object.fromEntries(places.map(({ place, text }) => [place, text]));
      next = { status: 200, headers: { 'content-type': 'application/json' }, body: bytes(JSON.stringify(quoted)) };
      const lines = (await sendAndRead(panel, String(++count))).all.split('\n');
      for (const { place } of places) {
        const line = lines.find((l) => l.trimStart().startsWith(`${JSON.stringify(place)}: `));
        expect(line, place).toContain(REDACTED);
        expect(carriesKey(line!, key!), `${place}: ${line}`).toBe(false);
      }
      expect(watched.consoleErrors.filter((e) => !e.startsWith('Failed to load resource: the server'))).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  });
});
