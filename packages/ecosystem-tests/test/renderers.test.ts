// The portable description in the docs renderers other teams host, offline, in headless
// Chromium: Swagger UI (swagger-ui-dist) and Scalar (@scalar/api-reference's standalone bundle)
// list all 22 operations with no console error and no request leaving the machine, and Swagger
// UI's Try it out sends a GET and a nested POST that the strict mock answers with 200.
import { launchChromium, watchedPage, type Watched } from '@hostapi/testing/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exampleCalls, portable, type Node } from './support/calls.js';
import { startSite, type Site } from './support/pages.js';
import { fieldsOf, startRecorder, type Recorder } from './support/recorder.js';

let browser: Browser;
let recorder: Recorder;
let site: Site;

beforeAll(async () => {
  recorder = await startRecorder(inject('mocks').examples);
  [site, browser] = await Promise.all([startSite(recorder.url), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await recorder?.close();
});

const operations = Object.entries(portable.paths as Record<string, Node>).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]: [string, Node]) => ({ path, method, op })),
);

function expectClean({ consoleErrors, external }: Watched) {
  expect({ consoleErrors, external }).toEqual({ consoleErrors: [], external: [] });
}

describe('Swagger UI', () => {
  let watched: Watched;
  beforeAll(async () => {
    watched = await watchedPage(browser);
    await watched.page.goto(`${site.url}/swagger/`);
    await watched.page.locator('.opblock').first().waitFor();
  });

  it('lists the 22 operations', async () => {
    // Swagger UI's element ids: operations-<tag, spaces as _>-<operationId>.
    const ids = await watched.page.locator('.opblock').evaluateAll((blocks) => blocks.map((b) => b.id));
    expect(ids.sort()).toEqual(
      operations.map(({ op }) => `operations-${op.tags[0].replace(/\s/g, '_')}-${op.operationId}`).sort(),
    );
    expectClean(watched);
  });

  /** Opens an operation, Try it out with its example values, Execute: the exchange the mock saw. */
  async function tryItOut(tag: string, id: string) {
    const block = watched.page.locator(`#operations-${tag}-${id}`);
    await block.locator('.opblock-summary').first().click();
    await block.locator('button.try-out__btn').click();
    const before = recorder.exchanges.length;
    await block.locator('button.execute').click();
    await expect
      .poll(() => block.locator('.live-responses-table .response-col_status').allInnerTexts())
      .toContain('200');
    const sent = recorder.exchanges.slice(before).filter((e) => e.method !== 'OPTIONS');
    expect(sent).toHaveLength(1);
    return sent[0]!;
  }

  it('Try it out: a GET with its bracketed filters, apikey first, answered 200 by the strict mock', async () => {
    const exchange = await tryItOut('Servers', 'listServers');
    const call = exampleCalls.find((c) => c.id === 'listServers')!;
    // Swagger UI fills every parameter from its example: the example call, with the example key.
    expect(await fieldsOf(exchange)).toEqual(
      call.pairs.map(([name, value]) => [name, name === 'apikey' ? 'YOUR_API_KEY' : value]),
    );
    expect({ status: exchange.status, answer: JSON.parse(exchange.answer) }).toEqual({
      status: 200,
      answer: call.success,
    });
    expectClean(watched);
  });

  it('Try it out: a nested POST (params[Phone][Country]), fields in order, answered 200 by the mock', async () => {
    const exchange = await tryItOut('Domain_registration', 'updateDomainContact');
    const call = exampleCalls.find((c) => c.id === 'updateDomainContact')!;
    const fields = await fieldsOf(exchange);
    // Every field of the named example with its value, and (as Swagger UI fills each field from
    // its schema's example) the other fields the description gives examples for, all in order.
    const order = Object.keys(
      operations.find(({ op }) => op.operationId === 'updateDomainContact')!.op.requestBody.content[
        'application/x-www-form-urlencoded'
      ].schema.properties,
    );
    expect(fields.map(([name]) => name)).toEqual(
      [...fields.map(([name]) => name)].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
    expect(fields[0]).toEqual(['apikey', 'YOUR_API_KEY']);
    for (const [name, value] of call.pairs.slice(1)) expect(fields, name).toContainEqual([name, value]);
    expect(fields.map(([name]) => name)).toContain('params[Phone][Country]');
    expect(exchange.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect({ status: exchange.status, answer: JSON.parse(exchange.answer) }).toEqual({
      status: 200,
      answer: call.success,
    });
    expectClean(watched);
  });
});

describe('Scalar', () => {
  it('lists the 22 operations, fields under their wire names', async () => {
    const watched = await watchedPage(browser);
    await watched.page.goto(`${site.url}/scalar/`);
    // Scalar's sidebar: one entry per operation, `…/<METHOD>/<path>`, every tag opened.
    const entries = watched.page.locator('[data-sidebar-id*="/GET/"], [data-sidebar-id*="/POST/"]');
    await expect.poll(() => entries.count()).toBe(22);
    const listed = await entries.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-sidebar-id')!.replace(/^.*\/(GET|POST)\//, '$1 /')),
    );
    expect(listed.sort()).toEqual(operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort());
    await watched.page.getByText('params[Phone][Country]', { exact: true }).first().waitFor({ state: 'attached' });
    expectClean(watched);
  });
});
