// The budgets CI enforces: the figures that do not depend on the machine's speed (sizes and
// counts), measured as `pnpm bench` measures them and held to budgets.json.
import { describe, expect, it } from 'vitest';
import { bundleSizes } from '../lib/bundle.mjs';
import { consoleScript } from '../lib/docs-console.mjs';
import { launchChromium, loadPage, OPERATION_PAGES, serveDocs } from '../lib/docs-page.mjs';
import { mswHandlersBundle } from '../lib/msw.mjs';
import { BUDGETS, judge } from '../lib/report.mjs';
import { createTypecheckProject } from '../lib/typecheck.mjs';

/** Enforced budget keys measured below; a new enforced budget must be added here. */
const MEASURED = [
  'bundle.operationClientGzip',
  'typecheck.instantiations',
  'docs.pageBytes',
  'docs.pageGzipBytes',
  'console.scriptGzip',
  'msw.handlersGzip',
];

const expectWithin = (key: string, value: number) => {
  const verdict = judge(key, value);
  expect(verdict.ok, `${key}: ${value} ${verdict.unit}, budget ${verdict.text}`).toBe(true);
};

it('every enforced budget is measured by this suite', () => {
  const enforced = Object.entries(BUDGETS).flatMap(([bench, figures]) =>
    typeof figures === 'object'
      ? Object.entries(figures as Record<string, { enforced?: boolean }>)
          .filter(([, b]) => b.enforced)
          .map(([f]) => `${bench}.${f}`)
      : [],
  );
  expect(enforced.sort()).toEqual([...MEASURED].sort());
});

it('the operation client, minified and gzipped with its dependencies, fits its budget', async () => {
  const sizes = await bundleSizes();
  // Sanity: the measurement is of real code (openapi-fetch alone is a few kB).
  expect(sizes['openapi-fetch alone']).toBeGreaterThan(2000);
  expectWithin('bundle.operationClientGzip', sizes['operation client']!);
}, 60_000);

it('a strict consumer calling all 22 operations type-checks within its instantiation budget', async () => {
  const project = createTypecheckProject();
  try {
    expect(project.calls).toBe(22);
    const { instantiations } = await project.check('consumer');
    expect(instantiations).toBeGreaterThan(0);
    expectWithin('typecheck.instantiations', instantiations);
  } finally {
    project.remove();
  }
  // tsc takes ~7 s here, and several times that when the machine is loaded.
}, 180_000);

describe('the docs page', () => {
  it('weighs within its budget, as served and gzipped, and shows the operation it links to', async () => {
    const docs = await serveDocs();
    const browser = await launchChromium();
    try {
      const { heading, hash } = OPERATION_PAGES[1]!;
      const load = await loadPage(browser, docs.url + hash, [heading], { weigh: true });
      expect(load.readyMs).toBeGreaterThan(0);
      expectWithin('docs.pageBytes', load.bytes);
      expectWithin('docs.pageGzipBytes', load.gzipBytes);
    } finally {
      await browser.close();
      await docs.close();
    }
  }, 90_000);
});

it("the docs console's script, minified and gzipped, fits its budget", () => {
  const script = consoleScript();
  // Sanity: the measurement is of the bundled console (Preact and the client alone are over 10 kB).
  expect(script.gzipBytes).toBeGreaterThan(10_000);
  expectWithin('console.scriptGzip', script.gzipBytes);
});

it('the MSW handlers, bundled for a browser with the description, minified and gzipped, fit their budget', async () => {
  const { gzipBytes } = await mswHandlersBundle();
  // Sanity: the measurement is of the bundled engine (the description alone is over 20 kB gzipped).
  expect(gzipBytes).toBeGreaterThan(50_000);
  expectWithin('msw.handlersGzip', gzipBytes);
});
