// Issue 36: a `baseUrl` with `user:password@` can never work with fetch ("Request cannot be
// constructed from a URL that includes credentials"), and every call failed with the password in
// its error and hook events. It is refused when the client is created, naming the option, and
// the password is in no message.
import { describe, expect, it } from 'vitest';
import { createHostApiClient } from '../src/index.js';
import { createPathClient } from '../src/paths.js';

const PASSWORD = 'pa55-w0rd-9f3e';
const KEY = 'sk_live_base_url_4b1d';

describe.each([
  ['createHostApiClient', createHostApiClient],
  ['createPathClient', createPathClient],
] as const)('%s', (factory, create) => {
  it.each([
    `http://user:${PASSWORD}@127.0.0.1:4010`,
    `https://${PASSWORD}@api.hostapi.example/`,
    `http://user:${encodeURIComponent(`${PASSWORD}@/:`)}@127.0.0.1:4010/base`,
  ])('refuses a baseUrl with a user name or password: %s', (baseUrl) => {
    let sent = 0;
    const fetch = async () => {
      sent++;
      return new Response('{}');
    };
    const error = (() => {
      try {
        create({ apiKey: KEY, baseUrl, fetch });
      } catch (thrown) {
        return thrown as Error;
      }
    })();
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe(
      `${factory}: \`baseUrl\` has a user name or password (user:password@), which fetch refuses`,
    );
    expect(String(error?.stack)).not.toContain(PASSWORD);
    expect(sent).toBe(0);
  });

  it('does not echo what may be a password or the key in a baseUrl that is not a URL', () => {
    expect(() => create({ apiKey: KEY, baseUrl: `http://user:${PASSWORD}@[::1` })).toThrow(
      `${factory}: \`baseUrl\` is not a URL: …@[::1`,
    );
    expect(() => create({ apiKey: KEY, baseUrl: `127.0.0.1:4010/?apikey=${KEY}` })).toThrow(
      `${factory}: \`baseUrl\` is not a URL: 127.0.0.1:4010/?apikey=[redacted]`,
    );
  });
});
