// What each docs browser test file starts before its tests and stops after them: the built site
// on a plain static file server (files only, no fallback page, nothing added), the mock
// (@hostapi/mock) on another origin, so that every call the console makes is cross-origin, and
// headless Chromium.
import { mkdirSync } from 'node:fs';
import { startMock, type RunningMock } from '@hostapi/mock';
import { launchChromium } from '@hostapi/testing/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { RESULTS } from './layout.js';
import { serveSite } from './site.js';

export interface Running {
  /** The site's address, without its trailing `/` (a route is `${site}/#/...`). */
  site: string;
  mock: RunningMock;
  browser: Browser;
}

/** Registers the file's hooks; what they start is on the returned object once the tests run. */
export function siteMockAndBrowser(): Running {
  const running = {} as Running;
  let docs: Awaited<ReturnType<typeof serveSite>> | undefined;
  beforeAll(async () => {
    docs = await serveSite();
    running.site = docs.url.replace(/\/$/, '');
    running.mock = await startMock({ port: 0 });
    expect(new URL(running.mock.url).origin).not.toBe(running.site);
    running.browser = await launchChromium();
    mkdirSync(RESULTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await running.browser?.close();
    await running.mock?.close();
    await docs?.close();
  });
  return running;
}
