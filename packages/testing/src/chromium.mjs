// Headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) for every browser
// test and benchmark, and pages that record console errors and every request that would leave
// localhost (which Chromium sends to a proxy that is not there: it fails at once).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without the background-networking flags, Chromium keeps calling Google's hosts, which this
 * closed network refuses, many at a time. Without the omnibox features, every new context (a
 * window of its own) loads Chromium's omnibox popups (two chrome:// WebUI pages, in a renderer of
 * their own) while the page under test loads: on 2 cores that took about a third of the CPU of
 * every docs page load. A reader's browser does that once per window, not per page.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
  // Every request that would leave localhost goes to a proxy on a port nothing listens on, and fails
  // (loopback addresses never go through a proxy). Blocked by Chromium itself, not by routing each
  // request through Node: that cost every request of every test, and turns a context's HTTP cache off.
  '--proxy-server=http://127.0.0.1:9',
];

export function launchChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's (\`apt-get install chromium\`, as .ci/run does) or set ` +
        `CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

const LOCAL = /^(https?|wss?):\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;

/**
 * A page in a fresh context (empty cache and storage) that records what went wrong: console errors,
 * and each request that would leave localhost (blocked: see CHROMIUM_ARGS).
 */
export async function watchedPage(browser, { viewport = { width: 1400, height: 1000 } } = {}) {
  const context = await browser.newContext({ viewport });
  const external = [];
  const consoleErrors = [];
  const leaving = (url) => !LOCAL.test(url) && !/^(data|blob|file):/.test(url);
  // Recorded once it has gone out: failed at the proxy (or answered, were it ever let through). A
  // request the page's own Content-Security-Policy refuses never goes out.
  context.on('requestfailed', (request) => {
    if (leaving(request.url()) && request.failure()?.errorText !== 'csp') external.push(request.url());
  });
  // An answer from the page's own service worker (MSW's, say) never left the machine.
  context.on('response', (r) => leaving(r.url()) && !r.fromServiceWorker() && external.push(r.url()));
  const page = await context.newPage();
  page.on('console', (message) => {
    // Chromium asks each site for /favicon.ico on its own: a site without one is no error of the page's.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico'))
      consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  return { page, external, consoleErrors };
}
