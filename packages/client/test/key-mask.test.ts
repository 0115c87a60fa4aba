// The key in every place a service may quote it (the shared table, @hostapi/testing/key-spellings),
// in every part of an answer the client shows: the failure message, the body, a problem body,
// the headers, a network failure's reason. No error (message, stack, fields, JSON, util.inspect)
// and no hook event carries it; both clients, a long key and a short one.
import { carriesKey, keyPlaces, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHostApiClient, RedirectError } from '../src/index.js';
import { readEnvelope } from '../src/paths.js';
import { ANSWERS, CALLS, FAILURES, json, leaksOf, leaksOfCall } from './support/leaks.js';

describe.each([
  ['a long key', SECRET],
  ['a short key', SHORT],
])('%s', (_, key) => {
  const places = keyPlaces(key);
  const parts = { ...ANSWERS, ...FAILURES };
  describe.each(Object.keys(CALLS))('%s', (callName) => {
    it.each(Object.keys(parts))('in %s: in no error or hook event', async (part) => {
      const make = parts[part]!;
      for (const { place, text } of places) {
        expect(carriesKey(text, key), place).toBe(true);
        const leaks = await leaksOfCall(CALLS[callName]!, key, () => make(text));
        expect(leaks, `${part}, ${place}`).toEqual([]);
      }
    });
  });
});

describe('any text around the key, in any part of any answer (property)', () => {
  const SEED = Number(process.env.HOSTAPI_FC_SEED) || Date.now() % 2 ** 31;
  /** A key: the table's two, or any text long enough to be masked wherever it appears. */
  const keys = fc.oneof(
    fc.constantFrom(SECRET, SHORT),
    fc.string({ unit: 'grapheme', minLength: 6, maxLength: 24 }).filter((key) => key.trim() === key),
  );
  const parts = { ...ANSWERS, ...FAILURES };

  it('the key is in no error or hook event', async () => {
    const runs = 400;
    console.log(`key mask (client, any text): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(
        keys.chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...keyPlaces(key)))),
        fc.string(),
        fc.string(),
        fc.constantFrom(...Object.keys(parts)),
        fc.constantFrom(...Object.keys(CALLS)),
        async ([key, { text }], before, after, part, call) => {
          // Apart from the text around it: a name glued to it (`xapikey=`) is another field.
          const said = `${before} ${text} ${after}`;
          const leaks = await leaksOfCall(CALLS[call]!, key, () => parts[part]!(said));
          expect(leaks).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: runs },
    );
  });
});

describe('the answer the client shows of a call', () => {
  it("a redirect's origin, when it carries the key", async () => {
    const key = 'secret-host-key';
    const error = await createHostApiClient({
      apiKey: key,
      baseUrl: 'http://127.0.0.1:9',
      fetch: async () => new Response('', { status: 302, headers: { location: `http://${key}.example/x` } }),
    })
      .servers.list({ client_id: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).targetOrigin).toBe('http://[redacted].example');
    expect(leaksOf(error, key)).toEqual([]);
  });

  it('readEnvelope (@hostapi/client/paths) masks the key it is given in what it throws', () => {
    const said = JSON.stringify({ status: false, msg: `Invalid API key ${SECRET}.` });
    expect(() => readEnvelope('getDomain', 200, said, SECRET)).toThrow(
      expect.objectContaining({ name: 'ApiError', serviceMessage: 'Invalid API key [redacted].' }),
    );
    const page = `<p>apikey=${SHORT}</p>`;
    const error = (() => {
      try {
        return readEnvelope('getDomain', 502, page, SHORT);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toMatchObject({ name: 'HttpError', bodyExcerpt: '<p>apikey=[redacted]</p>' });
    expect(leaksOf(error, SHORT)).toEqual([]);
  });

  it("the service's message, masked, is still the service's message", async () => {
    const error = await createHostApiClient({
      apiKey: SECRET,
      fetch: async () => json({ status: false, msg: `Invalid API key ${SECRET}.` }),
    })
      .servers.list({ client_id: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ApiError',
      serviceMessage: 'Invalid API key [redacted].',
      message: 'listServers: Invalid API key [redacted].',
    });
  });

  it("a body excerpt: JSON with \\/ (PHP's json_encode) and lowercase %2b spellings", async () => {
    const key = 'sk+live/abc';
    const bodies = [
      JSON.stringify({ url: `/1.3/a.json?apikey=${encodeURIComponent(key)}` }).replace(/\//g, '\\/'),
      `failed: ${encodeURIComponent(key).toLowerCase()}`,
      `failed: ${JSON.stringify(key).slice(1, -1).replace(/\//g, '\\/')}`,
    ];
    for (const body of bodies) {
      const error = await createHostApiClient({ apiKey: key, fetch: async () => new Response(body, { status: 502 }) })
        .servers.list({ client_id: 1 }, { retries: 0 })
        .catch((e: unknown) => e);
      expect(error, body).toMatchObject({ name: 'HttpError' });
      expect(leaksOf(error, key), body).toEqual([]);
    }
  });
});
