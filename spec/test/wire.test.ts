// The wire module (lib/wire.ts): names, pointers, and values to fields and back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asList,
  decodeComponent,
  encodeFields,
  encodePairs,
  fieldBytes,
  formPairs,
  INDEX_PATTERN,
  KEY_PATTERN,
  mediaTypeOf,
  namePattern,
  nameProblem,
  nest,
  parseUrlEncoded,
  pointer,
  pointerSegments,
  segmentsOf,
  toFormData,
  toPairs,
  topName,
  wireName,
} from '../lib/wire.ts';

describe('name patterns', () => {
  it('match the names a list index or a key of the caller stands for, and no others', () => {
    // `u`: as JSON Schema validators (ajv) compile patternProperties.
    const containers = new RegExp(namePattern(['containers', { pattern: INDEX_PATTERN }]), 'u');
    expect(containers.source).toBe('^containers\\[(0|[1-9][0-9]*)\\]$');
    for (const name of ['containers[0]', 'containers[12]']) expect(containers.test(name), name).toBe(true);
    for (const name of ['containers[01]', 'containers[]', 'containers[a]', 'xcontainers[0]', 'containers[0][x]'])
      expect(containers.test(name), name).toBe(false);
    const disks = new RegExp(namePattern(['upgrade', 'disk', { pattern: KEY_PATTERN }]), 'u');
    for (const name of ['upgrade[disk][xvda1]', 'upgrade[disk][0]', 'upgrade[disk][a b]'])
      expect(disks.test(name), name).toBe(true);
    for (const name of ['upgrade[disk][]', 'upgrade[disk][a][b]', 'upgrade[disk]', 'upgrade[disk][a]b'])
      expect(disks.test(name), name).toBe(false);
  });

  it('take literal segments literally', () => {
    const segment = fc.string({ minLength: 1 }).filter((s) => !/[[\]]/.test(s));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), segment, (segments, other) => {
        const pattern = new RegExp(namePattern(segments), 'u');
        expect(pattern.test(wireName(segments))).toBe(true);
        if (other !== segments.at(-1)) expect(pattern.test(wireName([...segments.slice(0, -1), other]))).toBe(false);
      }),
    );
  });
});

describe('names', () => {
  it('splits and joins bracketed names', () => {
    expect(segmentsOf('params[Phone][Country]')).toEqual(['params', 'Phone', 'Country']);
    expect(segmentsOf('list[]')).toEqual(['list', '']);
    expect(segmentsOf('plain')).toEqual(['plain']);
    expect(wireName(['params', 'databases', '0', 'name'])).toBe('params[databases][0][name]');
    expect(topName('upgrade[disk][xvda1]')).toBe('upgrade');
    // Brackets as far as they close; what lies outside a pair is not a segment.
    expect(segmentsOf('a[b[c]d]e[]')).toEqual(['a', 'b[c', '']);
    expect(segmentsOf('a[b')).toEqual(['a']);
  });

  it('names what is wrong with a name', () => {
    expect(nameProblem('a[b][c]')).toBeUndefined();
    expect(nameProblem('a[]')).toBeUndefined();
    expect(nameProblem('a[b')).toMatch(/balanced/);
    expect(nameProblem('a[][b]')).toMatch(/balanced/);
    expect(nameProblem(`a${'[x]'.repeat(17)}`)).toMatch(/17 levels deep; at most 16/);
  });

  it('reads back every well-formed name it writes', () => {
    const segment = fc.string({ minLength: 1 }).filter((s) => !/[[\]]/.test(s));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 16 }), (segments) => {
        expect(nameProblem(wireName(segments))).toBeUndefined();
        expect(segmentsOf(wireName(segments))).toEqual(segments);
      }),
    );
  });
});

describe('JSON pointers', () => {
  it('escapes ~ and / in segments, and reads them back', () => {
    expect(pointer('paths', '/1.3/a~b.json', 'get')).toBe('#/paths/~11.3~1a~0b.json/get');
    expect(pointerSegments('#/paths/~11.3~1a~0b.json/get')).toEqual(['paths', '/1.3/a~b.json', 'get']);
    fc.assert(
      fc.property(fc.array(fc.string()), (parts) => {
        expect(pointerSegments(pointer(...parts))).toEqual(parts.filter((p) => p !== ''));
      }),
    );
  });
});

describe('values to fields', () => {
  it("writes nested objects as brackets, lists by index or with [], yes/no as 1/0, in the shape's order", () => {
    const shape = { apikey: 0, params: { Phone: { Country: 0, Number: 0 }, services: '[]' } } as const;
    const pairs = toPairs(
      { params: { services: ['a', 'b'], Phone: { Number: '1', Country: 64 } }, apikey: 'k' },
      shape,
    );
    expect(pairs).toEqual([
      ['apikey', 'k'],
      ['params[Phone][Country]', '64'],
      ['params[Phone][Number]', '1'],
      ['params[services][]', 'a'],
      ['params[services][]', 'b'],
    ]);
    expect(encodeFields({ containers: ['web', 'db'], ok: true, skip: undefined })).toBe(
      'containers[0]=web&containers[1]=db&ok=1',
    );
    expect(encodeFields({ 'odd name': 'a&b=c' })).toBe('odd%20name=a%26b%3Dc');
  });

  it('refuses what cannot be sent, naming the field', () => {
    expect(() => toPairs({ a: { when: new Date(0) } })).toThrow('a[when]: cannot send Date');
    expect(() => toPairs({ n: Number.NaN })).toThrow('n: cannot send the number NaN');
  });

  it('builds multipart bodies with the same names in the same order', async () => {
    const form = toFormData({ apikey: 'k', upgrade: { disk: { xvda1: 120 } } });
    expect([...form.entries()]).toEqual([
      ['apikey', 'k'],
      ['upgrade[disk][xvda1]', '120'],
    ]);
  });
});

describe('fields to values', () => {
  it('reads URL-encoded text as URLSearchParams does', () => {
    const text = 'a=1&b=x+y&c=%E2%82%AC&d&&e=%zz&f=%FF&g=%EF%BB%BF%FF&h=%EF%BB%BFx%zz%26';
    expect(parseUrlEncoded(text)).toEqual([...new URLSearchParams(text)]);
    expect(decodeComponent('%5B0%5D')).toBe('[0]');
  });

  it('agrees with URLSearchParams on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(parseUrlEncoded(text)).toEqual([...new URLSearchParams(text)]);
      }),
    );
  });

  it("reads a field's value as the bytes sent, also where they are not UTF-8", () => {
    expect(fieldBytes('apikey=%FE', 'apikey')).toEqual(new Uint8Array([0xfe]));
    expect(fieldBytes('apikey=%FF', 'apikey')).toEqual(new Uint8Array([0xff]));
    expect(parseUrlEncoded('apikey=%FE')).toEqual(parseUrlEncoded('apikey=%FF'));
    expect(fieldBytes('x=1&a%70ikey=a+b%2B%E2%82%AC&apikey=2', 'apikey')).toEqual(new TextEncoder().encode('a b+€'));
    expect(fieldBytes(new TextEncoder().encode('apikey&apikey=1'), 'apikey')).toEqual(new Uint8Array(0));
    expect(fieldBytes('k=%zz%4', 'k')).toEqual(new TextEncoder().encode('%zz%4'));
    expect(fieldBytes('other=1&&', 'apikey')).toBeUndefined();
  });

  it('agrees with the text it reads wherever the bytes are UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const text = `a=1&k=${encodeURIComponent(value)}`;
        expect(new TextDecoder().decode(fieldBytes(text, 'k'))).toBe(parseUrlEncoded(text)[1]![1]);
      }),
    );
  });

  it('nests fields by their names, keeping indexes as keys and __proto__ as data', () => {
    const fields = parseUrlEncoded('a[b]=1&a[c][0]=x&a[c][1]=y&l[]=p&l[]=q&__proto__[x]=1');
    const { value, conflicts } = nest(fields.map(([name, v]) => ({ segments: segmentsOf(name), value: v })));
    expect(conflicts).toEqual([]);
    expect(value).toEqual({ a: { b: '1', c: { '0': 'x', '1': 'y' } }, l: ['p', 'q'], ['__proto__']: { x: '1' } });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(asList({ '0': 'x', '1': 'y' })).toEqual(['x', 'y']);
    expect(asList({ '1': 'y' })).toBeUndefined();
  });

  it('reports a field given as a value and as a group, or twice', () => {
    const fields = [
      { segments: ['a'], value: '1' },
      { segments: ['a', 'b'], value: '2' },
      { segments: ['c'], value: '3' },
      { segments: ['c'], value: '4' },
    ];
    expect(nest(fields).conflicts).toEqual(['a[b]', 'c']);
  });

  it('reads both form media types', async () => {
    const body = new TextEncoder().encode('apikey=k&params[Phone][Country]=64');
    expect(formPairs(body, 'application/x-www-form-urlencoded; charset=utf-8')).toEqual([
      ['apikey', 'k'],
      ['params[Phone][Country]', '64'],
    ]);
    const multipart = new Request('http://x/', { method: 'POST', body: toFormData({ apikey: 'k', a: ['1'] }) });
    const type = multipart.headers.get('content-type') ?? '';
    expect(mediaTypeOf(type)).toBe('multipart/form-data');
    expect(await formPairs(new Uint8Array(await multipart.arrayBuffer()), type)).toEqual([
      ['apikey', 'k'],
      ['a[0]', '1'],
    ]);
  });

  it('encodes any value in one pass as it does through its pairs', () => {
    const key = fc.string({ maxLength: 6 });
    const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.dictionary(key, fc.oneof(leaf, fc.array(leaf, { maxLength: 3 }), fc.dictionary(key, leaf)));
    const shape = fc.dictionary(key, fc.oneof(fc.constant(0 as const), fc.constant('[]' as const)));
    fc.assert(
      fc.property(value, fc.option(shape, { nil: undefined }), (input, order) => {
        expect(encodeFields(input, order)).toBe(encodePairs(toPairs(input, order)));
      }),
    );
  });

  it('round-trips any value a client sends through the names a server reads', () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !/[[\]]/.test(s) && s !== '__proto__');
    const leaf = fc.string({ maxLength: 8 });
    const value = fc.dictionary(key, fc.oneof(leaf, fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 })), {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(value, (input) => {
        const fields = parseUrlEncoded(encodeFields(input)).map(([n, v]) => ({ segments: segmentsOf(n), value: v }));
        expect(nest(fields).value).toEqual(input);
      }),
    );
  });
});
