// What the "Try it" console's browser tests share (test/console-form, -start and -key.test.ts for
// its scenarios, test/operations.test.ts for each operation's round trip): opening it on an operation's page,
// sending and reading the answer it renders, and what the description says that answer is.
import { encodePairs, REDACTED } from '@hostapi/spec/wire';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import type { Watched } from '@hostapi/testing/chromium';
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { MOCK_URL } from '../../build/mock.ts';
import { consoleModel, type OperationModel } from '../../console/model.ts';
import { curlCommand } from '../../shared/curl.ts';
import { siteMockAndBrowser } from './running.js';
import { docsPage, headingPattern, openLive } from './site.js';

export { curlCommand };

const doc = readBundle();
export const model = consoleModel(doc, MOCK_URL);
const described = new Map(operationsOf(doc).map(({ op }) => [op.operationId as string, op]));
/** The named examples of an operation's answers with this status: `{ name: value }`. */
export const examplesOf = (op: OperationModel, status: number) =>
  responseExamples(doc, described.get(op.id)!, String(status));
export const consoleOperation = (id: string) => model.operations.find((op) => op.id === id)!;
export const KEY = 'k3y-Distinctive-7f3a9c';
export const PLACEHOLDER = 'YOUR_API_KEY';
/** Where the console points by default: the mock as `npx hostapi-mock` starts it. */
export const DEFAULT_SERVER = 'http://127.0.0.1:4010';

/** The service's rule (and the client's): `status: false`, or a message with neither status nor result. */
export const isFailure = (body: Record<string, unknown>) =>
  body.status === false || (!('status' in body) && !('return' in body));

/** An operation's or section's heading, by its exact text. */
export const heading = (page: Page, text: string) =>
  page
    .locator('h1, h2')
    .filter({ hasText: headingPattern(text) })
    .first();

export const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Try it' });

/** On `op`'s page (already shown), opens its console and points it at `server` with the key. */
export async function openConsoleHere(page: Page, op: OperationModel, server: string): Promise<Locator> {
  await page.getByRole('button', { name: /Try it/ }).click();
  const panel = panelOf(page);
  expect(await panel.getByRole('combobox', { name: 'Operation' }).inputValue()).toBe(op.id);
  expect(await panel.getByLabel('Server', { exact: true }).inputValue()).toBe(DEFAULT_SERVER);
  await panel.getByLabel('Server', { exact: true }).fill(server);
  await panel.getByLabel('API key', { exact: true }).fill(KEY);
  return panel;
}

/** Opens `op`'s page cold (`site` without its trailing `/`), opens its console, points it at `server` with the key. */
export async function openConsole(
  watched: Watched,
  op: OperationModel,
  site: string,
  server: string,
): Promise<Locator> {
  const { page } = watched;
  await openLive(page, `${site}/${op.route}`);
  await heading(page, op.summary).waitFor();
  return openConsoleHere(page, op, server);
}

export interface Answer {
  status: number;
  verdict: string | null;
  /** The body as rendered. */
  text: string;
  /** The curl command shown with it. */
  curl: string;
  request: Request;
}

/** Clicks Send and reads the answer the console renders for it (read in one go: pages send many). */
export async function sendAndRead(page: Page, panel: Locator): Promise<Answer> {
  const server = (await panel.getByLabel('Server', { exact: true }).inputValue()).replace(/\/+$/, '');
  const responded = page.waitForResponse((r) => r.url().startsWith(`${server}/`) && r.request().method() !== 'OPTIONS');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const request = (await responded).request();
  await panel.getByRole('region', { name: 'Response' }).locator('[data-status]').waitFor();
  const shown = await panel.evaluate((root) => {
    const exchange = root.querySelector('[aria-label="Response"]')!;
    return {
      status: Number(exchange.querySelector('[data-status]')!.getAttribute('data-status')),
      verdict: exchange.querySelector('[data-verdict]')?.getAttribute('data-verdict') ?? null,
      text: exchange.querySelector<HTMLElement>('pre')!.innerText,
      curl: root.querySelector<HTMLElement>('[aria-label="curl"] pre')!.innerText,
    };
  });
  return { ...shown, request };
}

/** The `[name, value]` pairs of a query string or URL-encoded body. */
export const pairsOf = (text: string): [string, string][] =>
  text.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
  });

/** A call the console showed, and the answer it rendered for it: run again by the client-call check. */
export interface Snippet {
  code: string;
  status: number;
  body: unknown;
}

/**
 * On `op`'s page, the console (opened, pointed at the mock at `mockUrl`): the pre-filled example
 * gets HTTP 200 and the success example, rendered with status and msg highlighted; the curl shown
 * carries exactly the pairs sent (key as a placeholder), the request shown masks the key; then
 * every other named answer, chosen with Prefer. Resolves to the HTTP statuses received (Chromium
 * logs each error status as a failed load) and a failure's client call, for the client-call check.
 */
export async function expectConsoleRoundTrip(
  page: Page,
  op: OperationModel,
  mockUrl: string,
): Promise<{ received: number[]; snippet: Snippet | undefined }> {
  const received: number[] = [];
  let snippet: Snippet | undefined;
  const panel = await openConsoleHere(page, op, mockUrl);

  // The pre-filled example: HTTP 200, the success example, status and msg highlighted.
  const success = examplesOf(op, 200).success;
  const first = await sendAndRead(page, panel);
  received.push(first.status);
  expect(first.status).toBe(200);
  expect(first.verdict).toBe('success');
  expect(first.text).toBe(JSON.stringify(success, null, 2));
  const exchange = panel.getByRole('region', { name: 'Response' });
  if ('status' in success)
    expect(await exchange.locator('mark[data-envelope="status"]').innerText()).toBe('"status": true');
  if ('msg' in success)
    expect(await exchange.locator('mark[data-envelope="msg"]').innerText()).toBe(
      `"msg": ${JSON.stringify(success.msg)}`,
    );
  expect(await exchange.locator('.time').innerText()).toMatch(/^\d+ ms$/);
  await exchange.getByText(/^Response headers/).click();
  expect(await exchange.locator('tr', { hasText: 'content-type' }).innerText()).toMatch(
    /^content-type\s+application\/json/,
  );

  // What was sent: the client's wire format, the key first; the curl shown carries exactly
  // those pairs (the key as a placeholder), and the request shown masks the key.
  const sent = first.request;
  const wire = op.method === 'GET' ? new URL(sent.url()).search.slice(1) : sent.postData()!;
  expect(sent.method()).toBe(op.method);
  if (op.method === 'POST') expect(sent.headers()['content-type']).toBe('application/x-www-form-urlencoded');
  const pairs = pairsOf(wire);
  expect(encodePairs(pairs)).toBe(wire);
  expect(pairs[0]).toEqual(['apikey', KEY]);
  const shown = pairs.map(([name, value]) => [name, name === 'apikey' ? PLACEHOLDER : value] as const);
  expect(first.curl).toBe(curlCommand({ method: op.method.toLowerCase(), url: `${mockUrl}${op.path}`, pairs: shown }));
  await panel.getByText('Request sent (API key masked)').click();
  const request = await exchange.locator('details.request pre').innerText();
  expect(request).toContain(`${op.method} ${mockUrl}${op.path}`);
  expect(request).toContain([`apikey=${REDACTED}`, ...pairs.slice(1).map((pair) => encodePairs([pair]))].join('&'));
  expect(request).not.toContain(KEY);

  // Every other named answer, chosen with Prefer.
  const others = op.responses.filter((r) => r.name !== 'success');
  for (const example of others) {
    const value = examplesOf(op, example.status)[example.name];
    await panel
      .getByRole('combobox', { name: 'Mock answer (Prefer)' })
      .selectOption({ label: `${example.name}: ${example.summary}` });
    const answer = await sendAndRead(page, panel);
    received.push(answer.status);
    const message = `${example.status} ${example.name}`;
    expect(answer.request.headers().prefer, message).toBe(
      example.status === 200 ? `example=${example.name}` : `code=${example.status}, example=${example.name}`,
    );
    expect(answer.status, message).toBe(example.status);
    expect(answer.text, message).toBe(JSON.stringify(value, null, 2));
    expect(answer.verdict, message).toBe(isFailure(value) ? 'failure' : 'success');
    expect(answer.curl, message).toBe(
      curlCommand({
        method: op.method.toLowerCase(),
        url: `${mockUrl}${op.path}`,
        pairs: shown,
        headers: [['Prefer', answer.request.headers().prefer!]],
      }),
    );
    if (!snippet && answer.verdict === 'failure' && answer.status === 200) {
      snippet = {
        code: await panel.getByRole('region', { name: '@hostapi/client' }).locator('pre').innerText(),
        status: answer.status,
        body: value,
      };
    }
  }
  expect(others.filter((r) => isFailure(examplesOf(op, r.status)[r.name])).length).toBeGreaterThan(0);
  return { received, snippet };
}

/**
 * Chromium logs each answer with an HTTP error status (the rate limit) as a failed load: `errors`
 * (a page's console errors) may hold those, one per such answer in `received`, and nothing else.
 */
export function expectOnlyErrorStatusesLogged(errors: string[], received: number[]) {
  const logged = received
    .filter((status) => status >= 400)
    .map((status) => `Failed to load resource: the server responded with a status of ${status}`);
  for (const error of errors) {
    const at = logged.findIndex((expected) => error.startsWith(expected));
    expect(at, `console error: ${error}`).toBeGreaterThanOrEqual(0);
    logged.splice(at, 1);
  }
}

/**
 * What a console test file starts with: the site, the mock and one browser for the file; a fresh
 * page (its waits allowed what a loaded machine takes); a console opened cold on the mock, with the key.
 */
export function consoleSuite() {
  const running = siteMockAndBrowser();
  return {
    running,
    freshPage: (options?: Parameters<typeof docsPage>[1]): Promise<Watched> => docsPage(running.browser, options),
    openConsole: (watched: Watched, op: OperationModel) => openConsole(watched, op, running.site, running.mock.url),
  };
}
