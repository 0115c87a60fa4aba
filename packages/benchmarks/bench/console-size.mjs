// Docs console: what the "Try it" console adds to the docs page, minified and gzipped (its own
// script, with the model of every operation, Preact and @hostapi/client bundled in), next to
// the page it sits in.
import { consoleParts, consoleScript } from '../lib/console-size.mjs';
import { format, report } from '../lib/report.mjs';
import { launchChromium, loadPage, OPERATION_PAGES, serveDocs } from '../lib/docs-page.mjs';

const script = consoleScript();
const parts = await consoleParts();
const docs = await serveDocs();
const browser = await launchChromium();
let page;
try {
  page = await loadPage(browser, docs.url + OPERATION_PAGES[0].hash, [OPERATION_PAGES[0].heading], { weigh: true });
} finally {
  await browser.close();
  await docs.close();
}
const ok = report(
  'Docs console: its script (minified + gzipped, level 9)',
  [`${script.name}: ${format(script.bytes, 'B')} minified. Its parts, minified: ${parts.map(([part, bytes]) => `${part} ${format(bytes, 'B')}`).join('; ')}.`,
    `A size, the same on every machine: the tests enforce the budget (packages/benchmarks/test/budgets.test.ts).`],
  [{ figure: 'console script, minified + gzipped', value: script.gzipBytes, limit: `the whole docs page gzipped, ${format(page.gzipBytes, 'B')} (${format((100 * script.gzipBytes) / page.gzipBytes, '%')})`, budget: 'console.scriptGzip' }],
);
process.exitCode = ok ? 0 : 3;
