// Turns the page `redocly build-docs --inlineBundle` writes into the site's files, so that every
// link survives being shared and the page works from any static host or from disk:
//
// - Redoc's script becomes two classic scripts (a module script is blocked on file://):
//   `redoc-<hash>.js`, Redoc itself (the same for every description, cached across changes), and
//   `docs-<hash>.js`, the description and the call that renders it. PRERENDERED loads them.
// - A deep link shows at once the page the build saved for its operation (prerender.mjs), and the
//   introduction the one Redoc's build prerendered, each a file of its own fetched by PRERENDERED:
//   Redoc takes over the introduction (hydrated), and renders an operation's page aside and puts
//   it in place of the saved one (hydrated onto the introduction, an operation's page kept the
//   introduction's entry highlighted in the sidebar). The introduction's links are written as
//   paths (`/servers`, which a static host answers 404): they become the routes Redoc uses
//   everywhere else (`#/servers`).
// - Redoc's badge loads its logo from Redocly's CDN: a local wordmark instead, so that the page
//   makes no request outside its own site.
// - page.css: fixes for narrow screens and the code samples (its comments left out of the page);
//   BREAKS: where a sample's URL may break.
// - An icon of the site's own (favicon.svg), so that no browser asks for a missing /favicon.ico.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#555">Redocly</text></svg>`;
const CSS = readFileSync(new URL('./page.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\/\n?/g, '');

const HEAD = `<link rel="icon" href="./favicon.svg" type="image/svg+xml">
<style>
${CSS}</style>
`;
/** The site's icon: braces, white on the console's blue. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M12 8c-3 0-3 2-3 4s0 4-3 4c3 0 3 2 3 4s0 4 3 4M20 8c3 0 3 2 3 4s0 4 3 4c-3 0-3 2-3 4s0 4-3 4" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;
/** In PRERENDERED, replaced by the build with the routes it saved (`["#/servers/listservers", ...]`). */
export const PRERENDERED_ROUTES = '/*prerendered routes*/[]';

/**
 * Shows the prerendered page of the route opened, then starts Redoc. It is fetched with the
 * page's first bytes (not from disk, where a page cannot fetch a file): the introduction (no
 * route) as Redoc's build prerendered it (introduction.html), or an operation's page as the build
 * saved it (prerender.mjs). Redoc's script and the description's (SCRIPTS) are requested once it
 * is on screen, or at once where there is none: requested with it (even as a preload), Redoc's
 * 2.3 MB held back the page shown by half (`pnpm bench docs-render`). In <body>, after #redoc.
 */
const PRERENDERED = `<script>
(function () {
  var route = location.hash.replace(/\\/+$/, '').toLowerCase();
  var file = route === '' || route === '#' ? 'introduction.html'
    : ${PRERENDERED_ROUTES}.indexOf(route) >= 0 ? 'prerendered/' + route.slice(2).replace(/\\//g, '--') + '.html' : '';
  var redoc = document.getElementById('redoc');
  function start() {
    for (const src of SCRIPTS) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false; // in order
      document.body.append(script);
    }
  }
  if (location.protocol === 'file:' || !file) return start();
  fetch('./' + file).then(function (response) {
    return response.ok ? response.text() : '';
  }).catch(function () { return ''; }).then(function (html) {
    if (!html) return start();
    var page = document.createElement('template');
    page.innerHTML = html;
    document.head.append(...page.content.querySelectorAll('style'));
    if (file !== 'introduction.html') {
      // Nothing in it works before Redoc runs, which renders the page aside and then puts it here (docs-<hash>.js).
      redoc.setAttribute('data-prerendered', '');
      redoc.setAttribute('aria-busy', 'true');
      redoc.inert = true;
    }
    redoc.append(page.content); // the introduction: hydrated by Redoc
    // Scrolled to the operation, as Redoc scrolls its page (which renders the tag's operations
    // before it), and again while the page first grows (its layout settles over a frame or two),
    // until Redoc's page takes its place.
    var section = file !== 'introduction.html' && redoc.querySelector('[data-section-id="' + route.slice(1) + '"]');
    if (section) new ResizeObserver(function (_, observer) {
      if (redoc.isConnected) section.scrollIntoView();
      else observer.disconnect();
    }).observe(redoc);
    requestAnimationFrame(function () { setTimeout(start); }); // after the frame that shows it
  });
})();
</script>
`;

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
}).observe(document.body, { childList: true, subtree: true });
</script>`;

/**
 * Redoc's export line, and the module-only syntax its bundle holds: `import.meta` in a search
 * library's worker set-up, which the page never runs (the text inside `eval("...")` strings is
 * left as it is).
 */
const EXPORTS = 'export{RedocStandalone,hydrate,init};';
const MODULE_ONLY = [
  [/(?<!")import\.meta\.dirname/g, 'undefined', 1],
  [/(?<!")import\.meta\.url/g, 'document.baseURI', 1],
];

/** `{ 'index.html': text, '<script>.js': text, ... }` from the page Redoc wrote. */
export function siteFiles(html) {
  const files = {};
  const [page, script] = takeScript(localiseLogos(html, files));
  const { library, definition, options } = splitScript(script);
  const redoc = named('redoc', `{${library}\nwindow.Redoc = { hydrate };}\n`);
  const docs = named(
    'docs',
    `{
const definition = JSON.parse(${singleQuoted(JSON.stringify(definition))});
const options = ${JSON.stringify(options)};
const shown = document.getElementById('redoc');
shown.setAttribute('data-redoc', ''); // Redoc starts (after the prerendered page, if any, is shown)
if (shown.hasAttribute('data-prerendered')) {
  // Redoc renders its page aside, which takes the prerendered one's place once it shows the operation.
  const live = document.createElement('div');
  live.id = 'redoc';
  live.setAttribute('data-redoc', '');
  new MutationObserver((_, observer) => {
    if (!live.querySelector('[data-section-id] h1, [data-section-id] h2')) return;
    observer.disconnect();
    shown.replaceWith(live);
    for (const style of document.querySelectorAll('style[data-prerendered]')) style.remove(); // Redoc's own styles are in place
  }).observe(live, { childList: true, subtree: true });
  Redoc.hydrate(definition, options, live);
} else {
  Redoc.hydrate(definition, options, shown);
}
}
`,
  );
  Object.assign(files, { [redoc.name]: redoc.text, [docs.name]: docs.text, 'favicon.svg': FAVICON });
  const [index, introduction] = takeIntroduction(
    page,
    PRERENDERED.replace('SCRIPTS', JSON.stringify([`./${redoc.name}`, `./${docs.name}`])),
  );
  files['index.html'] = index.replace('</head>', `${HEAD}</head>`);
  files['introduction.html'] = hashLinks(introduction);
  return files;
}

/** The page without the introduction Redoc's build prerendered (its styles and markup), `show` after #redoc; and the introduction, for PRERENDERED. */
function takeIntroduction(page, show) {
  const styles = page.match(/<style data-styled="true"[^>]*>[\s\S]*?<\/style>/g) ?? [];
  const markup = /<div id="redoc">([\s\S]*)<\/div>(\s*<\/body>)/.exec(page);
  if (styles.length !== 1 || !markup)
    throw new Error('Redoc no longer prerenders one styled introduction into <div id="redoc">: review page.mjs');
  return [
    page.replace(styles[0], '').replace(markup[0], `<div id="redoc"></div>\n${show}${BREAKS}${markup[2]}`),
    `${styles[0]}${markup[1]}`,
  ];
}

/** The page without its one inline module script, and that script. */
function takeScript(html) {
  const open = '<script type="module">';
  const start = html.indexOf(open);
  const end = html.indexOf('</script>', start);
  if (start < 0 || html.indexOf(open, end) >= 0)
    throw new Error('Redoc no longer writes exactly one inline module script: review page.mjs');
  return [`${html.slice(0, start)}${html.slice(end + '</script>'.length)}`, html.slice(start + open.length, end)];
}

/** Redoc's library (as a classic script), and the description and options it is called with. */
function splitScript(script) {
  const at = script.indexOf(EXPORTS);
  const call =
    /const __redoc_definition = (.*);\s*const __redoc_options = (.*);\s*hydrate\(__redoc_definition, __redoc_options, document\.getElementById\('redoc'\)\);\s*$/s.exec(
      script.slice(at + EXPORTS.length),
    );
  if (at < 0 || !call) throw new Error("Redoc's inline script has changed shape: review page.mjs");
  let library = script.slice(0, at);
  for (const [syntax, replacement, count] of MODULE_ONLY) {
    if ((library.match(syntax) ?? []).length !== count)
      throw new Error(`Redoc's script no longer holds ${syntax} ${count} time(s): review page.mjs`);
    library = library.replace(syntax, replacement);
  }
  library = withoutStyleComments(library);
  return { library, definition: JSON.parse(call[1]), options: JSON.parse(call[2]) };
}

/**
 * Redoc's script without the comments of the styles it writes (its CSS, kept as indented text in
 * template literals, carries design notes: `/* === Catalog === *\/`, `//@presenter Border`),
 * which are downloaded with every page and dropped again when the styles are read. Licence
 * notices stay. Minified code holds no line that starts with a comment, so only that text does.
 */
function withoutStyleComments(library) {
  const notes = /\n[ \t]*\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//g;
  const kept = (comment) => /@license|@preserve|copyright|licen[cs]e|\$\{|`/i.test(comment);
  const before = library.length;
  library = library
    .replace(notes, (comment) => (kept(comment) ? comment : ''))
    .replace(/[ \t]*\/\/@presenter[^\n`$]*/g, '');
  if (before - library.length < 10_000)
    throw new Error("Redoc's script no longer holds its styles' comments: review withoutStyleComments() in page.mjs");
  return library;
}

/** `text` as a single-quoted JavaScript string: JSON's many double quotes need no escaping there. */
function singleQuoted(text) {
  return `'${text
    .replace(/[\\']/g, '\\$&')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}'`;
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
  if (logos.length === 0)
    throw new Error('Redoc no longer loads its logo from cdn.redoc.ly: review localiseLogos() in page.mjs');
  for (const url of logos) {
    const name = url.split('/').pop();
    html = html.split(url).join(`./${name}`);
    files[name] = LOGO;
  }
  return html;
}
