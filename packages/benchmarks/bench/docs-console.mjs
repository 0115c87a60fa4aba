// Docs console: what the "Try it" console costs the docs page. Its script, minified and gzipped
// (with the model of every operation, Preact and @hostapi/client bundled in), next to the whole
// page; and how long an operation's deep link takes to show with the console, side by side with
// the same site without it (fresh loads, alternating).
import { consoleParts, consoleScript, serveDocsWithoutConsole } from '../lib/docs-console.mjs';
import { launchChromium, loadPage, OPERATION_PAGES, serveDocs } from '../lib/docs-page.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median, medianRatio } from '../lib/stats.mjs';

const ROUNDS = 4;
const PAGES = OPERATION_PAGES.filter((_, i) => i % 3 === 0); // 8 of the 22 deep links, across every area

const script = consoleScript();
const parts = await consoleParts();
const withConsole = await serveDocs();
const without = await serveDocsWithoutConsole();
const browser = await launchChromium();
try {
  // Also warms both servers.
  const page = await loadPage(browser, withConsole.url + PAGES[0].hash, [PAGES[0].heading], { weigh: true });
  await loadPage(browser, without.url + PAGES[0].hash, [PAGES[0].heading]);
  const loads = (site) => async () => {
    const times = [];
    for (const { hash, heading } of PAGES) times.push((await loadPage(browser, site.url + hash, [heading])).readyMs);
    return median(times);
  };
  const rounds = await alternate(ROUNDS, { console: loads(withConsole), without: loads(without) });
  const ok = report(
    'Docs console: its script (minified + gzipped, level 9), and the page with and without it',
    [
      `${script.name}: ${format(script.bytes, 'B')} minified. Its parts, minified: ` +
        `${parts.map(([part, bytes]) => `${part} ${format(bytes, 'B')}`).join('; ')}.`,
      `Timing: ${ROUNDS} rounds, each loading ${PAGES.length} operation deep links fresh on each site, ` +
        `alternating; per round the median load. With the console: ${rounds.console.map(Math.round).join(', ')} ` +
        `ms; without: ${rounds.without.map(Math.round).join(', ')} ms.`,
      'The size is the same on every machine: the tests enforce its budget (packages/benchmarks/test/budgets.test.ts).',
    ],
    [
      {
        figure: 'console script, minified + gzipped',
        value: script.gzipBytes,
        limit: `the whole docs page gzipped, ${format(page.gzipBytes, 'B')}`,
        budget: 'console.scriptGzip',
      },
      {
        figure: 'navigation → operation on the page, with the console',
        value: medianRatio(rounds.console, rounds.without),
        limit: `the site without it, ${format(median(rounds.without), 'ms')}`,
        budget: 'console.readyRatio',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await browser.close();
  await withConsole.close();
  await without.close();
}
