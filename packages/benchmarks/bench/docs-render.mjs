// Docs: how long a reader waits, in headless Chromium, from navigation until an operation is on
// the page. Redoc CE 3 shows one operation per route, so each round loads every operation's deep
// link fresh (empty cache): the median of the 22 and the slowest, each a median over the rounds.
// The page first shows the operation as the build rendered it (apps/docs/build/render.ts),
// until Redoc has hydrated it: each load also times that, Redoc's page live (the page works from
// then on). Each round also loads a static page holding only the headings (the floor:
// what loading any page costs here). And the page's weight. Then each deep link once more,
// traced until Redoc's page is live, for where its time goes (lib/docs-trace.mjs; the timed
// rounds are not traced).
import {
  launchChromium,
  loadPage,
  OPERATION_PAGES,
  serveDocs,
  VIEWPORT,
  waitForHeadings,
  waitForLive,
} from '../lib/docs-page.mjs';
import { STEPS, traceLoad } from '../lib/docs-trace.mjs';
import { format, printTable, report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const ROUNDS = 5;
const docs = await serveDocs();
const browser = await launchChromium();
const headings = OPERATION_PAGES.map((page) => page.heading);
const floorHtml =
  `<!doctype html><meta ` +
  `charset="utf-8"><title>floor</title>${headings.map((h) => `<h2>${h.replace(/</g, '&lt;')}</h2>`).join('')}`;
const floorUrl = `data:text/html;base64,${Buffer.from(floorHtml).toString('base64')}`;

try {
  // Warms the server and the browser; weighs the page.
  const first = await loadPage(browser, docs.url + OPERATION_PAGES[0].hash, [headings[0]], { weigh: true });
  const rounds = await alternate(ROUNDS, {
    docs: async () => {
      const loads = [];
      for (const { hash, heading } of OPERATION_PAGES) loads.push(await loadTimes(browser, docs.url + hash, heading));
      const ready = loads.map((load) => load.readyMs);
      return { slowest: Math.max(...ready), median: median(ready), live: median(loads.map((load) => load.liveMs)) };
    },
    floor: async () => (await loadPage(browser, floorUrl, headings)).readyMs,
  });
  const slowest = median(rounds.docs.map((round) => round.slowest));
  const typical = median(rounds.docs.map((round) => round.median));
  const floor = median(rounds.floor);
  const live = median(rounds.docs.map((round) => round.live));
  const ok = report(
    'Docs: Redoc page in headless Chromium',
    [
      `${ROUNDS} rounds; each loads all ${OPERATION_PAGES.length} operation deep links fresh (new browser ` +
        `context each), alternating with a static page of the headings; medians of the rounds.`,
      `Median of the 22 in each round: ${rounds.docs.map((round) => Math.round(round.median)).join(', ')} ms; ` +
        `the slowest of each round: ${rounds.docs.map((round) => Math.round(round.slowest)).join(', ')} ms. ` +
        `${first.requests} requests per load.`,
    ],
    [
      {
        figure: 'navigation → operation on the page, median of the 22 deep links',
        value: typical,
        limit: `static page of the headings, ${format(floor, 'ms')}`,
        budget: 'docs.medianReadyMs',
      },
      {
        figure: 'navigation → operation on the page, slowest of the 22',
        value: slowest,
        limit: `static page of the headings, ${format(floor, 'ms')}`,
        budget: 'docs.readyMs',
      },
      {
        figure: "navigation → Redoc's page live (it works), median of the 22",
        value: live,
        limit: `the operation shown, ${format(typical, 'ms')}`,
        budget: 'docs.liveMedianMs',
      },
      { figure: 'page weight, as served', value: first.bytes, budget: 'docs.pageBytes' },
      { figure: 'page weight, gzipped', value: first.gzipBytes, budget: 'docs.pageGzipBytes' },
    ],
  );
  const traces = [];
  for (const { hash, heading } of OPERATION_PAGES) traces.push(await traceLoad(browser, docs.url + hash, heading));
  const ms = (pick) => format(Math.round(median(traces.map(pick))), 'ms');
  console.log(
    `\nWhere Redoc's time goes: each deep link loaded once more, traced (Chromium's trace events) until ` +
      `Redoc's page is live (${ms((t) => t.liveMs)}; the page the build rendered was shown at ` +
      `${ms((t) => t.readyMs)}); medians of the ${traces.length}. The steps follow one another: their wall times ` +
      `add up to that load. CPU is the page's main thread's.\n`,
  );
  printTable(
    ['step', 'wall', 'main-thread CPU'],
    STEPS.map(([key, step]) => [step, ms((t) => t.steps[key].wall), ms((t) => t.steps[key].main)]),
  );
  console.log(
    `\nBesides: parsing the scripts on a background thread ${ms((t) => t.backgroundParse)}; garbage collection ` +
      `on the main thread ${ms((t) => t.gc)}; style and layout in the render step ${ms((t) => t.styleLayout)}.`,
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await browser.close();
  await docs.close();
}

/**
 * One fresh load (new context: empty cache) of `url`: `{ readyMs, liveMs }`, the operation shown (as loadPage() times
 * it) and Redoc's page live.
 */
async function loadTimes(browser, url, heading) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const readyMs = await waitForHeadings(page, [heading]);
    return { readyMs, liveMs: await waitForLive(page, heading) };
  } finally {
    await context.close();
  }
}
