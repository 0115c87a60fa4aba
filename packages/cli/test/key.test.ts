// The key in no output: a service that echoes it (every spelling and place of the shared table,
// @hostapi/testing/key-spellings) in its results, its failures, an HTTP error page and a header;
// every output of the CLI (JSON, YAML, a table on a terminal, --verbose, --dry-run, errors,
// --help, login) run through the table's own detector, for a long key and a short one.
import { keyPlaces, SECRET, SHORT, carriesKey } from '@hostapi/testing/key-spellings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, HOSTAPI, hostapi, onTerminal } from './run.js';
import { startServer, success, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((request) => {
    // The key as the request sent it: the service quotes it back in every spelling and place.
    const fields = new URLSearchParams(
      request.method === 'GET' ? request.target.split('?')[1] : request.body.toString(),
    );
    const key = fields.get('apikey')!;
    const texts = keyPlaces(key).map((p) => p.text);
    const echo = { msg: texts.join(' | '), texts, apikey: key };
    if (request.target.includes('ssh/key/get')) return { body: JSON.stringify({ msg: echo.msg, status: false }) };
    if (request.target.includes('list_images')) return { status: 500, body: `<html>${echo.msg}</html>` };
    const headers = { 'x-echo': texts[0]! }; // `apikey=<key, percent-encoded>&client_id=293`
    if (request.target.includes('list_servers'))
      return {
        headers,
        ...success({ current_page: 1, total_pages: 1, total_items: 1, data: [{ name: 'web01', ...echo }] }),
      };
    return { headers, ...success(echo) };
  });
});
afterAll(() => server?.close());

describe.each([
  ['a long key', SECRET],
  ['a short key', SHORT],
])('%s', (_, key) => {
  const env = () => ({ HOSTAPI_KEY: key, HOSTAPI_URL: server.url });
  const runs: [string, string[]][] = [
    ['a result, JSON', ['dns', 'list-templates', '--client-id', '293']],
    ['a result, YAML', ['dns', 'list-templates', '--client-id', '293', '-o', 'yaml']],
    ['a result, a table', ['servers', 'list', '--client-id', '293', '-o', 'table']],
    ['--all, JSON', ['servers', 'list', '--client-id', '293', '--all']],
    ['--all, a table', ['servers', 'list', '--client-id', '293', '--all', '-o', 'table', '--fields', 'msg']],
    ['--query', ['dns', 'list-templates', '--client-id', '293', '--query', 'texts']],
    ['--verbose', ['dns', 'list-templates', '--client-id', '293', '--verbose']],
    ['--dry-run, URL-encoded', ['ssh-keys', 'add', '--client-id', '1', '--label', 'l', '--content', 'c', '--dry-run']],
    [
      '--dry-run, multipart',
      ['ssh-keys', 'add', '--client-id', '1', '--label', 'l', '--content', 'c', '--dry-run', '--multipart'],
    ],
    ['a failure', ['ssh-keys', 'get', '--client-id', '293', '--key-id', '1']],
    ['an HTTP error page', ['servers', 'list-images']],
    ['--help', ['ssh-keys', 'add', '--help']],
  ];

  it.each(runs)('%s', async (_, args) => {
    const { stdout, stderr } = await hostapi(args, env());
    expect(stdout + stderr).not.toBe('');
    expect(carriesKey(stdout, key), stdout).toBe(false);
    expect(carriesKey(stderr, key), stderr).toBe(false);
  });

  it('a table on a terminal', async () => {
    const command = `${HOSTAPI} servers list --client-id 293`;
    const { stdout } = await onTerminal(command, env());
    expect(stdout).toMatch(/NAME/);
    expect(carriesKey(stdout, key)).toBe(false);
  });

  it('login, and a call with the profile', async () => {
    const home = freshHome();
    const login = await hostapi(['login', '--base-url', server.url], { HOME: home }, `${key}\n`);
    expect(login.code, login.stderr).toBe(0);
    const call = await hostapi(['dns', 'list-templates', '--client-id', '293'], { HOME: home });
    expect(call.code, call.stderr).toBe(0);
    for (const text of [login.stdout, login.stderr, call.stdout, call.stderr])
      expect(carriesKey(text, key)).toBe(false);
  });
});
