// The shared table of key spellings and places (@hostapi/testing/key-spellings), run through the
// mock's log and the proxy's: for each place, requests that carry the key there, as a client or a
// hostile caller sends them, and an upstream that echoes what it receives into what the proxy
// logs of its answers. Nothing logged may carry the key, by any name or in any encoding.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carriesKey, type KeyPlace, keyPlaces, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import { REDACTED } from '@hostapi/spec/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.ts';

interface Call {
  path: string;
  init?: RequestInit;
}

const GET = '/1.3/server/list_servers.json';
const POST = '/1.0/srs/cancel_domain.json';
const form = (body: string, type = 'application/x-www-form-urlencoded'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

/** Requests that carry a place's text where the log shows what a request sent. */
function callsCarrying({ place, text }: KeyPlace, key: string): Call[] {
  if (place.startsWith('query'))
    // In the query of a GET and of a POST (as the Go SDK sends it), and as a URL-encoded body.
    return [
      { path: `${GET}?${text}` },
      { path: `${POST}?${text}`, init: form('client_id=293') },
      { path: POST, init: form(text) },
    ];
  if (place.startsWith('URL in prose')) return [{ path: (/\/1\.3\/\S+/.exec(text) as RegExpExecArray)[0] }];
  if (place.startsWith('multipart')) return [{ path: POST, init: form(text, 'multipart/form-data; boundary=b') }];
  if (place.startsWith('URL in JSON') || place.startsWith('JSON'))
    return [{ path: POST, init: form(text, 'application/json') }];
  // A bare value: in a JSON body, the request's key in its query (the mock masks the keys a request carries).
  const carried = `${POST}?apikey=${encodeURIComponent(key)}`;
  return [{ path: carried, init: form(JSON.stringify({ note: text }), 'application/json') }];
}

/** An upstream that echoes each request's query and body into the parts of its answer the proxy's log quotes. */
function echoingUpstream(): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const query = req.url?.split('?')[1] ?? '';
      // A map of addresses keyed by the echo (each entry of the wrong type), and a media type that quotes it.
      const echoed = { status: true, msg: body, return: { [query]: 1, [body]: 1 } };
      const type = /^[\x20-\x7e]*$/.test(query) ? `text/plain; echo=${query}` : 'text/plain';
      const json = req.url?.includes('list_ips') || !query;
      res.writeHead(200, { 'content-type': json ? 'application/json' : type });
      res.end(JSON.stringify(echoed));
    });
  });
}

let upstream: Server;
const lines: string[] = [];
const log = (line: string) => lines.push(line);
let mock: RunningMock;
let proxy: RunningMock;
const dir = mkdtempSync(join(tmpdir(), 'hostapi-key-places-'));
const recording = join(dir, 'traffic.yaml');

beforeAll(async () => {
  upstream = echoingUpstream();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  mock = await startMock({ verbose: true, log });
  proxy = await startMock({
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    record: recording,
    log,
  });
});

afterAll(async () => {
  await Promise.all([mock?.close(), proxy?.close()]);
  upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each([
  ['the mock with verbose', () => mock, [] as string[]],
  // Through the proxy, also to list_ips, whose answers are a map keyed by what the upstream echoes.
  ['the proxy', () => proxy, ['/1.5/dns/list_ips.json']],
])('%s', (_name, running, also) => {
  const url = () => running().url;
  for (const key of [SECRET, SHORT]) {
    it(`never logs a ${key === SHORT ? 'short' : 'long'} key, in any place of the table`, async () => {
      const places = keyPlaces(key);
      expect(places.length).toBeGreaterThan(key === SHORT ? 50 : 60);
      for (const place of places) {
        const calls = callsCarrying(place, key);
        for (const path of also)
          calls.push(...calls.map((call) => ({ ...call, path: call.path.replace(/^\/[^?]*/, path) })));
        // Each place's own: the log, the journal and the recording start empty (the scans stay linear).
        lines.length = 0;
        await running().journal.clear();
        const recorded = readFileSync(recording, 'utf8').length;
        for (const { path, init } of calls) await (await fetch(`${url()}${path}`, init)).text();
        const logged = lines.join('\n');
        // It logged each request (the scan below is not of an empty log), the key masked where it was.
        expect(logged.match(/ → \d{3} \(/g)?.length, `${place.place}:\n${logged}`).toBe(calls.length);
        expect(logged, place.place).toContain(REDACTED);
        expect(carriesKey(logged, key), `${place.place}:\n${logged}`).toBe(false);
        // Nor does the journal, read from code (every key's) or over HTTP (the key's own), nor a recording.
        const journal = JSON.stringify(await running().journal.entries());
        const own = await (await fetch(`${url()}/__mock/journal?apikey=${encodeURIComponent(key)}`)).text();
        expect(journal, place.place).toContain('"operation"');
        for (const shown of [journal, own, readFileSync(recording, 'utf8').slice(recorded)])
          expect(carriesKey(shown, key), `${place.place}:\n${shown}`).toBe(false);
      }
    });
  }
});
