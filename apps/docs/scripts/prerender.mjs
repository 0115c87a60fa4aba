// Each operation's page as Redoc renders it, saved at build time so that a deep link shows it at
// once: Redoc's script (2.3 MB) takes most of a cold load to arrive and run before it renders
// anything (`pnpm bench docs-render` traces the steps). The build opens every operation's deep
// link in headless Chromium from the site just written and keeps what Redoc rendered (#redoc)
// and its styles (the rules styled-components inserted). page.mjs shows the saved page until
// Redoc has rendered its own, then puts Redoc's in its place.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import serveStatic from 'serve-static';
import { CHROMIUM, launchChromium } from '@hostapi/testing/chromium';

/** Where an operation's saved page is, under the site: `prerendered/servers--listservers.html` for `#/servers/listservers`. */
export const prerenderedFile = (route) => `prerendered/${route.replace(/^#\//, '').replace(/\//g, '--')}.html`;

/**
 * Saves the page of each route of `routes` (`#/servers/listservers`) into `dir` (the site being
 * built). Resolves to the routes saved: none, with a note, where there is no Chromium (the site
 * then renders every page in the browser, as before).
 */
export async function prerender(dir, routes) {
  if (!existsSync(CHROMIUM)) {
    console.warn(
      `No Chromium at ${CHROMIUM}: the operations' pages are not prerendered (set CHROMIUM_PATH to prerender them).`,
    );
    return [];
  }
  // Served as bin/serve.mjs serves the site (serve-static), from the folder being built.
  const files = serveStatic(dir);
  const server = createServer((req, res) => files(req, res, () => res.writeHead(404).end()));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  mkdirSync(join(dir, 'prerendered'), { recursive: true });
  try {
    // Two pages at a time (each waits on Redoc's script as much as it computes), each loading one
    // route after another: Redoc's script is then read from the cache, compiled once.
    const queue = [...routes];
    const work = async () => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
      try {
        for (let route = queue.shift(); route; route = queue.shift())
          writeFileSync(
            join(dir, prerenderedFile(route)),
            await renderedPage(await context.newPage(), `${site}${route}`),
          );
      } finally {
        await context.close();
      }
    };
    await Promise.all([work(), work()]);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return routes;
}

/** The page Redoc renders at `url` on `page` (a desktop's window): its styles, then its markup. */
async function renderedPage(page, url) {
  try {
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url, { waitUntil: 'load' });
    // Rendered: the operation's section, with its heading and its code samples (highlighted, as
    // the line breaks of page.mjs left them), and nothing left to mount in view.
    const section = page.locator(`[data-section-id="${new URL(url).hash.slice(1)}"]`);
    await section.locator('h1, h2').first().waitFor({ timeout: 60_000 });
    await section.locator('.panel-request-samples pre .th-line[data-breaks]').first().waitFor({ timeout: 60_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    if (errors.length) throw new Error(`prerendering ${url}: ${errors.join('\n')}`);
    const { styles, markup } = await page.evaluate(() => {
      // What shows in the window only: what lies wholly below it is left to Redoc, which renders
      // it (the saved page is what the reader sees first, and it is downloaded with every link).
      const below = [...document.querySelectorAll('#redoc *')].filter(
        (node) => node.getBoundingClientRect().top >= innerHeight,
      );
      const set = new Set(below);
      for (const node of below) if (!set.has(node.parentElement)) node.remove();
      // And what lies wholly above it (the tag's operations before this one, which Redoc renders
      // above it and scrolls past) leaves only its room: an empty box as tall.
      const above = [...document.querySelectorAll('#redoc main *')].filter((node) => {
        const box = node.getBoundingClientRect();
        return box.bottom <= 0 && (box.width || box.height); // not what has no box (a <wbr>, an <option>)
      });
      const gone = new Set(above);
      for (const node of above) {
        if (gone.has(node.parentElement)) continue;
        const room = document.createElement('div');
        room.style.height = `${node.getBoundingClientRect().height}px`;
        node.replaceWith(room);
      }
      const markup = document.getElementById('redoc').innerHTML;
      // The rules styled-components inserted that the markup needs: those of the classes it uses
      // (each class of the selector), and the others (at-rules, elements, :root).
      const used = new Set([...document.querySelectorAll('#redoc [class]')].flatMap((node) => [...node.classList]));
      const rules = [...document.querySelectorAll('style[data-styled]')]
        .flatMap((style) => [...style.sheet.cssRules])
        .filter((rule) => {
          const classes = rule.selectorText?.match(/(?<=\.)[\w-]+/g) ?? [];
          return classes.every((name) => used.has(name));
        });
      // Redoc's theme declares about 3,000 custom properties (--x) on :root, of which a page uses
      // a quarter: only those kept that the markup's inline styles or the rules kept refer to,
      // directly or through another.
      const styleRules = (list) =>
        [...list].flatMap((rule) =>
          rule.style ? [rule, ...styleRules(rule.cssRules ?? [])] : styleRules(rule.cssRules ?? []),
        );
      const declared = new Map(); // --x: the values given to it
      const wanted = new Set();
      const refer = (text) => {
        for (const [name] of text.matchAll(/--[\w-]+/g)) wanted.add(name);
      };
      for (const rule of styleRules(rules)) {
        // The rule's other declarations read from its text: a longhand set by a shorthand that
        // uses var() reads as '' on its own.
        const others = document.createElement('div').style;
        others.cssText = rule.style.cssText;
        for (const name of [...rule.style].filter((property) => property.startsWith('--'))) {
          declared.set(name, [...(declared.get(name) ?? []), rule.style.getPropertyValue(name)]);
          others.removeProperty(name);
        }
        refer(others.cssText);
      }
      for (const node of document.querySelectorAll('#redoc [style]')) refer(node.getAttribute('style'));
      for (const name of wanted) for (const value of declared.get(name) ?? []) refer(value); // grows as it goes
      for (const rule of styleRules(rules))
        for (const name of [...rule.style])
          if (name.startsWith('--') && !wanted.has(name)) rule.style.removeProperty(name);
      return { styles: rules.map((rule) => rule.cssText).filter((text) => !/^[^{]*\{\s*\}$/.test(text)), markup };
    });
    if (styles.length < 100)
      throw new Error(
        `prerendering ${url}: styled-components inserted ${styles.length} rules into style[data-styled]: review prerender.mjs`,
      );
    // Not marked as styled-components' own (data-styled), which it would take away when Redoc starts.
    return `<style data-prerendered>${styles.join('')}</style>${markup}`;
  } finally {
    await page.close();
  }
}
