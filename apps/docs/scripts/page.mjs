// Turns the page `redocly build-docs --inlineBundle` writes into the site's files, so that every
// link survives being shared and the page works from any static host or from disk:
//
// - Redoc's script becomes two classic deferred scripts (a module script is blocked on file://),
//   loaded from <head>: `redoc-<hash>.js`, Redoc itself (the same for every description, cached
//   across changes), and `docs-<hash>.js`, the description and the call that renders it.
// - The build prerenders the introduction, with its links written as paths (`/servers`, which a
//   static host answers 404): they become the routes Redoc uses everywhere else (`#/servers`).
//   The prerendered introduction (markup and styles) waits in a <template>, put on the page only
//   when the introduction is what is opened; any other route renders afresh (hydrated onto the
//   introduction, it kept the introduction's entry highlighted in the sidebar).
// - Redoc's badge loads its logo from Redocly's CDN: a local wordmark instead, so that the page
//   makes no request outside its own site.
// - page.css: fixes for narrow screens and the code samples; BREAKS: where a sample's URL may
//   break.
// - An icon of the site's own (favicon.svg), so that no browser asks for a missing /favicon.ico.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#555">Redocly</text></svg>`;
const CSS = readFileSync(new URL('./page.css', import.meta.url), 'utf8');

const HEAD = `<link rel="icon" href="./favicon.svg" type="image/svg+xml">
<style>
${CSS}</style>
`;
/** The site's icon: braces, white on the console's blue. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M12 8c-3 0-3 2-3 4s0 4-3 4c3 0 3 2 3 4s0 4 3 4M20 8c3 0 3 2 3 4s0 4 3 4c-3 0-3 2-3 4s0 4-3 4" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;
/** Puts the prerendered introduction on the page when the introduction is opened (no route). */
const INTRODUCTION = `<script>
if (!location.hash.replace(/^#\\/?/, '')) {
  const introduction = document.getElementById('redoc-introduction').content;
  document.head.append(...introduction.querySelectorAll('style'));
  document.getElementById('redoc').append(introduction);
}
</script>`;

/**
 * Where a code sample's URL may break. Chromium offers no line break after a `/`, so a URL longer
 * than the sample's box was broken inside a word by page.css's last resort (`overflow-wrap:
 * anywhere`: `get_pricing_tiers.js|on`). A <wbr> after each `/`, `?` and `&` that a word follows
 * lets it break between the URL's parts instead. Redoc writes each highlighted sample's lines as
 * HTML, not as React's nodes, so they are changed in place as they appear (and marked, so each
 * once); a copy button copies the sample's source, not these lines.
 */
const BREAKS = `<script>
new MutationObserver(() => {
  for (const line of document.querySelectorAll('[data-component-name="CodeBlock/CodeBlock"] .th-line:not([data-breaks])')) {
    line.setAttribute('data-breaks', '');
    const texts = [];
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (/[/?&]\\w/.test(node.data)) texts.push(node);
    for (const text of texts) {
      const parts = text.data.split(/(?<=[/?&])(?=\\w)/);
      text.replaceWith(...parts.flatMap((part, i) => (i ? [document.createElement('wbr'), part] : [part])));
    }
  }
}).observe(document.getElementById('redoc'), { childList: true, subtree: true });
</script>`;

/**
 * Redoc's export line, and the module-only syntax its bundle holds: `import.meta` in a search
 * library's worker set-up, which the page never runs (the text inside `eval("...")` strings is
 * left as it is).
 */
const EXPORTS = 'export{RedocStandalone,hydrate,init};';
const MODULE_ONLY = [[/(?<!")import\.meta\.dirname/g, 'undefined', 1], [/(?<!")import\.meta\.url/g, 'document.baseURI', 1]];

/** `{ 'index.html': text, '<script>.js': text, ... }` from the page Redoc wrote. */
export function siteFiles(html) {
  const files = {};
  const [page, script] = takeScript(localiseLogos(html, files));
  const { library, definition, options } = splitScript(script);
  const redoc = named('redoc', `{${library}\nwindow.Redoc = { hydrate };}\n`);
  const docs = named('docs', `{
const definition = JSON.parse(${JSON.stringify(JSON.stringify(definition))});
const options = ${JSON.stringify(options)};
Redoc.hydrate(definition, options, document.getElementById('redoc'));
}
`);
  Object.assign(files, { [redoc.name]: redoc.text, [docs.name]: docs.text, 'favicon.svg': FAVICON });
  // In <head>: the browser requests Redoc with the page's first bytes, not after the introduction's markup.
  const scripts = `<script defer src="./${redoc.name}"></script>\n<script defer src="./${docs.name}"></script>\n`;
  const index = deferIntroduction(page).replace('</head>', `${HEAD}${scripts}</head>`);
  files['index.html'] = hashLinks(index);
  return files;
}

/** The prerendered introduction (its styles and markup) moved into a template, see INTRODUCTION. */
function deferIntroduction(page) {
  const styles = page.match(/<style data-styled="true"[^>]*>[\s\S]*?<\/style>/g) ?? [];
  const markup = /<div id="redoc">([\s\S]*)<\/div>(\s*<\/body>)/.exec(page);
  if (styles.length !== 1 || !markup) throw new Error('Redoc no longer prerenders one styled introduction into <div id="redoc">: review page.mjs');
  const withoutStyles = page.replace(styles[0], '');
  return withoutStyles.replace(
    markup[0],
    `<div id="redoc"></div>\n<template id="redoc-introduction">${styles[0]}${markup[1]}</template>\n${INTRODUCTION}\n${BREAKS}${markup[2]}`,
  );
}

/** The page without its one inline module script, and that script. */
function takeScript(html) {
  const open = '<script type="module">';
  const start = html.indexOf(open);
  const end = html.indexOf('</script>', start);
  if (start < 0 || html.indexOf(open, end) >= 0) throw new Error('Redoc no longer writes exactly one inline module script: review page.mjs');
  return [`${html.slice(0, start)}${html.slice(end + '</script>'.length)}`, html.slice(start + open.length, end)];
}

/** Redoc's library (as a classic script), and the description and options it is called with. */
function splitScript(script) {
  const at = script.indexOf(EXPORTS);
  const call = /const __redoc_definition = (.*);\s*const __redoc_options = (.*);\s*hydrate\(__redoc_definition, __redoc_options, document\.getElementById\('redoc'\)\);\s*$/s.exec(script.slice(at + EXPORTS.length));
  if (at < 0 || !call) throw new Error('Redoc\'s inline script has changed shape: review page.mjs');
  let library = script.slice(0, at);
  for (const [syntax, replacement, count] of MODULE_ONLY) {
    if ((library.match(syntax) ?? []).length !== count) throw new Error(`Redoc's script no longer holds ${syntax} ${count} time(s): review page.mjs`);
    library = library.replace(syntax, replacement);
  }
  return { library, definition: JSON.parse(call[1]), options: JSON.parse(call[2]) };
}

/** A script named after its content, so that hosts may cache it for good. */
function named(stem, text) {
  return { name: `${stem}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`, text };
}

/** The prerendered links (`href="/servers"`) as the routes Redoc navigates to (`#/servers`). */
function hashLinks(html) {
  const links = html.match(/href="\/[^"]*"/g) ?? [];
  if (links.length === 0) throw new Error('Redoc no longer prerenders path links: review hashLinks() in page.mjs');
  return html.replace(/href="\/([^"]*)"/g, 'href="#/$1"');
}

function localiseLogos(html, files) {
  const logos = [...new Set(html.match(/https:\/\/cdn\.redoc\.ly\/redoc\/[\w-]+\.svg/g) ?? [])];
  if (logos.length === 0) throw new Error('Redoc no longer loads its logo from cdn.redoc.ly: review localiseLogos() in page.mjs');
  for (const url of logos) {
    const name = url.split('/').pop();
    html = html.split(url).join(`./${name}`);
    files[name] = LOGO;
  }
  return html;
}
