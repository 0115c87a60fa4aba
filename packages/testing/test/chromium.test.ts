// The one Chromium launcher: a new context loads the page under test and nothing of Chromium's
// own (no chrome:// WebUI page, such as the omnibox popups, loading beside it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../src/chromium.mjs';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('launchChromium', () => {
  it("opens new contexts without loading any of Chromium's own WebUI pages beside them", async () => {
    const cdp = await browser.newBrowserCDPSession();
    const created: string[] = [];
    cdp.on('Target.targetCreated', ({ targetInfo }) => created.push(`${targetInfo.type} ${targetInfo.url}`));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<h1>page</h1>');
      await page.locator('h1').waitFor();
      await context.close();
    }
    const { targetInfos } = await cdp.send('Target.getTargets');
    const all = [...created, ...targetInfos.map((t) => `${t.type} ${t.url}`)];
    expect(all.filter((target) => target.startsWith('page '))).not.toEqual([]);
    expect(all.filter((target) => /chrome:\/\/|^browser_ui /.test(target))).toEqual([]);
  });
});
