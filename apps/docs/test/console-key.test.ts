import { REDACTED } from '@hostapi/spec/wire';
import { describe, it } from 'vitest';
import {
  consoleOperation as byId,
  heading,
  KEY,
  consoleSuite,
  panelOf,
  PLACEHOLDER,
  sendAndRead,
} from './support/console.js';
import { openLive } from './support/site.js';

const { running, freshPage, openConsole } = consoleSuite();

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
