// Exit codes: 2 for every usage error, its message naming the flag (sent nothing, but --fields,
// checked against the records that came back); 1 when the service answers a failure, its message
// and each invalid field (with the flag that gives it) on stderr; 0 otherwise.
import { type RunningMock, startMock } from '@hostapi/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnTerminal, HOSTAPI, hostapi } from './run.js';

let mock: RunningMock;
let env: Record<string, string>;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, log: () => {} });
  env = { HOSTAPI_KEY: `cli-exit-codes-${process.pid}`, HOSTAPI_URL: mock.url };
});
afterAll(() => mock?.close());

const list = ['servers', 'list', '--client-id', '293'];
const upgrade = ['servers', 'upgrade', '--client-id', '293', '--name', 'web01'];

/** [what, arguments, what stderr names]. */
const USAGE: [string, string[], string][] = [
  ['an integer that is not one', ['servers', 'list', '--client-id', 'abc'], "option '--client-id <integer>'"],
  ['below its minimum', ['servers', 'list', '--client-id', '0'], "option '--client-id <integer>'"],
  ['a value outside the enumeration', [...list, '--state', 'Onn'], "option '--state <text>'"],
  ['text not matching its pattern', [...list.slice(0, 2), '--updated-since', 'yesterday'], "'--updated-since <text>'"],
  ['an unknown flag', [...list, '--client-idd', '293'], "unknown option '--client-idd'"],
  ['a required flag missing', ['servers', 'list'], 'missing --client-id (required)'],
  ['a map entry without =', [...upgrade, '--upgrade-disk', 'xvda1'], "option '--upgrade-disk <key=integer>'"],
  ['a map entry of the wrong type', [...upgrade, '--upgrade-disk', 'xvda1=big'], "'--upgrade-disk <key=integer>'"],
  ['-d without =', [...list, '-d', 'filters'], "option '-d, --data <name=value>'"],
  ['-d with a malformed name', [...list, '-d', 'filters[state=On'], "option '-d, --data <name=value>'"],
  ['-d naming the key', [...list, '-d', 'apikey=other'], "option '-d, --data <name=value>'"],
  [
    '-d given twice',
    [...list, '-d', 'filters[state]=On', '-d', 'filters[state]=Off'],
    '-d: filters[state] given twice',
  ],
  ['a file that cannot be read', [...list, '--name', '@/nonexistent/file'], "option '--name <text>'"],
  ['a header that is not one', [...list, '-H', 'no colon'], "option '-H, --header <name: value>'"],
  ['an output format', [...list, '--output', 'xml'], "option '-o, --output <format>'"],
  ['a JMESPath expression', [...list, '--query', 'data[?'], '--query:'],
  ['a field no record has', [...list, '--fields', 'name,colour'], '--fields: no field colour'],
  ['a field no record has, --all', [...list, '--all', '--fields', 'colour'], '--fields: no field colour'],
  ['--all on a list that is not paged', ['servers', 'list-images', '--all'], "unknown option '--all'"],
  ['an unknown command', ['servers', 'lst'], "unknown command 'lst'"],
  ['an argument no command takes', [...list, 'web01'], 'too many arguments'],
  ['an address that is not a URL', [...list, '--base-url', 'localhost:4010'], '--base-url (or HOSTAPI_URL'],
  ['login at an address that is not a URL', ['login', '--base-url', 'ftp://x'], '--base-url: not an http(s) URL'],
  ['a profile that does not exist', [...list, '--profile', 'nope'], '--profile: no profile "nope"'],
  ['a destructive write, no terminal, no --yes', upgrade, 'give --yes to go ahead'],
  ['a shell tab has no script for', ['completion', 'tcsh'], "command-argument value 'tcsh' is invalid"],
];

describe('usage errors: exit code 2, naming the flag, nothing printed on stdout', () => {
  it.each(USAGE)('%s', async (_, args, named) => {
    const { code, stdout, stderr } = await hostapi(args, env);
    expect(stderr).toContain(named);
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });

  it('no key at all: says where one comes from', async () => {
    const { code, stderr } = await hostapi(list, { HOSTAPI_URL: mock.url });
    expect(code).toBe(2);
    expect(stderr).toContain('no API key: set HOSTAPI_KEY, or save one with `hostapi login`');
  });

  it('no command: the help, on stderr', async () => {
    const { code, stderr } = await hostapi([], env);
    expect(code).toBe(2);
    expect(stderr).toContain('Usage: hostapi [options] [command]');
  });
});

describe('failures of the service: exit code 1, readably on stderr', () => {
  it("the service's message", async () => {
    const { code, stdout, stderr } = await hostapi(['ssh-keys', 'get', '--client-id', '293', '--key-id', '999'], env);
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: ssh-keys get: SSH key not found.\n',
    });
  });

  it('each invalid field a line, named by its flag and its wire name', async () => {
    const { code, stderr } = await hostapi(['servers', 'list', '-d', 'client_id=abc', '-d', 'filters[state]=x'], env);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: servers list: the request was refused as invalid \(HTTP 422\):\n/);
    expect(stderr).toMatch(/^ {2}--client-id \(client_id\): .*must match pattern/m);
    expect(stderr).toMatch(/^ {2}--state \(filters\[state\]\): .*On, Off, Other/m);
  });

  it('a service that cannot be reached', async () => {
    const { code, stderr } = await hostapi([...list, '--base-url', 'http://127.0.0.1:9'], env);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: servers list: network failure: /);
  });

  it('0 when done', async () => {
    expect((await hostapi(list, env)).code).toBe(0);
  });
});

describe('a destructive write on a terminal', () => {
  const ask = 'servers upgrade (Upgrade server components) changes or removes what exists. Send it? [y/N] ';
  const command = () => `${HOSTAPI} servers upgrade --client-id 293 --name web01 --upgrade-cores 3`;
  const cores = async () =>
    JSON.parse((await hostapi([...list, '--name', 'web01', '--query', 'data[0].cores'], env)).stdout);

  it('asks, and sends nothing without a yes (exit code 1)', async () => {
    const before = await cores();
    const { code, stdout } = await answerOnTerminal(command(), env, ask, 'n');
    expect(stdout).toContain('not confirmed: nothing was sent');
    expect(code).toBe(1);
    expect(await cores()).toBe(before);
  });

  it('sends it once answered yes', async () => {
    const { code, stdout } = await answerOnTerminal(command(), env, ask, 'y');
    expect(code, stdout).toBe(0);
    expect(await cores()).toBe('3');
  });
});
