// What the docs' browser tests share: the built site (dist/) on a plain static file server, as
// a static host serves it (no fallback page: an unknown path is a 404), and the operations and
// routes the description defines.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { deref, operationsOf, readBundle } from '@hostapi/spec/document';
import type { Page } from 'playwright-core';
import { type Watched, watchedPage } from '@hostapi/testing/chromium';
import type { Browser } from 'playwright-core';
import { docsDescription } from '../../build/description.ts';
import { DIST, LIVE_PAGE, operationRoute, tagRoute } from '../../build/site.ts';

export const spec = readBundle();

export const operations = operationsOf(spec).map(({ path, method, op }) => ({
  path,
  method,
  id: op.operationId as string,
  summary: op.summary as string,
  tag: op.tags[0] as string,
  clientMethod: op['x-client-method'] as string,
  route: operationRoute(op.tags[0], op.operationId),
  op,
}));
export type DocsOperation = (typeof operations)[number];

/** The description as the docs show it. */
const shown = docsDescription(spec);

/** The introduction's sections (its `## ` headings), as the docs show it. */
export const sectionNames = [...(shown.info.description as string).matchAll(/^## (.+)$/gm)].map((match) => match[1]!);

/** The changelog's versions (its `## ` headings), as the docs show it. */
export const changelogVersions = [
  ...(shown.tags.find((tag: { name: string }) => tag.name === 'Changelog').description as string).matchAll(
    /^## (.+)$/gm,
  ),
].map((match) => match[1]!);

/** The tags the docs show: the description's, and the changelog (a page of its own). */
export const tags = (shown.tags as { name: string }[]).map(({ name }) => ({
  name,
  route: tagRoute(name),
}));

export { deref };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.yaml': 'text/yaml',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves dist/ as a plain static host does; resolves to its URL (ending in `/`) and close(). */
export async function serveSite(): Promise<{ url: string; close(): Promise<void> }> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST}index.html is missing: run \`pnpm --filter @hostapi/docs build\`.`);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://host').pathname);
    const file = join(DIST, normalize(path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST) || !existsSync(file) || extname(file) === '') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The file:// address of dist/index.html, as a reader opens it from disk. */
export const FILE_URL = new URL('index.html', `file://${DIST}`).href;

/** A heading (`h1`, `h2`) with exactly this text. */
export const headingPattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Sends `page` to `url`, a cold load, and waits until Redoc's page is live. A deep link first
 * shows the page the build rendered for its route (build/render.ts) until Redoc hydrates it:
 * every check is of the page that works. Resolves to the navigation's response.
 */
export async function openLive(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator(LIVE_PAGE).waitFor({ state: 'attached' });
  return response;
}

/** A fresh page (watchedPage) whose waits allow what a loaded machine takes. */
export async function docsPage(browser: Browser, options?: Parameters<typeof watchedPage>[1]): Promise<Watched> {
  const watched = await watchedPage(browser, options);
  watched.page.setDefaultTimeout(60_000);
  return watched;
}
