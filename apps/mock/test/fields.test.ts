// Reading URL-encoded text as the mock reads it (@hostapi/spec/wire): the WHATWG form encoding, as
// URLSearchParams reads it, in one pass.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { nest, parseUrlEncoded, segmentsOf } from '@hostapi/spec/wire';

const ASCII_PIECES = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 6 }).map((s) => s.replace(/%/g, '%25')),
  fc.constantFrom(
    '+',
    '&',
    '=',
    '&&',
    '%26',
    '%3D',
    '%2B',
    '%E2%82%AC',
    '%C3%A9',
    '%F0%9F%98%80',
    '%FF',
    '%C3',
    '%ED%A0%80',
    '%00',
  ),
);

it(
  'reads what URLSearchParams reads: names and values, + as ' +
    'space, escapes, bad UTF-8 as U+FFFD, empty pieces skipped',
  () => {
    fc.assert(
      fc.property(fc.array(ASCII_PIECES, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        // The constructor drops one leading `?`, which a query string (what follows the URL's `?`) keeps.
        expect(parseUrlEncoded(text)).toEqual([...new URLSearchParams(`?${text}`)]);
      }),
      { numRuns: 2000 },
    );
  },
);

it.each([
  // A broken escape is kept as written and the escapes after it still decode (the WHATWG
  // percent-decode; Python's parse_qsl agrees; Node 20's URLSearchParams does not, here).
  ['%%C3%A9', [['%é', '']]],
  ['%zz%C3%A9=%', [['%zzé', '%']]],
  ['%C3%=1', [['\uFFFD%', '1']]],
  ['a%2%41', [['a%2A', '']]],
  [
    'apikey=k&a%70ikey=x&&=v&n',
    [
      ['apikey', 'k'],
      ['apikey', 'x'],
      ['', 'v'],
      ['n', ''],
    ],
  ],
])('%j', (text, pairs) => {
  expect(parseUrlEncoded(text)).toEqual(pairs);
});

it('finds each `=` once, whatever the pieces: 200,000 names without a value are 200,000 pairs', () => {
  const text = Array.from({ length: 200_000 }, (_, i) => `n${i}`).join('&');
  const pairs = parseUrlEncoded(text);
  expect(pairs.length).toBe(200_000);
  expect(pairs.at(-1)).toEqual(['n199999', '']);
});

it('nests names as data: __proto__, constructor and prototype are fields, never Object.prototype', () => {
  const { value } = nest(
    [
      ['__proto__[code]', '500'],
      ['constructor[prototype][x]', '1'],
      ['a[__proto__]', '2'],
      ['hasOwnProperty', '3'],
    ].map(([name, value]) => ({ segments: segmentsOf(name!), value: value! })),
  );
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'a', 'hasOwnProperty']);
  expect(Object.getOwnPropertyDescriptor(value, '__proto__')!.value).toEqual({ code: '500' });
  expect(({} as Record<string, unknown>).code).toBeUndefined();
  expect(({} as Record<string, unknown>).x).toBeUndefined();
});
