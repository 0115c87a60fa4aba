// The one key mask (lib/wire/mask.ts), held to the shared table of key spellings and places
// (@hostapi/testing/key-spellings) that every face's own test also runs.
import { carriesKey, keyPlaces, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isKeyName,
  KEY_NAME,
  MAX_JSON_DEPTH,
  MIN_SECRET_LENGTH,
  maskKey,
  maskKeyIn,
  REDACTED,
  TOO_DEEP,
} from '../lib/wire.ts';

describe('the key mask', () => {
  for (const key of [SECRET, SHORT]) {
    for (const { place, text } of keyPlaces(key)) {
      it(`masks a ${key.length < MIN_SECRET_LENGTH ? 'short' : 'long'} key: ${place}`, () => {
        expect(carriesKey(text, key), 'the table carries it').toBe(true);
        const masked = maskKey(text, [key]);
        expect(carriesKey(masked, key), masked).toBe(false);
        expect(masked).toContain(REDACTED);
      });
    }
  }

  it('reads a name as the key as the mock does: its decoded first segment, in any case', () => {
    for (const name of ['apikey', 'APIKEY', 'apiKey[x]', 'apikey[]']) expect(isKeyName(name), name).toBe(true);
    for (const name of ['api_key', 'x[apikey]', 'apikeys', 'key']) expect(isKeyName(name), name).toBe(false);
  });

  it('leaves a short key where it is not named, and text without a key as it was', () => {
    expect(maskKey('https://api.hostapi.example/1.3/a.json', ['x'])).toBe('https://api.hostapi.example/1.3/a.json');
    expect(maskKey('label=laptop&name=apikeys&key=1')).toBe('label=laptop&name=apikeys&key=1');
    expect(maskKey('{"apikeys":"a","key":"b"}')).toBe('{"apikeys":"a","key":"b"}');
  });

  it('masks a field named as the key inside a JSON string, as the text the string stands for', () => {
    for (const key of [SECRET, SHORT]) {
      for (const { place, text } of keyPlaces(key)) {
        const quoted = JSON.stringify({ msg: `echo: ${text}` });
        const masked = maskKey(quoted, [key]);
        expect(carriesKey(masked, key), `${place}: ${masked}`).toBe(false);
        expect(() => JSON.parse(masked), masked).not.toThrow();
        // Quoted twice, as a message that quotes a JSON answer.
        expect(carriesKey(maskKey(JSON.stringify({ msg: quoted }), [key]), key), place).toBe(false);
      }
    }
    const untouched = JSON.stringify({ msg: 'line\none "quoted" \\ C:\\path', n: 1 });
    expect(maskKey(untouched)).toBe(untouched);
  });

  it('masks a key named where text quotes a pair inside another, or after a path or a property', () => {
    // As the proxy's log quotes an upstream's answer: its media type, or a map keyed by what it echoed.
    for (const text of [
      'text/plain; echo=apikey=Kq7&client_id=293',
      'property return.apikey=Kq7&client_id=293 must be object',
      'at a.json:apikey=Kq7',
      'GET h/apikey=Kq7',
    ]) {
      const masked = maskKey(text);
      expect(carriesKey(masked, SHORT), masked).toBe(false);
      expect(masked).toContain(`apikey=${REDACTED}`);
    }
    expect(maskKey('xapikey=1&apikeys=2&x[apikey]=3&a=b=c')).toBe('xapikey=1&apikeys=2&x[apikey]=3&a=b=c');
  });

  it('masks a structured value: key-named properties, and the key in any string or name', () => {
    const value = { apikey: 'Kq7', nested: [{ url: `?apikey=${encodeURIComponent(SECRET)}` }], [SECRET]: 1, n: 2 };
    const masked = maskKeyIn(value, [SECRET]);
    expect(masked).toEqual({ apikey: REDACTED, nested: [{ url: `?apikey=${REDACTED}` }], [REDACTED]: 1, n: 2 });
    expect(carriesKey(JSON.stringify(masked), SECRET)).toBe(false);
    expect(maskKeyIn(JSON.parse('{"__proto__":{"apikey":"k"}}'))).toEqual(
      JSON.parse(`{"__proto__":{"apikey":"${REDACTED}"}}`),
    );
  });

  it('walks a value as deep as JSON.parse takes without running out of stack, to MAX_JSON_DEPTH levels', () => {
    // A server may nest 100,000 levels: what lies below the limit is named, never shown unmasked.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const masked = maskKeyIn(JSON.parse(`[{"apikey":"k","s":${JSON.stringify(SECRET)},"a":${deep}}]`), [SECRET]);
    expect(masked[0]).toMatchObject({ apikey: REDACTED, s: REDACTED });
    let level = masked[0].a; // at depth 2
    for (let depth = 2; depth < MAX_JSON_DEPTH - 1; depth++) level = level[0];
    expect(level).toEqual([TOO_DEEP]);
    const deepest = `${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(JSON.stringify(maskKeyIn(JSON.parse(deepest)))).toBe(deepest);
  });

  it('masks any key of printable characters in any text around it', () => {
    const key = fc.string({ unit: 'grapheme', minLength: MIN_SECRET_LENGTH, maxLength: 40 });
    fc.assert(
      fc.property(key, fc.string(), fc.string(), fc.constantFrom(...keyPlaces(SECRET)), (k, before, after, place) => {
        const text = `${before}${place.text.split(SECRET).join(k)}${after}`;
        if (!text.includes(k) && !place.text.includes(encodeURIComponent(SECRET))) return;
        expect(carriesKey(maskKey(text, [k]), k)).toBe(false);
      }),
    );
  });
});

describe('the key name', () => {
  it('is the one the description names', async () => {
    const { readBundle } = await import('../lib/document.ts');
    expect(readBundle().components.securitySchemes.apiKey.name).toBe(KEY_NAME);
  });
});
