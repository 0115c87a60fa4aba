// Redoc's page for each route, rendered at build time in Node as `redocly build-docs` renders its
// one page (prepareApiDocs, RedoclyApiDocsStandalone, styled-components' ServerStyleSheet): a
// deep link shows it at once, and Redoc's script hydrates it (page/main.ts). No browser needed.
import { type ComponentProps, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createPath, Router } from 'react-router';
import { ServerStyleSheet } from 'redoc';
import type { Node } from '@hostapi/spec/document';
import { prepareDocs, redocPage } from '../page/app.ts';

/**
 * A router that stands at one route and writes links as the browser's HashRouter does
 * (`#/servers`), so that the markup is what the browser renders there. It never navigates.
 */
const atRoute = (route: string, children: ComponentProps<typeof Router>['children']) => {
  const still = () => {
    throw new Error('a page rendered at build time does not navigate');
  };
  const navigator = {
    createHref: (to: Parameters<typeof createPath>[0] | string) => `#${typeof to === 'string' ? to : createPath(to)}`,
    go: still,
    push: still,
    replace: still,
  };
  return createElement(Router, { location: route, navigator, static: true }, children);
};

export interface RenderedSite {
  /** Each route's markup (what goes inside Redoc's element), by route (`/`, `/servers/listservers`). */
  pages: Map<string, string>;
  /** The style tags every page's markup needs (styled-components' rules, gathered over all of them). */
  styles: string;
}

/** Renders `description` at each of `routes`. */
export async function renderSite(description: Node, routes: readonly string[]): Promise<RenderedSite> {
  const sheet = new ServerStyleSheet();
  const pages = new Map<string, string>();
  try {
    for (const route of routes) {
      // Each page from a fresh model, as a reader's browser starts from one.
      const docs = await prepareDocs(description);
      pages.set(route, renderToString(sheet.collectStyles(atRoute(route, redocPage(docs)))));
    }
    return { pages, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
