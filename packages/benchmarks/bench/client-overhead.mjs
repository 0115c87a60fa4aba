// Client overhead: @hostapi/client against what a user would write instead, a raw fetch() with the
// same per-call timeout (`signal: AbortSignal.timeout(ms)`), building the same URL or form body by
// hand from the same input; both talking to a plain node:http server in another process.
// Sequential calls on one keep-alive connection, alternating the sides (A B C D, D C B A, ...) so
// that all see the same machine; the figure is the ratio of medians. For scale, apart: the timeout
// as the client sets it (an AbortController and a timer), no timeout, and the client's User-Agent.
import { createHostApiClient, OPERATIONS, VERSION } from '@hostapi/client';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { encodeFields } from '@hostapi/spec/wire';
import { startFixedServer } from '../lib/fixed-server.mjs';
import { report } from '../lib/report.mjs';
import { alternate, median } from '../lib/stats.mjs';

const CALLS = 5_000;
const WARM_UP = 500;
const KEY = 'bench-key-2f6c1e';
/** The client's default timeout, given to the raw calls too. */
const TIMEOUT_MS = 30_000;

const doc = readBundle();
const success = (id) =>
  JSON.stringify(responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id).op, '200').success);

const e = encodeURIComponent;
// What a careful hand-written call sends, built from its input: brackets literal, apikey first.
const GET = {
  id: 'listServers',
  input: { client_id: 293, filters: { state: 'On', location: 'AKL1', sort_by: 'name', page_size: 50 } },
  query: ({ client_id, filters: f }) =>
    `apikey=${e(KEY)}&client_id=${client_id}&filters[state]=${e(f.state)}&filters[location]=${e(f.location)}` +
    `&filters[sort_by]=${e(f.sort_by)}&filters[page_size]=${f.page_size}`,
};
const POST = {
  id: 'updateDomainContact',
  input: {
    client_id: 293,
    contact_id: 3310,
    params: { City: 'Auckland', Phone: { Country: '64', Area: '9', Local: '3095550' } },
  },
  body: ({ client_id, contact_id, params: { City, Phone } }) =>
    `apikey=${e(KEY)}&client_id=${client_id}&contact_id=${contact_id}&params[City]=${e(City)}` +
    `&params[Phone][Country]=${e(Phone.Country)}&params[Phone][Area]=${e(Phone.Area)}` +
    `&params[Phone][Local]=${e(Phone.Local)}`,
};
// Both sides must send the same bytes, or the comparison means nothing.
for (const [call, text] of [
  [GET, GET.query(GET.input)],
  [POST, POST.body(POST.input)],
]) {
  const sent = encodeFields({ apikey: KEY, ...call.input }, OPERATIONS[call.id].form);
  if (sent !== text) throw new Error(`${call.id}: the hand-built request differs from the client's:\n${text}\n${sent}`);
}

const server = await startFixedServer({
  [OPERATIONS[GET.id].path]: success(GET.id),
  [OPERATIONS[POST.id].path]: success(POST.id),
});
const api = createHostApiClient({ apiKey: KEY, baseUrl: server.url, timeoutMs: TIMEOUT_MS });

/** A hand-rolled call: fetch, parse, check the envelope. */
async function raw(url, init) {
  const response = await fetch(url, init);
  const envelope = await response.json();
  if (!response.ok || envelope.status !== true) throw new Error(`failed: ${envelope.msg}`);
  return envelope.return;
}
/** The same with the client's timeout, as a user writes it. */
const rawWithTimeout = (url, init) => raw(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
/** The same with the timeout as the client sets it: an AbortController and a timer. */
async function rawWithTimer(url, init) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await raw(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}
const getUrl = () => `${server.url}${OPERATIONS[GET.id].path}?${GET.query(GET.input)}`;
const postUrl = `${server.url}${OPERATIONS[POST.id].path}`;
const postInit = () => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: POST.body(POST.input),
});
const sides = {
  get: { timeout: () => rawWithTimeout(getUrl()), client: () => api.servers.list(GET.input) },
  post: { timeout: () => rawWithTimeout(postUrl, postInit()), client: () => api.domains.updateContact(POST.input) },
};
// For scale, measured apart so that the figures above are two sides alternating: what the
// timeout costs a raw fetch.
const bare = { get: () => raw(getUrl()), post: () => raw(postUrl, postInit()) };
const timer = { get: () => rawWithTimer(getUrl()), post: () => rawWithTimer(postUrl, postInit()) };
// And what the one header the client adds (its User-Agent, as other SDKs send) costs a raw fetch.
const userAgent = { 'User-Agent': `hostapi-client/${VERSION} node/${process.versions.node}` };
const withAgent = {
  get: () => rawWithTimeout(getUrl(), { headers: userAgent }),
  post: () => rawWithTimeout(postUrl, { ...postInit(), headers: { ...postInit().headers, ...userAgent } }),
};

/** Microseconds taken by one call. */
const timed = (call) => async () => {
  const started = performance.now();
  await call();
  return (performance.now() - started) * 1000;
};
const timedSides = (calls) => Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, timed(call)]));
const ratio = (us, side, to = 'timeout') => median(us[side]) / median(us[to]);

try {
  // Same answers from every side: a client that skipped work would be measured as fast.
  for (const method of ['get', 'post']) {
    const calls = [...Object.values(sides[method]), bare[method]];
    const answers = await Promise.all(calls.map(async (call) => JSON.stringify(await call())));
    if (new Set(answers).size !== 1) throw new Error(`the sides return different records: ${answers.join('\n')}`);
  }
  const get = timedSides(sides.get);
  const post = timedSides(sides.post);
  // Warm-up: JIT and the keep-alive connection.
  await alternate(WARM_UP, get);
  await alternate(WARM_UP, post);
  const getUs = await alternate(CALLS, get);
  const postUs = await alternate(CALLS, post);
  const scaleGet = await alternate(CALLS / 5, timedSides({ timeout: sides.get.timeout, bare: bare.get }));
  const scalePost = await alternate(CALLS / 5, timedSides({ timeout: sides.post.timeout, bare: bare.post }));
  const timerGet = await alternate(CALLS / 5, timedSides({ timeout: sides.get.timeout, timer: timer.get }));
  const timerPost = await alternate(CALLS / 5, timedSides({ timeout: sides.post.timeout, timer: timer.post }));
  const agentGet = await alternate(CALLS / 5, timedSides({ timeout: sides.get.timeout, agent: withAgent.get }));
  const agentPost = await alternate(CALLS / 5, timedSides({ timeout: sides.post.timeout, agent: withAgent.post }));
  const us = (values) => `${median(values).toFixed(0)} µs`;
  const ok = report(
    'Client overhead: @hostapi/client vs raw fetch() with the same timeout',
    [
      `${CALLS.toLocaleString('en-US')} calls per side per method, alternating (after ${WARM_UP} each to warm up);` +
        ' a plain node:http server in another process.',
      `Median per call: GET raw ${us(getUs.timeout)}, client ${us(getUs.client)};` +
        ` POST raw ${us(postUs.timeout)}, client ${us(postUs.client)}.`,
      `For scale, against raw fetch with AbortSignal.timeout (${CALLS / 5} calls each, apart): without a timeout` +
        ` ${ratio(scaleGet, 'bare').toFixed(2)}× (GET) and ${ratio(scalePost, 'bare').toFixed(2)}× (POST);` +
        ` with an AbortController and a timer, as the client, ${ratio(timerGet, 'timer').toFixed(2)}× and` +
        ` ${ratio(timerPost, 'timer').toFixed(2)}×;` +
        ` sending the client's User-Agent too, ${ratio(agentGet, 'agent').toFixed(2)}× and` +
        ` ${ratio(agentPost, 'agent').toFixed(2)}×.`,
    ],
    [
      {
        figure: `GET ${GET.id} (query, filters)`,
        value: ratio(getUs, 'client'),
        limit: `raw fetch, AbortSignal.timeout(${TIMEOUT_MS}), ${us(getUs.timeout)}/call`,
        budget: 'client.getRatio',
      },
      {
        figure: `POST ${POST.id} (form)`,
        value: ratio(postUs, 'client'),
        limit: `raw fetch, AbortSignal.timeout(${TIMEOUT_MS}), ${us(postUs.timeout)}/call`,
        budget: 'client.postRatio',
      },
    ],
  );
  process.exitCode = ok ? 0 : 3;
} finally {
  await server.close();
}
