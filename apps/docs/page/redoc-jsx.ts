// React's JSX runtime as Redoc's code in the browser gets it (scripts/build.ts resolves Redoc's
// `react/jsx-runtime` here): React's own, but for one element. Redoc 3.0.1's "API docs by" badge
// always renders (the sidebar renders it unconditionally) and loads Redocly's logo from Redocly's
// CDN once mounted; none of its options (ApiDocsOptions, the theme, the description's extensions)
// hides the badge or its logo, and hiding it with CSS would still fetch the image. The site
// requests nothing outside itself (its Content-Security-Policy refuses the image, and logs an error
// on every page), so the badge names Redocly in text instead. Redoc's bundle is left as it is.
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from 'react/jsx-runtime';

/** The badge's logo: `https://cdn.redoc.ly/redoc/logo-mini.svg` (or `-full`). */
const BADGE_LOGO = /^https:\/\/cdn\.redoc\.ly\//;

type Create = typeof reactJsx;

const withoutRemoteLogo =
  (create: Create): Create =>
  (type, props, key) =>
    type === 'img' && BADGE_LOGO.test(String((props as { src?: unknown }).src))
      ? reactJsx('span', { className: 'hostapi-badge-name', children: 'Redocly' }, key)
      : create(type, props, key);

export const jsx = withoutRemoteLogo(reactJsx);
export const jsxs = withoutRemoteLogo(reactJsxs);
export { Fragment };
