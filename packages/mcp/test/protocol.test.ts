// Issue 36: the server as a protocol peer of the SDK's own client. A cancelled call stops its
// request (and its retries); a call against a service that never answers ends as a tool error
// before the host's 60 s request timeout (on an injected clock); a service departing from the
// description is a tool error naming each departure, never a result the SDK's client rejects.
import { operationsOf, responseExamples } from '@hostapi/spec/document';
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_LIMITS, longestCallMs } from '../src/server.js';
import { connect, doc, EXAMPLES, textOf } from './support/peer.js';

const KEY = 'hk_live_protocol_5e2a';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const success = (operationId: string) =>
  responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === operationId)!.op, '200').success;
const argsOf = (tool: string) => EXAMPLES.find((e) => e.name === tool)!.args;

/** A service that never answers: each request ends only when its signal fires. Records each request's signal. */
function silent() {
  const signals: AbortSignal[] = [];
  let reached: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const fetch: typeof globalThis.fetch = (_input, init) => {
    signals.push(init!.signal!);
    reached();
    return new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
  };
  return { signals, fetch, first };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cancellation (notifications/cancelled)', () => {
  it.each(['servers_list', 'domains_cancel'])('%s: stops the request, and retries nothing', async (tool) => {
    const service = silent();
    const peer = await connect({ apiKey: KEY, fetch: service.fetch });
    try {
      const host = new AbortController();
      const called = peer.client.callTool({ name: tool, arguments: argsOf(tool) }, undefined, { signal: host.signal });
      await service.first;
      host.abort('the user stopped it');
      await expect(called).rejects.toThrow();
      // The server's own call settles once the client has given up: nothing left running.
      const result = await peer.calls[0]!;
      expect(service.signals).toHaveLength(1);
      expect(service.signals[0]!.aborted).toBe(true);
      expect(result).toMatchObject({ isError: true });
      expect(textOf(result)).toContain('aborted by the caller');
    } finally {
      await peer.close();
    }
  });
});

describe("the server's own timeout and retries", () => {
  it("end a call well before the host's request timeout", () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MSEC).toBe(60_000);
    expect(longestCallMs(CALL_LIMITS)).toBe(49_000);
    expect(longestCallMs(CALL_LIMITS)).toBeLessThan(DEFAULT_REQUEST_TIMEOUT_MSEC - 10_000);
  });

  it.each([
    ['servers_list', 3],
    ['domains_cancel', 1],
  ])('%s against a service that never answers: a tool error before 60 s (injected clock)', async (tool, attempts) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const service = silent();
    const peer = await connect({ apiKey: KEY, fetch: service.fetch });
    try {
      // The host's own request timeout (the SDK's 60 s) runs on the same clock.
      const settled: { result?: unknown; error?: unknown } = {};
      peer.client.callTool({ name: tool, arguments: argsOf(tool) }).then(
        (result) => Object.assign(settled, { result }),
        (error) => Object.assign(settled, { error }),
      );
      await vi.advanceTimersByTimeAsync(longestCallMs(CALL_LIMITS));
      expect(settled.error).toBeUndefined();
      expect(settled.result).toMatchObject({ isError: true });
      const text = textOf(settled.result as never);
      expect(text).toContain('no response within 15000 ms');
      // A write that timed out may have been done: the agent is told so.
      if (attempts === 1) expect(text).toContain('may have carried out this write');
      expect(service.signals).toHaveLength(attempts);
    } finally {
      await peer.close();
    }
  });
});

describe('output schemas', () => {
  const page = success('listServers');

  it.each([
    ['a count written as a string', { ...page.return, total_items: '1' }, 'result.total_items: must be integer'],
    ['a missing field', (({ data: _, ...rest }) => rest)(page.return), 'result.data: is required'],
    [
      'a record of the wrong shape',
      { ...page.return, data: [{ ...page.return.data[0], server_id: 7 }] },
      'result.data.0.server_id: must be string',
    ],
  ])('a service answering %s: a tool error naming it, with the answer as text', async (_, answer, named) => {
    const peer = await connect({ apiKey: KEY, fetch: async () => json({ ...page, return: answer }) });
    try {
      // The SDK's client would reject a result whose structured content breaks the schema.
      const result = await peer.client.callTool({ name: 'servers_list', arguments: argsOf('servers_list') });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const [departures, text] = (result.content as { text: string }[]).map((c) => c.text);
      expect(departures).toMatch(/^servers_list: the service's answer departs from the description: /);
      expect(departures).toContain(named);
      expect(JSON.parse(text!)).toEqual(answer);
    } finally {
      await peer.close();
    }
  });

  it('names ten departures and counts the rest', async () => {
    const records = Array.from({ length: 25 }, (_, i) => ({ ...page.return.data[0], server_id: i }));
    const peer = await connect({
      apiKey: KEY,
      fetch: async () => json({ ...page, return: { ...page.return, data: records } }),
    });
    try {
      const result = await peer.client.callTool({ name: 'servers_list', arguments: argsOf('servers_list') });
      expect(textOf(result as never)).toContain('result.data.9.server_id: must be string; and 15 more');
    } finally {
      await peer.close();
    }
  });
});
