// The "Try it" console in headless Chromium, from where a reader stands: the built site on a
// plain static file server, the mock (@hostapi/mock) on another origin. Each operation's round
// trip (opened from its deep link, the example and every named answer sent, the curl and the
// client call shown) runs on that operation's one cold load in test/operations.test.ts; here,
// what a reader does beyond that: lists, maps and multipart; a server typed in (the validating
// proxy, its sl-violations shown); no server (how to start the mock), a bad address, no key; the
// API key never in the URL, localStorage, the page, a log or a copy; Redoc's search, sidebar and
// routes with the console open, with and without the Navigation API; a phone's width.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '@hostapi/mock';
import { REDACTED } from '@hostapi/spec/wire';
import type { Watched } from '@hostapi/testing/chromium';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  consoleOperation as byId,
  curlCommand,
  DEFAULT_SERVER,
  heading,
  KEY,
  model,
  openConsole as openConsoleAt,
  pairsOf,
  panelOf,
  PLACEHOLDER,
  sendAndRead,
  type Answer,
} from './support/console.js';
import { PHONE, RESULTS } from './support/layout.js';
import { siteMockAndBrowser } from './support/running.js';
import { docsPage, openLive } from './support/site.js';
import type { OperationModel } from '../console/model.ts';

/** The mock's README, where the console sends a reader to start the mock (build/mock.ts). */
const MOCK_PACKAGE = JSON.parse(readFileSync(new URL('../../mock/package.json', import.meta.url), 'utf8'));
const MOCK_README = `${MOCK_PACKAGE.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/HEAD/${
  MOCK_PACKAGE.repository.directory
}/README.md`;

const running = siteMockAndBrowser();

/** A fresh page (its waits allowed what a loaded machine takes). */
const freshPage = (options?: Parameters<typeof docsPage>[1]): Promise<Watched> => docsPage(running.browser, options);

/** Opens `op`'s page cold, opens its console, points it at the mock with the key. */
const openConsole = (watched: Watched, op: OperationModel) =>
  openConsoleAt(watched, op, running.site, running.mock.url);

describe('the form', () => {
  /** The query or URL-encoded body the console sent, decoded. */
  const fieldsSent = (answer: Answer) =>
    pairsOf(
      answer.request.method() === 'GET' ? new URL(answer.request.url()).search.slice(1) : answer.request.postData()!,
    ).filter(([name]) => name !== 'apikey');

  it.concurrent('adds and removes indexed list items, and sends choices and text as typed', async ({ expect }) => {
    const watched = await freshPage();
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
        ['client_id', '293'],
        ['domain', 'example.co.nz'],
        ['additional_tlds[0]', 'com'],
        ['additional_tlds[1]', 'org'],
        ['suggest', '1'],
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

  it.concurrent('edits maps by key, lists with [] and of groups; sends POST forms as multipart on request', async ({
    expect,
  }) => {
    const watched = await freshPage();
    const { page } = watched;
    try {
      let panel = await openConsole(watched, byId('upgradeServer'));
      // The example's entry.
      expect(await panel.getByLabel('upgrade[disk][xvda1]', { exact: true }).inputValue()).toBe('120');
      await panel.getByRole('button', { name: 'Add an entry to upgrade[disk]' }).click();
      await panel.getByLabel('Name of entry 2 of upgrade[disk]').fill('xvdb');
      await panel.getByLabel('upgrade[disk][xvdb]', { exact: true }).fill('40');
      await panel.getByRole('button', { name: 'Remove entry 1 of upgrade[disk]' }).click();
      const upgraded = await sendAndRead(page, panel);
      expect(fieldsSent(upgraded)).toEqual([
        ['client_id', '293'],
        ['name', 'web01'],
        ['upgrade[cores]', '4'],
        ['upgrade[disk][xvdb]', '40'],
      ]);
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
      const parts = [...copied.request.postData()!.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map(
        ([, name, value]) => [name, value],
      );
      expect(parts).toEqual([
        ['apikey', KEY],
        ['client_id', '293'],
        ['source_server', 'cloud01'],
        ['name', 'shop'],
        ['destination_server', 'cloud01'],
        ['label', 'Shop staging'],
        ['params[the service][]', 'shop-staging.example.co.nz'],
        ['params[the service][]', 'www.shop-staging.example.co.nz'],
        ['params[copy_env_file]', '1'],
        ['params[shutdown]', '0'],
        ['params[databases][0][clone_db_from]', 'shop'],
        ['params[databases][0][mysql_host]', 'mysql8'],
        ['params[databases][0][db_name]', 'shop_staging'],
        ['params[databases][0][origin_container]', 'c8a1f3d2e4b5'],
      ]);
      expect(copied.status).toBe(200);
      expect(copied.verdict).toBe('success');
      // The curl shown sends those parts too (curlCommand's multipart is run by curl in curl.test.ts).
      const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
      const placeheld = parts.map(([name, value]) => [name!, name === 'apikey' ? PLACEHOLDER : value!] as const);
      expect(curl).toBe(
        curlCommand({
          method: 'post',
          url: `${running.mock.url}${byId('copyStack').path}`,
          pairs: placeheld,
          multipart: true,
        }),
      );
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('another server', () => {
  it.concurrent('is reached at the address typed in; what breaks the description is shown from sl-violations', async ({
    expect,
  }) => {
    // A server of one's own whose answer breaks the description, behind the mock's validating proxy.
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ return: { total_items: 'many' }, msg: 'Successful', status: true }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxy = await startMock({
      port: 0,
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      log: () => {},
    });
    const watched = await freshPage();
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
      expect(await panel.locator('tr', { hasText: 'sl-violations' }).innerText()).toContain(
        'return.total_items must be integer',
      );
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  }, 120_000);
});

describe('when nothing can be sent or nothing answers', () => {
  it.concurrent("says why, without the key, and how to start the mock (npx hostapi-mock, the mock's README)", async ({
    expect,
  }) => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const watched = await freshPage();
    const { page } = watched;
    try {
      const panel = await openConsole(watched, model.operations.find((op) => op.id === 'listServers')!);
      const send = panel.getByRole('button', { name: 'Send', exact: true });
      const alert = panel.getByRole('alert');

      // Before anything is sent, beside the server it points at by default: how to start the mock.
      await expectStartMock(panel.locator('.connection .start-mock'));

      await panel.getByLabel('Server', { exact: true }).fill(nowhere);
      await send.click();
      await expect
        .poll(() => alert.innerText(), { timeout: 30_000 })
        .toMatch(
          new RegExp(
            `^No answer from ${nowhere} \\(listServers: network failure: .+\\)\\. ` +
              'Is the server running, and does it allow requests from this page \\(CORS\\)\\?\n',
          ),
        );
      await expectStartMock(alert);
      expect(await alert.innerText()).not.toContain(KEY);
      expect(
        watched.consoleErrors.every((error) => error.includes('net::ERR_CONNECTION_REFUSED')),
        watched.consoleErrors.join('\n'),
      ).toBe(true);

      await panel.getByLabel('Server', { exact: true }).fill('127.0.0.1:4010');
      await send.click();
      await expect
        .poll(() => alert.innerText(), { timeout: 30_000 })
        .toBe('The server must be an http:// or https:// address, not "127.0.0.1:4010".');

      await panel.getByLabel('Server', { exact: true }).fill(running.mock.url);
      await panel.getByLabel('API key', { exact: true }).fill('');
      await send.click();
      await expect.poll(() => alert.innerText(), { timeout: 30_000 }).toBe('Enter an API key (the mock accepts any).');
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('opened from `pnpm start`', () => {
  const START = new URL('../../../scripts/start.mjs', import.meta.url).pathname;

  it.concurrent('calls the mock pnpm start started, whatever its port, and names that command', async ({ expect }) => {
    const args = ['--', '--docs-port', '0', '--mock-port', '0'];
    const start = spawn(process.execPath, [START, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    start.stdout!.on('data', (chunk) => (output += chunk));
    const watched = await freshPage();
    const { page } = watched;
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/hostapi mock on \S+\n$/);
      const docs = /hostapi docs on (\S+)/.exec(output)![1]!;
      const mock = /hostapi mock on (\S+)/.exec(output)![1]!;
      expect(mock).not.toBe(DEFAULT_SERVER);
      await openLive(page, `${docs}/${byId('listServers').route}`);
      await page.getByRole('button', { name: /Try it/ }).click();
      const panel = panelOf(page);
      expect(await panel.getByLabel('Server', { exact: true }).inputValue()).toBe(mock);
      const hint = (await panel.locator('.connection .start-mock').innerText()).replace(/\s+/g, ' ');
      expect(hint).toContain(
        `pnpm start -- --docs-port 0 --mock-port 0, run in your checkout of hostapi, starts the mock on ${mock}`,
      );
      await panel.getByLabel('API key', { exact: true }).fill(KEY);
      const answer = await sendAndRead(page, panel);
      expect(answer.request.url().startsWith(`${mock}/`)).toBe(true);
      expect(answer.status).toBe(200);
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
      start.kill('SIGINT');
    }
  }, 120_000);
});

/** `element` says how to start the mock on the default server from any folder, and links the mock's README. */
async function expectStartMock(element: Locator) {
  const text = (await element.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain(
    `Start the mock on ${DEFAULT_SERVER} with npx hostapi-mock in a project where @hostapi/mock is installed`,
  );
  expect(await element.getByRole('link', { name: "the mock's README" }).getAttribute('href')).toBe(MOCK_README);
}

describe("at a phone's width (390 px)", () => {
  it.concurrent("Redoc's floating menu button covers no part of the console", async ({ expect }) => {
    const watched = await freshPage({ viewport: PHONE });
    const { page } = watched;
    try {
      const panel = await openConsole(watched, byId('listServers'));
      const menu = (await page.locator('[data-testid="floating-button"]').boundingBox())!;
      expect(menu.width).toBeGreaterThan(0);
      // What is on top where the menu button is, at its centre and near its corners: the console
      // (its host element, as a shadow root's content is seen from the page).
      const points = [
        [0.5, 0.5],
        [0.1, 0.1],
        [0.9, 0.1],
        [0.1, 0.9],
        [0.9, 0.9],
      ].map(([x, y]) => ({ x: menu.x + menu.width * x!, y: menu.y + menu.height * y! }));
      const onTop = await page.evaluate(
        (list) =>
          list.map(
            ({ x, y }) =>
              document.elementFromPoint(x, y)?.closest('#hostapi-console')?.id ??
              document.elementFromPoint(x, y)?.outerHTML.slice(0, 80),
          ),
        points,
      );
      expect(onTop).toEqual(points.map(() => 'hostapi-console'));
      // And the console's own controls under it are the ones a tap reaches: Send, scrolled there.
      const sendButton = panel.getByRole('button', { name: 'Send', exact: true });
      await sendButton.scrollIntoViewIfNeeded();
      const box = (await sendButton.boundingBox())!;
      expect(
        await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('#hostapi-console')?.id, {
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
        }),
      ).toBe('hostapi-console');
      await page.screenshot({ path: `${RESULTS}phone-console.png` });
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('the API key', () => {
  it.concurrent("stays in the tab's sessionStorage: not in the URL, localStorage, the page, a log, a copy", async ({
    expect,
  }) => {
    const watched = await freshPage();
    const { page } = watched;
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.site });

    /** Everything the page holds but the key's own input, with the request sent shown. */
    async function expectNoKeyShown(when: string) {
      await panelOf(page).getByText('Request sent (API key masked)').click();
      expect(await panelOf(page).locator('details.request pre').innerText()).toContain(REDACTED);
      const seen = await page.evaluate(() => {
        const root = document.getElementById('hostapi-console')!.shadowRoot!;
        const inputs = [
          ...document.querySelectorAll('input, textarea, select'),
          ...root.querySelectorAll('input, textarea, select'),
        ]
          .filter((input) => input.getAttribute('aria-label') !== 'API key')
          .map((input) => (input as HTMLInputElement).value);
        return {
          url: location.href,
          localStorage: JSON.stringify(Object.entries(localStorage)),
          sessionStorage: JSON.stringify(Object.entries(sessionStorage)),
          text: [
            document.documentElement.outerHTML,
            document.body.innerText,
            root.innerHTML,
            root.textContent,
            ...inputs,
          ].join('\n'),
          keyField: (root.querySelector('input[aria-label="API key"]') as HTMLInputElement).value,
        };
      });
      expect(seen.keyField).toBe(KEY);
      expect(seen.sessionStorage).toContain(KEY); // where it is kept
      for (const [where, text] of Object.entries({
        url: seen.url,
        localStorage: seen.localStorage,
        text: seen.text,
        log: logged.join('\n'),
      })) {
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
      expect(await panel.locator('details.request pre').innerText()).toMatch(
        /name="apikey"\r?\n\r?\n\[redacted\]\r?\n/,
      );

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
      await openLive(other, `${running.site}/${byId('listServers').route}`);
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
  it.concurrent.for(['with', 'without'])(
    'still searches; its search and sidebar open an operation the console then shows (%s the Navigation API)',
    { timeout: 120_000 },
    async (navigationApi, { expect }) => {
      const watched = await freshPage();
      const { page } = watched;
      if (navigationApi === 'without')
        await page.addInitScript(() => Object.defineProperty(window, 'navigation', { value: undefined }));
      try {
        const panel = await openConsole(watched, byId('listServers'));
        expect(await page.evaluate(() => typeof (window as { navigation?: unknown }).navigation)).toBe(
          navigationApi === 'with' ? 'object' : 'undefined',
        );
        const operation = panel.getByRole('combobox', { name: 'Operation' });

        // Redoc's search, with the console open.
        await page.locator('[data-testid="search-trigger"]').click();
        await page.keyboard.type('Update a domain contact');
        const results = page.locator('[data-testid="search-dialog"]');
        await results.getByText('Update a domain contact', { exact: true }).first().click();
        await heading(page, 'Update a domain contact').waitFor();
        expect(new URL(page.url()).hash).toBe(byId('updateDomainContact').route);
        await expect.poll(() => operation.inputValue(), { timeout: 30_000 }).toBe('updateDomainContact');

        // Redoc's sidebar.
        await page.getByRole('link', { name: 'SSH keys' }).first().click();
        await page
          .getByRole('link', { name: byId('getSshKey').summary })
          .first()
          .click();
        await heading(page, byId('getSshKey').summary).waitFor();
        await expect.poll(() => operation.inputValue(), { timeout: 30_000 }).toBe('getSshKey');

        // The console's own choice of operation takes Redoc there too.
        await operation.selectOption('listImages');
        await heading(page, byId('listImages').summary).waitFor();
        expect(new URL(page.url()).hash).toBe(byId('listImages').route);

        // Closing it leaves the page where it was, with the button to open it again.
        await panel.getByRole('button', { name: 'Close the console' }).click();
        await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(false);
        expect(new URL(page.url()).hash).toBe(byId('listImages').route);
        await page.getByRole('button', { name: /Try it/ }).click();
        expect(await operation.inputValue()).toBe('listImages');
        // Opened, it takes the focus (in its shadow root; after it renders, which a loaded machine
        // takes a moment to do), so that Escape, pressed in it, closes it.
        await expect
          .poll(
            () => panel.evaluate((node) => node.contains((node.getRootNode() as Document | ShadowRoot).activeElement)),
            { timeout: 30_000 },
          )
          .toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(false);

        // Pages that are not an operation offer no button.
        await openLive(page, `${running.site}/`);
        await heading(page, 'Authentication').waitFor();
        await page.locator('#hostapi-console').waitFor({ state: 'attached' }); // the console has run
        expect(await page.getByRole('button', { name: /Try it/ }).count()).toBe(0);
        // ... and is live on this page: an operation opened from it offers the button.
        await page.evaluate(
          (hash) => {
            location.hash = hash;
          },
          byId('listServers').route.replace(/^#/, ''),
        );
        await page.getByRole('button', { name: /Try it/ }).waitFor();
        expect(watched.consoleErrors).toEqual([]);
        expect(watched.external).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );
});
