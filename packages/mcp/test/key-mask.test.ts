// The key in every place a service may quote it (the shared table, @hostapi/testing/key-spellings),
// in every answer the server turns into a tool result: a failure message, an error page, a
// network failure, a success whose text or record quotes it, and a service echoing the request
// (its URL or form, which carry the key). No message the server sends (result text, structured
// content, tool error) carries it, for a long key and a short one; nor does the start line.
import { operationsOf, responseExamples } from '@hostapi/spec/document';
import { carriesKey, keyPlaces, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLine } from '../src/options.js';
import { connect, doc, EXAMPLES, type Peer, textOf } from './support/peer.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const success = (operationId: string) =>
  responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === operationId)!.op, '200').success;

/** What was sent: the URL, and a POST's form. */
interface Sent {
  url: string;
  body: string;
}

/** Each answer that carries `text` (or echoes the request), and the tools it is tried on. */
const ANSWERS: Record<string, { tools: string[]; answer: (text: string, sent: Sent) => Response | Error }> = {
  'a failure message': {
    tools: ['servers_list', 'domains_cancel'],
    answer: (text) => json({ status: false, msg: `Invalid API key ${text}` }),
  },
  'an error page': { tools: ['servers_list', 'domains_cancel'], answer: (text) => new Response(text, { status: 502 }) },
  'a network failure': {
    tools: ['servers_list', 'domains_cancel'],
    answer: (text) => new TypeError('fetch failed', { cause: new Error(`connect failed: ${text}`) }),
  },
  "a success's message (a tool without an output schema)": {
    tools: ['dns_updateSoa'],
    answer: (text) => json({ ...success('updateSoa'), msg: `SOA updated: ${text}` }),
  },
  "a success's record": {
    tools: ['sshKeys_get'],
    answer: (text) => json({ ...success('getSshKey'), return: { ...success('getSshKey').return, label: text } }),
  },
  'a success echoing the request': {
    tools: ['sshKeys_get', 'dns_updateSoa'],
    answer: (_text, { url, body }) => {
      if (body) return json({ ...success('updateSoa'), msg: `Updated: ${body}`, [body]: url });
      const ok = success('getSshKey');
      return json({ ...ok, return: { ...ok.return, label: `GET ${url}`, content: decodeURI(url) } });
    },
  },
};

describe.each([
  ['a long key', SECRET],
  ['a short key', SHORT],
])('%s', (_, key) => {
  let peer: Peer;
  let answer: (sent: Sent) => Response | Error;
  beforeAll(async () => {
    peer = await connect({
      apiKey: key,
      fetch: async (input, init) => {
        const given = answer({ url: String(input), body: String(init?.body ?? '') });
        if (given instanceof Error) throw given;
        return given;
      },
      limits: { timeoutMs: 5_000, retries: { max: 0, baseDelayMs: 0, maxDelayMs: 0 } },
    });
  });
  afterAll(() => peer?.close());

  it.each(Object.keys(ANSWERS))('in %s: in no result or tool error', async (name) => {
    const { tools, answer: make } = ANSWERS[name]!;
    for (const tool of tools) {
      const { args } = EXAMPLES.find((e) => e.name === tool)!;
      for (const { place, text } of keyPlaces(key)) {
        answer = (sent) => make(text, sent);
        peer.sent.length = 0;
        // The SDK's client has checked a result against the tool's output schema.
        const result = await peer.client.callTool({ name: tool, arguments: args });
        expect(
          peer.sent.filter((message) => carriesKey(message, key)),
          `${tool}, ${place}`,
        ).toEqual([]);
        expect(carriesKey(JSON.stringify(result), key)).toBe(false);
        if (name.startsWith('a success'))
          expect(result.isError, `${tool}, ${place}: ${textOf(result as never)}`).toBeFalsy();
      }
    }
  });

  it('in the start line', () => {
    for (const { place, text } of keyPlaces(key)) {
      const line = startLine('1.0.0', 22, `http://127.0.0.1:4010/?${text}`, 'stdio', key);
      expect(carriesKey(line, key), `${place}: ${line}`).toBe(false);
    }
  });
});

it('the key masked in a success is still a result: text and structured content agree', async () => {
  const ok = success('getSshKey');
  const peer = await connect({
    apiKey: SECRET,
    fetch: async () => json({ ...ok, return: { ...ok.return, label: `deploy key ${SECRET}` } }),
  });
  try {
    const result = await peer.client.callTool({ name: 'sshKeys_get', arguments: { client_id: 293, key_id: 1 } });
    const expected = { ...ok.return, label: 'deploy key [redacted]' };
    expect(result.structuredContent).toEqual({ result: expected });
    expect(JSON.parse(textOf(result as never))).toEqual(expected);
  } finally {
    await peer.close();
  }
});
