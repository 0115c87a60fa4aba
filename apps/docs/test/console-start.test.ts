// The "Try it" console when nothing can be sent or nothing answers (no server: how to start the
// mock; a bad address; no key), opened from `pnpm start` (the mock it started, whatever its port),
// and at a phone's width, in headless Chromium against the built site and the mock on another origin.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  consoleOperation as byId,
  DEFAULT_SERVER,
  KEY,
  model,
  consoleSuite,
  panelOf,
  sendAndRead,
} from './support/console.js';
import { PHONE, RESULTS } from './support/layout.js';
import { openLive } from './support/site.js';
import { MOCK_README } from './support/home.js';

const { running, freshPage, openConsole } = consoleSuite();

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
