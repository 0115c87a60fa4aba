// What goes on the wire: --dry-run prints the request that is sent, byte for byte but the key
// (checked against what a service of the test's own received for the same command), --verbose
// shows the same on stderr; flags, -d fields, @file, @@ and - put together as the client sends them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { carriesKey } from '@hostapi/testing/key-spellings';
import { maskKey } from '@hostapi/spec/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, hostapi } from './run.js';
import { startServer, success, type TestServer } from './server.js';

const KEY = 'wire-key/+&=ü-123';
let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startServer(() => success({ job_id: '1' }));
  env = { HOSTAPI_KEY: KEY, HOSTAPI_URL: server.url };
});
afterAll(() => server?.close());

const home = freshHome();
writeFileSync(join(home, 'key.pub'), 'ssh-ed25519 AAAA me@laptop\n');

/** [what, arguments, standard input, the body (or query) sent, the key written `K`]. */
const CASES: [string, string[], string, string][] = [
  [
    'a GET: an indexed list, yes/no',
    ['domains', 'check-availability', '--client-id', '293', '--domain', 'a.nz', '--additional-tlds', 'com'],
    '',
    '/1.3/srs/domain_tlds_available.json?apikey=K&client_id=293&domain=a.nz&additional_tlds[0]=com',
  ],
  [
    'a POST: a map, nested, and -d merged in the description’s order',
    [...['servers', 'upgrade', '--client-id', '293', '--name', 'web01', '--upgrade-disk', 'xvda1=120'], '--yes'],
    '',
    'apikey=K&client_id=293&name=web01&upgrade[disk][xvda1]=120',
  ],
  [
    'a list of groups, a list in empty brackets, @@',
    [
      ...['cloud', 'copy-stack', '--client-id', '293', '--source-server', 'c1', '--name', '@@shop'],
      ...['--destination-server', 'c2', '--label', 'Shop staging', '--params-the-service', 'x.nz'],
      ...['--params-databases-db-name', 'a', '--params-databases-db-name', 'b', '--params-databases-mysql-host', 'm8'],
    ],
    '',
    'apikey=K&client_id=293&source_server=c1&name=%40shop&destination_server=c2&label=Shop%20staging&' +
      'params[the%20service][]=x.nz&params[databases][0][mysql_host]=m8&params[databases][0][db_name]=a&' +
      'params[databases][1][db_name]=b',
  ],
  [
    'a file (@~/…) and standard input (-)',
    ['ssh-keys', 'add', '--client-id', '293', '--label', '-', '--content', '@~/key.pub'],
    'laptop\n',
    'apikey=K&client_id=293&label=laptop&content=ssh-ed25519%20AAAA%20me%40laptop',
  ],
  [
    '-d: a field the flags do not give, and one they do',
    [
      'servers',
      'upgrade',
      '--client-id',
      '293',
      '--name',
      'web01',
      '-d',
      'upgrade[cores]=2',
      '-d',
      'name=web02',
      '--yes',
    ],
    '',
    'apikey=K&client_id=293&name=web02&upgrade[cores]=2',
  ],
];

const sentKey = encodeURIComponent(KEY);
/** --dry-run ends a body with a line break, where it has none of its own. */
const endLine = (body: string) => (body === '' || body.endsWith('\r\n') ? body : `${body}\r\n`);

describe.each(CASES)('%s', (_, args, input, wire) => {
  it('is sent as the description says', async () => {
    const ran = await hostapi(args, { ...env, HOME: home }, input);
    expect(ran.code, ran.stderr).toBe(0);
    const sent = server.received.at(-1)!;
    const text = sent.method === 'GET' ? sent.target : sent.body.toString();
    expect(text).toBe(wire.replace('apikey=K', `apikey=${sentKey}`));
  });

  it('--dry-run prints that request, byte for byte but the key, and --verbose shows it', async () => {
    const before = server.received.length;
    const dry = await hostapi([...args, '--dry-run'], { ...env, HOME: home }, input);
    expect(dry.code, dry.stderr).toBe(0);
    expect(server.received.length).toBe(before);
    expect(carriesKey(dry.stdout, KEY)).toBe(false);
    const verbose = await hostapi([...args, '--verbose'], { ...env, HOME: home }, input);
    const sent = server.received.at(-1)!;
    const [head, body] = dry.stdout.split('\r\n\r\n') as [string, string];
    const [line, host, ...headers] = head.split('\r\n');
    expect(line).toBe(maskKey(`${sent.method} ${sent.target} HTTP/1.1`, [KEY]));
    expect(host).toBe(`Host: ${sent.headers.find(([n]) => n.toLowerCase() === 'host')![1]}`);
    for (const header of headers) {
      const [name, value] = header.split(': ') as [string, string];
      expect(sent.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1], name).toBe(value);
    }
    expect(body).toBe(endLine(maskKey(sent.body.toString(), [KEY])));
    // --verbose: the same lines, on stderr, each after `> `.
    const shown = verbose.stderr
      .split('\n')
      .filter((l) => l.startsWith('>'))
      .map((l) => l.replace(/^> ?/, ''));
    expect(shown.join('\n')).toBe(dry.stdout.replace(/\r\n$/, '').replaceAll('\r\n', '\n'));
    expect(carriesKey(verbose.stdout + verbose.stderr, KEY)).toBe(false);
  });
});

it('- reads standard input from a writer slower than the bin', async () => {
  const args = ['ssh-keys', 'add', '--client-id', '293', '--label', '-', '--content', 'c'];
  const ran = await hostapi(args, { ...env, HOME: home }, 'desk\n', { late: true });
  expect(ran.code, ran.stderr).toBe(0);
  expect(server.received.at(-1)!.body.toString()).toBe(`apikey=${sentKey}&client_id=293&label=desk&content=c`);
});

it('--multipart: the parts in order, the key first; --dry-run shows its boundary', async () => {
  const args = ['ssh-keys', 'add', '--client-id', '293', '--label', 'a b', '--content', 'c', '--multipart'];
  expect((await hostapi(args, env)).code).toBe(0);
  const sent = server.received.at(-1)!;
  const boundary = /boundary=(\S+)/.exec(sent.headers.find(([n]) => n.toLowerCase() === 'content-type')![1])![1]!;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  expect(sent.body.toString()).toBe(
    `${part('apikey', KEY)}${part('client_id', '293')}${part('label', 'a b')}${part('content', 'c')}` +
      `--${boundary}--\r\n`,
  );
  const dry = await hostapi([...args, '--dry-run'], env);
  const shown = /boundary=(\S+)/.exec(dry.stdout)![1]!;
  expect(dry.stdout.split('\r\n\r\n').slice(1).join('\r\n\r\n')).toBe(
    endLine(maskKey(sent.body.toString().replaceAll(boundary, shown), [KEY])),
  );
  expect(carriesKey(dry.stdout, KEY)).toBe(false);
});

it('-H: a header sent as given; the User-Agent names the CLI and the client', async () => {
  expect((await hostapi(['servers', 'list', '--client-id', '293', '-H', 'Prefer: example=success'], env)).code).toBe(0);
  const { headers } = server.received.at(-1)!;
  expect(headers).toContainEqual(['Prefer', 'example=success']);
  expect(headers.find(([n]) => n.toLowerCase() === 'user-agent')?.[1]).toMatch(
    /^hostapi-cli\/\S+ hostapi-client\/\S+ node\/\S+$/,
  );
});
