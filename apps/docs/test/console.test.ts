// The "Try it" console in headless Chromium, from where a reader stands: the built site on a
// plain static file server, the mock (@hostapi/mock) on another origin, every operation's deep
// link opened cold. For each operation of the description the console sends the pre-filled
// example and renders the mock's answer, then every named example through Prefer; the curl it
// shows carries the bytes that were sent, and the @hostapi/client call it shows type-checks and
// gets the same answer. The API key stays in the tab's sessionStorage. Redoc keeps working.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { encodePairs } from '@hostapi/client';
import { startMock, type RunningMock } from '@hostapi/mock';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { launchChromium, watchedPage, type Watched } from '@hostapi/testing/chromium';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleModel } from '../console/model.mjs';
import type { OperationModel } from '../console/src/model.js';
// @ts-expect-error plain .mjs module without types
import { curlCommand } from '../scripts/curl.mjs';
import { headingPattern, serveSite } from './support/site.js';

const doc = readBundle();
const model = consoleModel(doc);
const described = new Map(operationsOf(doc).map(({ op }) => [op.operationId as string, op]));
/** The named examples of an operation's answers with this status: `{ name: value }`. */
const examplesOf = (op: OperationModel, status: number) => responseExamples(doc, described.get(op.id)!, String(status));
const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const SNIPPETS = `${RESULTS}console-snippets/`;
const TSC = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));
const KEY = 'k3y-Distinctive-7f3a9c';
const PLACEHOLDER = 'YOUR_API_KEY';

/** The service's rule (and the client's): `status: false`, or a message with neither status nor result. */
const isFailure = (body: Record<string, unknown>) => body.status === false || (!('status' in body) && !('return' in body));

let docs: Awaited<ReturnType<typeof serveSite>>;
let site: string;
let mock: RunningMock;
let browser: Browser;

beforeAll(async () => {
  // A plain static host: files only, no fallback page, nothing added.
  docs = await serveSite();
  site = docs.url.replace(/\/$/, '');
  mock = await startMock({ port: 0 });
  expect(new URL(mock.url).origin).not.toBe(site); // another origin: every call is cross-origin
  browser = await launchChromium();
  mkdirSync(RESULTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  await docs?.close();
});

/** An operation's or section's heading, by its exact text. */
const heading = (page: Page, text: string) => page.locator('h1, h2').filter({ hasText: headingPattern(text) }).first();

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Try it' });

/** Opens `op`'s page cold, opens its console, points it at the mock with the key. */
async function openConsole(watched: Watched, op: OperationModel): Promise<Locator> {
  const { page } = watched;
  await page.goto(`${site}/${op.route}`);
  await heading(page, op.summary).waitFor();
  await page.getByRole('button', { name: /Try it/ }).click();
  const panel = panelOf(page);
  expect(await panel.getByRole('combobox', { name: 'Operation' }).inputValue()).toBe(op.id);
  expect(await panel.getByLabel('Server', { exact: true }).inputValue()).toBe('http://127.0.0.1:4010'); // the default
  await panel.getByLabel('Server', { exact: true }).fill(mock.url);
  await panel.getByLabel('API key', { exact: true }).fill(KEY);
  return panel;
}

interface Answer {
  status: number;
  verdict: string | null;
  /** The body as rendered. */
  text: string;
  request: Request;
}

/** Clicks Send and reads the answer the console renders for it. */
async function sendAndRead(page: Page, panel: Locator): Promise<Answer> {
  const server = (await panel.getByLabel('Server', { exact: true }).inputValue()).replace(/\/+$/, '');
  const responded = page.waitForResponse((r) => r.url().startsWith(`${server}/`) && r.request().method() !== 'OPTIONS');
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const request = (await responded).request();
  const exchange = panel.getByRole('region', { name: 'Response' });
  const http = exchange.locator('[data-status]');
  await http.waitFor();
  return {
    status: Number(await http.getAttribute('data-status')),
    verdict: await exchange.locator('[data-verdict]').getAttribute('data-verdict'),
    text: await exchange.locator('pre').first().innerText(),
    request,
  };
}

/** The `[name, value]` pairs of a query string or URL-encoded body. */
const pairsOf = (text: string): [string, string][] =>
  text.split('&').map((pair) => {
    const at = pair.indexOf('=');
    return [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
  });

/** What each operation's test leaves for the client-call check: the call shown and the answer rendered. */
const snippets = new Map<string, { code: string; status: number; body: unknown }>();

describe('the Try it console', () => {
  it.each(model.operations.map((op) => [op.id, op] as const))(
    '%s: opened from its deep link, sends the example to the mock and renders every named answer',
    async (_id, op) => {
      const watched = await watchedPage(browser);
      const { page } = watched;
      const received: number[] = [];
      try {
        const panel = await openConsole(watched, op);

        // The pre-filled example: HTTP 200, the success example, status and msg highlighted.
        const success = examplesOf(op, 200).success;
        const first = await sendAndRead(page, panel);
        received.push(first.status);
        expect(first.status).toBe(200);
        expect(first.verdict).toBe('success');
        expect(first.text).toBe(JSON.stringify(success, null, 2));
        const exchange = panel.getByRole('region', { name: 'Response' });
        if ('status' in success) expect(await exchange.locator('mark[data-envelope="status"]').innerText()).toBe('"status": true');
        if ('msg' in success) expect(await exchange.locator('mark[data-envelope="msg"]').innerText()).toBe(`"msg": ${JSON.stringify(success.msg)}`);
        expect(await exchange.locator('.time').innerText()).toMatch(/^\d+ ms$/);
        await exchange.getByText(/^Response headers/).click();
        expect(await exchange.locator('tr', { hasText: 'content-type' }).innerText()).toMatch(/^content-type\s+application\/json/);

        // What was sent: the client's wire format, the key first; the curl shown carries exactly
        // those pairs (the key as a placeholder), and the request shown masks the key.
        const sent = first.request;
        const wire = op.method === 'GET' ? new URL(sent.url()).search.slice(1) : sent.postData()!;
        expect(sent.method()).toBe(op.method);
        if (op.method === 'POST') expect(sent.headers()['content-type']).toBe('application/x-www-form-urlencoded');
        const pairs = pairsOf(wire);
        expect(encodePairs(pairs)).toBe(wire);
        expect(pairs[0]).toEqual(['apikey', KEY]);
        const shown = pairs.map(([name, value]) => [name, name === 'apikey' ? PLACEHOLDER : value]);
        const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
        expect(curl).toBe(curlCommand({ method: op.method.toLowerCase(), url: `${mock.url}${op.path}`, pairs: shown }));
        await panel.getByText('Request sent (API key masked)').click();
        const request = await exchange.locator('details.request pre').innerText();
        expect(request).toContain(`${op.method} ${mock.url}${op.path}`);
        expect(request).toContain(encodePairs([['apikey', '***'], ...pairs.slice(1)]));
        expect(request).not.toContain(KEY);

        // Every other named answer, chosen with Prefer.
        const others = op.responses.filter((r) => r.name !== 'success');
        for (const example of others) {
          const value = examplesOf(op, example.status)[example.name];
          await panel.getByRole('combobox', { name: 'Mock answer (Prefer)' }).selectOption({ label: `${example.name}: ${example.summary}` });
          const answer = await sendAndRead(page, panel);
          received.push(answer.status);
          const message = `${example.status} ${example.name}`;
          expect(answer.request.headers().prefer, message).toBe(example.status === 200 ? `example=${example.name}` : `code=${example.status}, example=${example.name}`);
          expect(answer.status, message).toBe(example.status);
          expect(answer.text, message).toBe(JSON.stringify(value, null, 2));
          expect(answer.verdict, message).toBe(isFailure(value) ? 'failure' : 'success');
          const curlWithPrefer = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
          expect(curlWithPrefer, message).toBe(curlCommand({ method: op.method.toLowerCase(), url: `${mock.url}${op.path}`, pairs: shown, headers: [['Prefer', answer.request.headers().prefer]] }));
          if (!snippets.has(op.id) && answer.verdict === 'failure' && answer.status === 200) {
            const code = await panel.getByRole('region', { name: '@hostapi/client' }).locator('pre').innerText();
            snippets.set(op.id, { code, status: answer.status, body: value });
          }
        }
        expect(others.filter((r) => isFailure(examplesOf(op, r.status)[r.name])).length).toBeGreaterThan(0);
        await page.screenshot({ path: `${RESULTS}console-${op.id}.png` });

        // Chromium logs each answer with an HTTP error status (the rate limit) as a failed
        // load; nothing else may be logged as an error, and nothing may leave the machine.
        const logged = received.filter((status) => status >= 400).map((status) => `Failed to load resource: the server responded with a status of ${status}`);
        for (const error of watched.consoleErrors) {
          const at = logged.findIndex((expected) => error.startsWith(expected));
          expect(at, `console error: ${error}`).toBeGreaterThanOrEqual(0);
          logged.splice(at, 1);
        }
        expect(watched.external).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );

  it('shows a @hostapi/client call for each operation that type-checks strictly and gets the same answer', async () => {
    expect([...snippets.keys()].sort()).toEqual(model.operations.map((op) => op.id).sort());
    rmSync(SNIPPETS, { recursive: true, force: true });
    mkdirSync(SNIPPETS, { recursive: true });
    writeFileSync(`${SNIPPETS}tsconfig.json`, JSON.stringify({
      extends: '../../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, declaration: false, types: ['node'] }, // the test's own export needs no declarations
      include: ['*.ts'],
    }));
    for (const [id, { code }] of snippets) writeFileSync(`${SNIPPETS}${id}.ts`, `${code}\nexport { data, error, response };\n`);
    await promisify(execFile)(TSC, ['-p', SNIPPETS]).catch((error) => {
      throw new Error(`tsc failed on the console's client calls:\n${error.stdout}${error.stderr}`);
    });
    process.env.HOSTAPI_KEY = KEY;
    for (const [id, { status, body }] of snippets) {
      const { data, error, response } = await import(`${SNIPPETS}${id}.ts`);
      expect(response.status, id).toBe(status);
      expect(data ?? error, id).toEqual(body);
    }
  }, 120_000);
});

describe('the form', () => {
  const byId = (id: string) => model.operations.find((op) => op.id === id)!;
  /** The query or URL-encoded body the console sent, decoded. */
  const fieldsSent = (answer: Answer) =>
    pairsOf(answer.request.method() === 'GET' ? new URL(answer.request.url()).search.slice(1) : answer.request.postData()!).filter(([name]) => name !== 'apikey');

  it('adds and removes indexed list items, and sends choices and text as typed', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    try {
      const panel = await openConsole(watched, byId('checkDomainAvailability'));
      const add = panel.getByRole('button', { name: 'Add an item to additional_tlds' });
      await add.click();
      await add.click();
      await add.click();
      await panel.getByLabel('additional_tlds[0]', { exact: true }).fill('com');
      await panel.getByLabel('additional_tlds[1]', { exact: true }).fill('net');
      await panel.getByLabel('additional_tlds[2]', { exact: true }).fill('org');
      await panel.getByRole('button', { name: 'Remove additional_tlds[1]' }).click();
      await panel.getByRole('combobox', { name: 'suggest', exact: true }).selectOption('1');
      const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
      expect(curl).toContain("-d 'additional_tlds[0]=com' \\\n  -d 'additional_tlds[1]=org' \\\n  -d 'suggest=1'");
      const answer = await sendAndRead(page, panel);
      expect(fieldsSent(answer)).toEqual([
        ['client_id', '293'], ['domain', 'example.co.nz'], ['additional_tlds[0]', 'com'], ['additional_tlds[1]', 'org'], ['suggest', '1'],
      ]);
      expect(answer.status).toBe(200);

      // Text that is not what the description asks for is sent as typed: the server says no.
      await panel.getByLabel('client_id', { exact: true }).fill('abc');
      const refused = await sendAndRead(page, panel);
      expect(fieldsSent(refused)[0]).toEqual(['client_id', 'abc']);
      expect(refused.status).toBe(422);
      expect(refused.verdict).toBe('failure');
      expect(refused.text).toContain('client_id');

      // A required input left blank is named, and nothing is sent.
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await panel.getByLabel('domain', { exact: true }).fill('');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      expect(await panel.getByRole('alert').innerText()).toBe('domain is required.');
      expect(requests).toEqual([]);
      await panel.getByRole('button', { name: 'Reset to the example' }).click();
      expect(await panel.getByLabel('domain', { exact: true }).inputValue()).toBe('example.co.nz');
      expect(await panel.getByLabel('client_id', { exact: true }).inputValue()).toBe('293');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('edits maps by key, lists sent with empty brackets and lists of groups, and sends POST forms as multipart on request', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    try {
      let panel = await openConsole(watched, byId('upgradeServer'));
      expect(await panel.getByLabel('upgrade[disk][xvda1]', { exact: true }).inputValue()).toBe('120'); // the example's entry
      await panel.getByRole('button', { name: 'Add an entry to upgrade[disk]' }).click();
      await panel.getByLabel('Name of entry 2 of upgrade[disk]').fill('xvdb');
      await panel.getByLabel('upgrade[disk][xvdb]', { exact: true }).fill('40');
      await panel.getByRole('button', { name: 'Remove entry 1 of upgrade[disk]' }).click();
      const upgraded = await sendAndRead(page, panel);
      expect(fieldsSent(upgraded)).toEqual([['client_id', '293'], ['name', 'web01'], ['upgrade[cores]', '4'], ['upgrade[disk][xvdb]', '40']]);
      expect(upgraded.status).toBe(200);

      await panel.getByRole('combobox', { name: 'Operation' }).selectOption('copyStack');
      await heading(page, byId('copyStack').summary).waitFor();
      panel = panelOf(page);
      const service = panel.getByRole('button', { name: 'Add an item to params[the service]' });
      await service.click();
      await service.click();
      const items = panel.getByLabel('params[the service][]', { exact: true });
      await items.nth(0).fill('shop-staging.example.co.nz');
      await items.nth(1).fill('www.shop-staging.example.co.nz');
      await panel.getByRole('button', { name: 'Remove params[database_users][0]' }).click();
      await panel.getByLabel('Send as multipart/form-data').check();
      const copied = await sendAndRead(page, panel);
      expect(copied.request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const parts = [...copied.request.postData()!.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map(([, name, value]) => [name, value]);
      expect(parts).toEqual([
        ['apikey', KEY], ['client_id', '293'], ['source_server', 'cloud01'], ['name', 'shop'], ['destination_server', 'cloud01'], ['label', 'Shop staging'],
        ['params[the service][]', 'shop-staging.example.co.nz'], ['params[the service][]', 'www.shop-staging.example.co.nz'],
        ['params[copy_env_file]', '1'], ['params[shutdown]', '0'],
        ['params[databases][0][clone_db_from]', 'shop'], ['params[databases][0][mysql_host]', 'mysql8'],
        ['params[databases][0][db_name]', 'shop_staging'], ['params[databases][0][origin_container]', 'c8a1f3d2e4b5'],
      ]);
      expect(copied.status).toBe(200);
      expect(copied.verdict).toBe('success');
      // The curl shown sends those parts too (curlCommand's multipart is run by curl in curl.test.ts).
      const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
      const placeheld = parts.map(([name, value]) => [name, name === 'apikey' ? PLACEHOLDER : value]);
      expect(curl).toBe(curlCommand({ method: 'post', url: `${mock.url}${byId('copyStack').path}`, pairs: placeheld, multipart: true }));
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('another server', () => {
  it('is reached at the address typed in, and what breaks the description is shown from sl-violations', async () => {
    // A server of one's own whose answer breaks the description, behind the mock's validating proxy.
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ return: { total_items: 'many' }, msg: 'Successful', status: true }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxy = await startMock({ port: 0, upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, log: () => {} });
    const watched = await watchedPage(browser);
    const { page } = watched;
    try {
      const panel = await openConsole(watched, model.operations.find((op) => op.id === 'listServers')!);
      await panel.getByLabel('Server', { exact: true }).fill(`${proxy.url}/`);
      const answer = await sendAndRead(page, panel);
      expect(answer.request.url()).toMatch(new RegExp(`^${proxy.url}/1\\.3/server/list_servers\\.json\\?apikey=`));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ return: { total_items: 'many' }, msg: 'Successful', status: true });
      const violations = await panel.getByRole('region', { name: 'Violations' }).locator('li').allInnerTexts();
      expect(violations).toContain('Error Response body property return.total_items must be integer');
      expect(violations).toContain("Error Response body property return must have required property 'data'");
      await panel.getByText(/^Response headers/).click();
      expect(await panel.locator('tr', { hasText: 'sl-violations' }).innerText()).toContain('return.total_items must be integer');
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  }, 120_000);
});

describe('when nothing can be sent or nothing answers', () => {
  it('says why, without the key', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const watched = await watchedPage(browser);
    const { page } = watched;
    try {
      const panel = await openConsole(watched, model.operations.find((op) => op.id === 'listServers')!);
      const send = panel.getByRole('button', { name: 'Send', exact: true });
      const alert = panel.getByRole('alert');

      await panel.getByLabel('Server', { exact: true }).fill(nowhere);
      await send.click();
      await expect.poll(() => alert.innerText(), { timeout: 20_000 }).toMatch(new RegExp(`^No answer from ${nowhere} \\(listServers: network failure: .+\\)\\. Is the server running, and does it allow requests from this page \\(CORS\\)\\?$`));
      expect(await alert.innerText()).not.toContain(KEY);
      expect(watched.consoleErrors.every((error) => error.includes('net::ERR_CONNECTION_REFUSED')), watched.consoleErrors.join('\n')).toBe(true);

      await panel.getByLabel('Server', { exact: true }).fill('127.0.0.1:4010');
      await send.click();
      await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toBe('The server must be an http:// or https:// address, not "127.0.0.1:4010".');

      await panel.getByLabel('Server', { exact: true }).fill(mock.url);
      await panel.getByLabel('API key', { exact: true }).fill('');
      await send.click();
      await expect.poll(() => alert.innerText(), { timeout: 10_000 }).toBe('Enter an API key (the mock accepts any).');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the API key', () => {
  it('stays in the tab\'s sessionStorage: never in the URL, localStorage, the page\'s text, a log or a copied sample', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    const byId = (id: string) => model.operations.find((op) => op.id === id)!;

    /** Everything the page holds but the key's own input, with the request sent shown. */
    async function expectNoKeyShown(when: string) {
      await panelOf(page).getByText('Request sent (API key masked)').click();
      expect(await panelOf(page).locator('details.request pre').innerText()).toContain('***');
      const seen = await page.evaluate(() => {
        const root = document.getElementById('hostapi-console')!.shadowRoot!;
        const inputs = [...document.querySelectorAll('input, textarea, select'), ...root.querySelectorAll('input, textarea, select')]
          .filter((input) => input.getAttribute('aria-label') !== 'API key')
          .map((input) => (input as HTMLInputElement).value);
        return {
          url: location.href,
          localStorage: JSON.stringify(Object.entries(localStorage)),
          sessionStorage: JSON.stringify(Object.entries(sessionStorage)),
          text: [document.documentElement.outerHTML, document.body.innerText, root.innerHTML, root.textContent, ...inputs].join('\n'),
          keyField: (root.querySelector('input[aria-label="API key"]') as HTMLInputElement).value,
        };
      });
      expect(seen.keyField).toBe(KEY);
      expect(seen.sessionStorage).toContain(KEY); // where it is kept
      for (const [where, text] of Object.entries({ url: seen.url, localStorage: seen.localStorage, text: seen.text, log: logged.join('\n') })) {
        expect(text.includes(KEY), `${when}: the key in ${where}`).toBe(false);
      }
    }

    try {
      const panel = await openConsole(watched, byId('listServers'));
      const get = await sendAndRead(page, panel);
      expect(get.request.url()).toContain(`?apikey=${KEY}&`); // sent, on the wire only
      await expectNoKeyShown('GET');

      await panel.getByRole('combobox', { name: 'Operation' }).selectOption('updateDomainContact');
      await heading(page, byId('updateDomainContact').summary).waitFor();
      const post = await sendAndRead(page, panel);
      expect(post.request.postData()).toMatch(new RegExp(`^apikey=${KEY}&`));
      await expectNoKeyShown('POST');

      await panel.getByLabel('Send as multipart/form-data').check();
      const multipart = await sendAndRead(page, panel);
      expect(multipart.request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(multipart.request.postData()).toContain(KEY);
      expect(multipart.status).toBe(200);
      await expectNoKeyShown('multipart');
      expect(await panel.locator('details.request pre').innerText()).toMatch(/name="apikey"\r?\n\r?\n\*\*\*\r?\n/);

      // What the copy buttons copy has a placeholder instead.
      await panel.getByRole('button', { name: 'Copy curl' }).click();
      const curl = await page.evaluate(() => navigator.clipboard.readText());
      expect(curl).toContain(`apikey=${PLACEHOLDER}`);
      expect(curl).not.toContain(KEY);
      await panel.getByRole('button', { name: 'Copy @hostapi/client' }).click();
      const call = await page.evaluate(() => navigator.clipboard.readText());
      expect(call).toContain('apiKey: process.env.HOSTAPI_KEY!');
      expect(call).not.toContain(KEY);

      // The tab keeps it across a reload; another tab does not have it.
      await page.reload();
      await page.getByRole('button', { name: /Try it/ }).click();
      expect(await panelOf(page).getByLabel('API key', { exact: true }).inputValue()).toBe(KEY);
      const other = await page.context().newPage();
      await other.goto(`${site}/${byId('listServers').route}`);
      await other.getByRole('button', { name: /Try it/ }).click();
      expect(await panelOf(other).getByLabel('API key', { exact: true }).inputValue()).toBe('');
      expect(watched.external).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('Redoc beside the console', () => {
  // Browsers without the Navigation API (older Firefox and Safari) take the other way to follow Redoc.
  it.each([['with'], ['without']])('still searches, and its search and sidebar take the reader to an operation the console then shows (%s the Navigation API)', async (navigationApi) => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    if (navigationApi === 'without') await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
    const byId = (id: string) => model.operations.find((op) => op.id === id)!;
    try {
      const panel = await openConsole(watched, byId('listServers'));
      expect(await page.evaluate(() => typeof (window as { navigation?: unknown }).navigation)).toBe(navigationApi === 'with' ? 'object' : 'undefined');
      const operation = panel.getByRole('combobox', { name: 'Operation' });

      // Redoc's search, with the console open.
      await page.locator('[data-testid="search-trigger"]').click();
      await page.keyboard.type('Update a domain contact');
      const results = page.locator('[data-testid="search-dialog"]');
      await results.getByText('Update a domain contact', { exact: true }).first().click();
      await heading(page, 'Update a domain contact').waitFor();
      expect(new URL(page.url()).hash).toBe(byId('updateDomainContact').route);
      await expect.poll(() => operation.inputValue(), { timeout: 10_000 }).toBe('updateDomainContact');

      // Redoc's sidebar.
      await page.getByRole('link', { name: 'SSH keys' }).first().click();
      await page.getByRole('link', { name: byId('getSshKey').summary }).first().click();
      await heading(page, byId('getSshKey').summary).waitFor();
      await expect.poll(() => operation.inputValue(), { timeout: 10_000 }).toBe('getSshKey');

      // The console's own choice of operation takes Redoc there too.
      await operation.selectOption('listImages');
      await heading(page, byId('listImages').summary).waitFor();
      expect(new URL(page.url()).hash).toBe(byId('listImages').route);

      // Closing it leaves the page where it was, with the button to open it again.
      await panel.getByRole('button', { name: 'Close the console' }).click();
      await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(false);
      expect(new URL(page.url()).hash).toBe(byId('listImages').route);
      await page.getByRole('button', { name: /Try it/ }).click();
      expect(await operation.inputValue()).toBe('listImages');
      // Opened, it takes the focus (in its shadow root; after it renders, which a loaded machine
      // takes a moment to do), so that Escape, pressed in it, closes it.
      await expect.poll(() => panel.evaluate((node) => node.contains((node.getRootNode() as Document | ShadowRoot).activeElement)), { timeout: 10_000 }).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.isVisible(), { timeout: 10_000 }).toBe(false);

      // Pages that are not an operation offer no button.
      await page.goto(`${site}/`);
      await heading(page, 'Authentication').waitFor();
      await page.locator('#hostapi-console').waitFor({ state: 'attached' }); // the console has run
      expect(await page.getByRole('button', { name: /Try it/ }).count()).toBe(0);
      // ... and is live on this page: an operation opened from it offers the button.
      await page.evaluate((hash) => { location.hash = hash; }, byId('listServers').route.replace(/^#/, ''));
      await page.getByRole('button', { name: /Try it/ }).waitFor();
      expect(watched.consoleErrors).toEqual([]);
      expect(watched.external).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
