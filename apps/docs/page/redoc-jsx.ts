// React's JSX runtime as Redoc's code in the browser gets it (scripts/build.ts resolves Redoc's
// `react/jsx-runtime` here): React's own, but for one element. Redoc's "API docs by" badge loads
// Redocly's logo from Redocly's CDN, and Redoc has no option to turn the badge or its logo off;
// the site requests nothing outside itself (its Content-Security-Policy refuses the image, and
// logs an error on every page), so the badge names Redocly in text instead.
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
