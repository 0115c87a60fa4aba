// Redoc's page as both sides render it: the build (on the server, one page per route, see
// build/render.ts) and the browser (main.ts, which hydrates that page). Both render the same
// tree, through Redoc's public React interface, so that the browser's first render matches the
// markup the build wrote.
import { createElement, Fragment, type ReactElement, useEffect } from 'react';
import { prepareApiDocs, RedoclyApiDocsStandalone } from 'redoc';
import { LIVE_ATTRIBUTE, REDOC_ID } from './ids.ts';
import { nameButtons } from './names.ts';
import { spaceBlocks } from './search-text.ts';

/** What Redoc's prepareApiDocs() resolves to. */
export type PreparedDocs = Awaited<ReturnType<typeof prepareApiDocs>>;

/** Redoc's options (its `redocly.yaml` options of `build-docs`). */
const REDOC_OPTIONS: NonNullable<Parameters<typeof prepareApiDocs>[0]['options']> = {
  // The description is bundled already (@hostapi/spec).
  skipBundle: true,
  // Nested fields are named as they are sent (build/description.ts renames them to
  // `params[Phone][Country]`): no `params.Phone.` prefix in front of those names.
  hidePropertiesPrefix: true,
  // The samples each operation shows: the curl command, the @hostapi/client call and the Python
  // script that build/description.ts adds as x-codeSamples (Redoc lists only the languages named here).
  codeSamples: {
    languages: [
      { lang: 'curl', label: 'curl' },
      { lang: 'typescript', label: '@hostapi/client' },
      { lang: 'python', label: 'Python' },
    ],
  },
  // The bundled description, beside the page (scripts/build.ts copies it into the site).
  downloadUrls: [
    { title: 'JSON', url: './openapi.json' },
    { title: 'YAML', url: './openapi.yaml' },
  ],
};

/** Redoc's model of `spec` (the description the docs show), its search text spaced (search-text.ts). */
export async function prepareDocs(spec: Record<string, unknown>): Promise<PreparedDocs> {
  const docs = await prepareApiDocs({ spec, options: REDOC_OPTIONS, basePath: '/' });
  spaceBlocks(docs.items);
  return docs;
}

/**
 * Marks the page live once Redoc's tree has committed in the browser (the server runs no effect),
 * and from then on names its buttons by what they show (names.ts).
 */
function Live() {
  useEffect(() => {
    const element = document.getElementById(REDOC_ID);
    if (!element) return;
    nameButtons(element);
    element.setAttribute(LIVE_ATTRIBUTE, '');
    element.removeAttribute('aria-busy');
  }, []);
  return null;
}

/** The page: Redoc, with telemetry off (the page requests nothing outside its own site). */
export function redocPage(docs: PreparedDocs): ReactElement {
  return createElement(
    Fragment,
    null,
    createElement(RedoclyApiDocsStandalone, {
      items: docs.items,
      store: docs.store,
      basePath: '/',
      options: docs.options,
      spec: docs.document,
      telemetryConfig: { disabled: true },
    }),
    createElement(Live),
  );
}
