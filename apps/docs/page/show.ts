// Inlined in index.html right after Redoc's element: shows the page the build rendered for the
// route opened (build/render.ts), fetched with the page's first bytes, then loads Redoc's
// script (main.ts), which takes that page over. A page opened from disk cannot fetch: there, and
// on a route the build did not render, Redoc renders the page itself. Redoc's script is requested
// once the rendered page is on screen: requested with it (even as a preload), it held back the
// page shown (`pnpm bench docs-render`).
import { pageFile, REDOC_ID, ROUTE_ATTRIBUTE } from './ids.ts';

/** The routes the build rendered (`/`, `/servers/listservers`, ...) and Redoc's script, set by the build. */
declare const HOSTAPI_ROUTES: string[];
declare const HOSTAPI_REDOC_SCRIPT: string;

const element = document.getElementById(REDOC_ID)!;
const route = location.hash.slice(1) || '/';

function start() {
  const script = document.createElement('script');
  script.src = HOSTAPI_REDOC_SCRIPT;
  document.body.append(script);
}

if (location.protocol === 'file:' || !HOSTAPI_ROUTES.includes(route)) start();
else
  fetch(`./${pageFile(route)}`)
    .then((response) => (response.ok ? response.text() : ''))
    .catch(() => '')
    .then((html) => {
      if (html) {
        element.innerHTML = html;
        element.setAttribute(ROUTE_ATTRIBUTE, route);
        element.setAttribute('aria-busy', 'true'); // until Redoc has taken it over (app.ts)
      }
      requestAnimationFrame(() => setTimeout(start)); // after the frame that shows it
    });
