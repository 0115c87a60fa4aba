// Where a docs deep link's time goes: one fresh load traced by Chromium (its own trace events, as
// DevTools' performance panel records them), from navigation until the operation's heading is
// rendered, cut into the steps the page goes through one after another on its way there.
import { VIEWPORT, waitForHeadings, waitForLive } from './docs-page.mjs';

const CATEGORIES = ['devtools.timeline', 'toplevel', 'v8', 'blink.user_timing'];

/**
 * The steps, in order: each starts where the previous one ends, so that their wall times add up
 * to the load. `main` is the page's main thread's CPU in that step (a thread waiting for a core on
 * a busy machine, or for the network, spends wall time, not CPU).
 */
export const STEPS = [
  ['page', 'navigation → the page (index.html) received'],
  ['redocLoad', "Redoc's script downloaded and parsed (a background thread parses it as it arrives)"],
  ['redocRun', "Redoc's script runs (its modules set up, the description read from the page)"],
  ['store', 'Redoc reads the description (menu, operations, markdown)'],
  ['render', 'React hydrates the page the build rendered (or renders it), then style, layout and a frame'],
];

/**
 * Traces one fresh load of `url` (new context, empty cache) until Redoc's page is live
 * with `heading` shown (waitForLive()), and cuts it into STEPS: resolves to `{ readyMs, liveMs,
 * steps: { <step>: { wall, main } }, backgroundParse, gc, styleLayout }` (milliseconds;
 * `readyMs`: the operation first shown, from the page the build rendered).
 */
export async function traceLoad(browser, url, heading) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'commit' });
    const readyMs = await waitForHeadings(page, [heading]);
    const liveMs = await waitForLive(page, heading);
    await cdp.send('Tracing.end');
    await complete;
    return { readyMs, liveMs, ...stepsOf(events, { url, readyMs: liveMs }) };
  } finally {
    await context.close();
  }
}

/** The steps of the load of `url` in `events` (a Chromium trace), up to `readyMs`. */
export function stepsOf(events, { url, readyMs }) {
  const fail = (what) => {
    throw new Error(`docs trace: ${what} (Chromium's or Redoc's trace events have changed: review lib/docs-trace.mjs)`);
  };
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === new URL(url).href,
  );
  if (!navigation) fail(`no navigationStart for ${url}`);
  const { pid, tid, ts: t0 } = navigation;
  const end = t0 + readyMs * 1000;
  const onMain = (e) => e.pid === pid && e.tid === tid;
  const file = (e) =>
    (e.args?.data?.url ?? '')
      .replace(/[?#].*$/, '')
      .split('/')
      .pop();

  const finished = events.filter((e) => e.name === 'ResourceFinish');
  const sent = new Map(
    events.filter((e) => e.name === 'ResourceSendRequest').map((e) => [e.args.data.requestId, e.args.data.url]),
  );
  const finishOf = (test) => finished.find((e) => test(sent.get(e.args.data.requestId) ?? ''))?.ts;
  const pageReceived = finishOf((u) => u.replace(/#.*$/, '') === url.replace(/#.*$/, ''));
  if (!pageReceived) fail("the page's response was not found");

  const evaluations = events.filter(
    (e) => e.name === 'EvaluateScript' && e.ph === 'X' && onMain(e) && e.ts >= t0 && e.ts < end,
  );
  const evaluation = (stem) => evaluations.find((e) => file(e).startsWith(`${stem}-`));
  const redoc = evaluation('redoc');
  if (!redoc) fail("Redoc's script did not run before the heading");
  const scriptsEnd = redoc.ts + redoc.dur;

  // The page's main-thread tasks (with their CPU time); the render is the longest one after the scripts.
  const tasks = events.filter(
    (e) =>
      e.name === 'ThreadControllerImpl::RunTask' &&
      e.ph === 'X' &&
      e.tdur !== undefined &&
      onMain(e) &&
      e.ts + e.dur > t0 &&
      e.ts < end,
  );
  const render = tasks
    .filter((e) => e.ts >= scriptsEnd)
    .reduce((longest, e) => (!longest || e.dur > longest.dur ? e : longest), undefined);
  if (!render) fail('no task rendered the page after its scripts ran');

  const bounds = [t0, pageReceived, redoc.ts, scriptsEnd, render.ts, end];
  const overlap = (e, from, to) => Math.max(0, Math.min(e.ts + e.dur, to) - Math.max(e.ts, from));
  const cpu = (from, to) => tasks.reduce((sum, e) => sum + (e.dur ? (e.tdur * overlap(e, from, to)) / e.dur : 0), 0);
  const steps = Object.fromEntries(
    STEPS.map(([key], i) => [
      key,
      { wall: (bounds[i + 1] - bounds[i]) / 1000, main: cpu(bounds[i], bounds[i + 1]) / 1000 },
    ]),
  );

  const within = (e, from, to) => e.ph === 'X' && overlap(e, from, to) > 0;
  const sum = (list, from, to) => list.reduce((total, e) => total + overlap(e, from, to), 0) / 1000;
  const backgroundParse = sum(
    events.filter((e) => e.name === 'v8.parseOnBackground' && e.pid === pid && !onMain(e) && within(e, t0, end)),
    t0,
    end,
  );
  const gc = sum(
    events.filter((e) => (e.name === 'MinorGC' || e.name === 'MajorGC') && onMain(e) && within(e, t0, end)),
    t0,
    end,
  );
  const styleLayout = sum(
    events.filter(
      (e) => (e.name === 'UpdateLayoutTree' || e.name === 'Layout') && onMain(e) && within(e, render.ts, end),
    ),
    render.ts,
    end,
  );
  return { steps, backgroundParse, gc, styleLayout };
}
