// What index.html, the browser's scripts and the build agree on (re-exported by build/site.ts).

/** The element Redoc renders into. */
export const REDOC_ID = 'redoc';
/** Set on it once Redoc's page is live (hydrated or rendered: it works). */
export const LIVE_ATTRIBUTE = 'data-live';
/** The id of the `<script type="application/json">` in index.html that holds the description Redoc renders. */
export const DESCRIPTION_ID = 'hostapi-description';
/** Set on Redoc's element to the route whose page the build rendered and the page shows (ROUTE in show.ts). */
export const ROUTE_ATTRIBUTE = 'data-route';

/** The file of a route's page, rendered at build time: `pages/servers--listservers.html` for `/servers/listservers`. */
export const pageFile = (route: string) =>
  `pages/${route === '/' ? 'introduction' : route.slice(1).replace(/\//g, '--')}.html`;

/**
 * The Markdown file of a route (for AI tools and readers: build/markdown/): the route's path plus
 * `.md`, `servers/listservers.md` for `/servers/listservers`, `index.md` for `/`.
 */
export const markdownFile = (route: string) => (route === '/' ? 'index.md' : `${route.slice(1)}.md`);
