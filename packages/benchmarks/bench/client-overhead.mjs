// Client overhead: @hostapi/client against raw fetch() calls that build the same URL or form body
// by hand, both talking to a plain node:http server in another process. Sequential calls on one
// keep-alive connection, alternating a raw call, a raw call with a timeout signal and a client
// call (A B C, C B A, ...) so that all see the same machine; the figure is the ratio of medians.
import { createHostApiClient, encodePairs, OPERATIONS, toPairs } from '@hostapi/client';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { startFixedServer } from '../lib/fixed-server.mjs';
import { report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const CALLS = 5_000;
const WARM_UP = 500;
const KEY = 'bench-key-2f6c1e';

const doc = readBundle();
const success = (id) =>
  JSON.stringify(responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id).op, '200').success);

const GET = {
  id: 'listServers',
  input: { client_id: 293, filters: { state: 'On', location: 'AKL1', sort_by: 'name', page_size: 50 } },
  // What a careful hand-written call sends: brackets literal, apikey first.
  query: `apikey=${KEY}&client_id=293&filters[state]=On&filters[location]=AKL1&filters[sort_by]=name&filters[page_size]=50`,
};
const POST = {
  id: 'updateDomainContact',
  input: {
    client_id: 293,
    contact_id: 3310,
    params: { City: 'Auckland', Phone: { Country: '64', Area: '9', Local: '3095550' } },
  },
  body: `apikey=${KEY}&client_id=293&contact_id=3310&params[City]=Auckland&params[Phone][Country]=64&params[Phone][Area]=9&params[Phone][Local]=3095550`,
};
// Both sides must send the same bytes, or the comparison means nothing.
for (const [call, text] of [
  [GET, GET.query],
  [POST, POST.body],
]) {
  const sent = encodePairs(toPairs({ apikey: KEY, ...call.input }, OPERATIONS[call.id].form));
  if (sent !== text) throw new Error(`${call.id}: the hand-built request differs from the client's:\n${text}\n${sent}`);
}

const server = await startFixedServer({
  [OPERATIONS[GET.id].path]: success(GET.id),
  [OPERATIONS[POST.id].path]: success(POST.id),
});
const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url });

/** A hand-rolled call: fetch, parse, check the envelope. */
async function raw(url, init) {
  const response = await fetch(url, init);
  const envelope = await response.json();
  if (!response.ok || envelope.status !== true) throw new Error(`failed: ${envelope.msg}`);
  return envelope.return;
}
/** The same, with a per-call timeout as careful code (and the client) has: an AbortController. */
async function rawWithTimeout(url, init) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await raw(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
const getUrl = `${server.url}${OPERATIONS[GET.id].path}?${GET.query}`;
const postUrl = `${server.url}${OPERATIONS[POST.id].path}`;
const postInit = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: POST.body };
const sides = {
  rawGet: () => raw(getUrl),
  timeoutGet: () => rawWithTimeout(getUrl),
  clientGet: () => api.servers.list(GET.input),
  rawPost: () => raw(postUrl, postInit),
  timeoutPost: () => rawWithTimeout(postUrl, postInit),
  clientPost: () => api.domains.updateContact(POST.input),
};

/** Microseconds taken by one call. */
const timed = (call) => async () => {
  const started = performance.now();
  await call();
  return (performance.now() - started) * 1000;
};
const ratio = (sides, side = 'client') => median(sides[side]) / median(sides.raw);

try {
  // Same answers from both: a client that skipped work would be measured as fast.
  for (const [a, b] of [
    ['rawGet', 'clientGet'],
    ['rawGet', 'timeoutGet'],
    ['rawPost', 'clientPost'],
    ['rawPost', 'timeoutPost'],
  ]) {
    if (JSON.stringify(await sides[a]()) !== JSON.stringify(await sides[b]()))
      throw new Error(`${a} and ${b} return different records`);
  }
  const get = { raw: timed(sides.rawGet), timeout: timed(sides.timeoutGet), client: timed(sides.clientGet) };
  const post = { raw: timed(sides.rawPost), timeout: timed(sides.timeoutPost), client: timed(sides.clientPost) };
  // Warm-up: JIT and the keep-alive connection.
  await alternate(WARM_UP, get);
  await alternate(WARM_UP, post);
  const getUs = await alternate(CALLS, get);
  const postUs = await alternate(CALLS, post);
  const us = (values) => `${median(values).toFixed(0)} µs`;
  const ok = report(
    'Client overhead: @hostapi/client vs raw fetch()',
    [
      `${CALLS.toLocaleString('en-US')} calls per side per method, alternating (after ${WARM_UP} each to warm up); a plain node:http server in another process.`,
      `Median per call: GET raw ${us(getUs.raw)}, client ${us(getUs.client)}; POST raw ${us(postUs.raw)}, client ${us(postUs.client)}.`,
      `For scale: raw fetch given an AbortController timeout is ${ratio(getUs, 'timeout').toFixed(2)}× (GET) and ${ratio(postUs, 'timeout').toFixed(2)}× (POST) of raw fetch;`,
      `the client, which times out without giving Node's fetch a signal (its own 30 s default), is ${(median(getUs.client) / median(getUs.timeout)).toFixed(2)}× and ${(median(postUs.client) / median(postUs.timeout)).toFixed(2)}× of that.`,
    ],
    [
      {
        figure: `GET ${GET.id} (query, filters)`,
        value: ratio(getUs),
        limit: `raw fetch, ${us(getUs.raw)}/call`,
        budget: 'client.getRatio',
      },
      {
        figure: `POST ${POST.id} (form)`,
        value: ratio(postUs),
        limit: `raw fetch, ${us(postUs.raw)}/call`,
        budget: 'client.postRatio',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await server.close();
}
