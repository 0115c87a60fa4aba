// The environment (HOSTAPI_KEY, HOSTAPI_URL), read once and checked: an address with
// `user:password@` can never work with fetch, and once put every tool error, hook event and the
// start line on stderr carried the password. It is refused at start, naming the variable, and
// neither the password nor the key is ever written.
import { execFile } from 'node:child_process';
import { readBundle } from '@hostapi/spec/document';
import { expect, it } from 'vitest';
import { readEnvironment, startLine, UsageError } from '../src/options.js';

const BIN = new URL('../dist/bin.js', import.meta.url).pathname;
const doc = readBundle();
const PASSWORD = 'pa55-w0rd-71c2';
const KEY = 'hk_live_environment_3d9a';

it('reads the key and the address, the description’s server by default', () => {
  expect(readEnvironment({ HOSTAPI_KEY: KEY }, doc)).toEqual({ apiKey: KEY, baseUrl: doc.servers[0].url });
  expect(readEnvironment({ HOSTAPI_KEY: KEY, HOSTAPI_URL: 'http://127.0.0.1:4010' }, doc)).toEqual({
    apiKey: KEY,
    baseUrl: 'http://127.0.0.1:4010',
  });
});

it.each([
  [`http://user:${PASSWORD}@127.0.0.1:4010`, 'HOSTAPI_URL has a user name or password (user:password@)'],
  [`https://${PASSWORD}@api.hostapi.example`, 'HOSTAPI_URL has a user name or password (user:password@)'],
  [`http://user:${PASSWORD}@[::1`, 'HOSTAPI_URL is not a URL'],
  [`127.0.0.1:4010/?apikey=${KEY}`, 'HOSTAPI_URL is not a URL'],
])('refuses HOSTAPI_URL=%s, naming it, echoing neither password nor key', (url, reason) => {
  const error = (() => {
    try {
      readEnvironment({ HOSTAPI_KEY: KEY, HOSTAPI_URL: url }, doc);
    } catch (thrown) {
      return thrown as Error;
    }
  })();
  expect(error).toBeInstanceOf(UsageError);
  expect(error?.message).toContain(reason);
  for (const secret of [PASSWORD, KEY]) expect(String(error?.stack)).not.toContain(secret);
});

it('the bin exits 2 with the reason on stderr, and nothing of the password', async () => {
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN],
      { env: { PATH: process.env.PATH, HOSTAPI_KEY: KEY, HOSTAPI_URL: `http://user:${PASSWORD}@127.0.0.1:4010` } },
      (error, _out, stderr) => resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
  expect(code).toBe(2);
  expect(stderr).toBe(
    'hostapi-mcp: HOSTAPI_URL has a user name or password (user:password@), which fetch refuses: ' +
      'give the address alone.\n' +
      'Run hostapi-mcp --help for the options.\n',
  );
});

it('the start line masks the key wherever the address carries it', () => {
  expect(startLine('1.2.3', 22, `http://127.0.0.1:4010/?apikey=${KEY}`, 'stdio', KEY)).toBe(
    'hostapi-mcp 1.2.3 on stdio: 22 tools for http://127.0.0.1:4010/?apikey=[redacted]',
  );
});
