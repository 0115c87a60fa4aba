// Redoc in the browser (bundled by scripts/build.ts into the site's redoc-<hash>.js, a classic
// script, which runs from disk too): the description from index.html, Redoc's routes in the
// address's hash. Where the build's page for the route is shown (show.ts), Redoc hydrates it;
// elsewhere it renders the page itself.
import { createElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { prepareDocs, redocPage } from './app.ts';
import { DESCRIPTION_ID, REDOC_ID, ROUTE_ATTRIBUTE } from './ids.ts';

const element = document.getElementById(REDOC_ID)!;
const spec = JSON.parse(document.getElementById(DESCRIPTION_ID)!.textContent!);

/**
 * Enter in Redoc's search box opens the first hit (Redoc opens a hit on Enter only once the arrow
 * keys have moved to it). Found by the names Redoc gives its search dialog and hits.
 */
document.addEventListener('keydown', (event) => {
  const box = event.target;
  if (event.key !== 'Enter' || event.isComposing || !(box instanceof HTMLInputElement)) return;
  const dialog = box.closest('[data-testid="search-dialog"]');
  dialog?.querySelector<HTMLAnchorElement>('a[data-component-name="Search/SearchItem"]')?.click();
});

prepareDocs(spec).then((docs) => {
  const page = createElement(HashRouter, null, redocPage(docs));
  // The page shown is the one for the route still in the address (a link followed before Redoc
  // ran has changed it): hydrated. The build renders the light theme (its colour switch shows the
  // moon): for a reader whose system is dark, Redoc renders over it, without a mismatch to report.
  const shown = element.getAttribute(ROUTE_ATTRIBUTE) === (location.hash.slice(1) || '/');
  if (shown && window.matchMedia('(prefers-color-scheme: dark)').matches) createRoot(element).render(page);
  else if (shown) {
    hydrateRoot(element, page, {
      onRecoverableError: (error) =>
        console.error(`Redoc's page differs from the one the build rendered: ${(error as Error).message ?? error}`),
    });
  } else {
    element.replaceChildren();
    createRoot(element).render(page);
  }
});
