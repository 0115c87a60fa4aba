// MSW handlers: the browser bundle of @hostapi/mock/msw, and a request answered through MSW in
// Node (setupServer, in this process) against the same request to the mock server (startMock, in
// this process, over a keep-alive connection), and against MSW answering the same bytes from a
// fixed handler (what MSW itself costs). Batches alternate between the sides (MSW listening,
// then not), since MSW intercepts every fetch of the process while it listens.
import { startMock } from '@hostapi/mock';
import { handlers } from '@hostapi/mock/msw';
import { readBundle } from '@hostapi/spec/document';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { mswHandlersBundle } from '../lib/msw.mjs';
import { format, report } from '../lib/report.mjs';
import { alternate, median, medianRatio } from '../lib/stats.mjs';

const ROUNDS = 40;
const BATCH = 100;
const PATH = '/1.3/server/list_servers.json?apikey=bench-key&client_id=293';
const BASE = readBundle().servers[0].url;

const bundle = await mswHandlersBundle();
const mock = await startMock({ log: () => {} });
const msw = setupServer(...handlers());
// For scale: MSW's own cost, a handler answering the same bytes as they are.
const body = await (await fetch(`${mock.url}${PATH}`)).arrayBuffer();
const fixed = setupServer(
  http.get(`${BASE}/*`, () => new Response(body, { headers: { 'content-type': 'application/json' } })),
);

const listening = (server) => async () => {
  server.listen({ onUnhandledFrame: 'error' });
  try {
    return await batch(BASE);
  } finally {
    server.close();
  }
};

/** Microseconds per request, over a batch of sequential requests to `base`. */
async function batch(base) {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const response = await fetch(`${base}${PATH}`);
    if (response.status !== 200) throw new Error(`${base}: ${response.status}`);
    await response.arrayBuffer();
  }
  return ((performance.now() - started) * 1000) / BATCH;
}
const sides = { msw: listening(msw), server: () => batch(mock.url) };

try {
  // The same answer from both, or the comparison means nothing.
  msw.listen();
  const viaMsw = await (await fetch(`${BASE}${PATH}`)).text();
  msw.close();
  if (viaMsw !== (await (await fetch(`${mock.url}${PATH}`)).text())) throw new Error('the sides answer differently');
  await alternate(4, sides); // warm-up: JIT, the schemas compiled, the connection
  const us = await alternate(ROUNDS, sides);
  const own = await alternate(ROUNDS, { msw: listening(msw), fixed: listening(fixed) });
  const ok = report(
    'MSW handlers (@hostapi/mock/msw)',
    [
      'Bundle: esbuild 0.28, platform browser, minified, gzip; the description included, msw not.',
      `Request: GET listServers, ${ROUNDS} rounds of ${BATCH} sequential fetches per side, alternating; median per` +
        ` request: MSW ${median(us.msw).toFixed(0)} µs, mock server ${median(us.server).toFixed(0)} µs.`,
      'Measured apart, the same against MSW answering the same bytes from a fixed handler: what the engine adds.',
    ],
    [
      {
        figure: 'handlers for a browser (minified + gzipped)',
        value: bundle.gzipBytes,
        limit: `${format(bundle.bytes, 'B')} minified`,
        budget: 'msw.handlersGzip',
      },
      {
        figure: 'a request through MSW in Node / to the mock server',
        value: medianRatio(us.msw, us.server),
        limit: 'the same request to startMock()',
        budget: 'msw.requestRatio',
      },
      {
        figure: 'a request through the handlers / through a fixed MSW handler',
        value: medianRatio(own.msw, own.fixed),
        limit: 'MSW answering the same bytes',
        budget: 'msw.engineRatio',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await mock.close();
}
