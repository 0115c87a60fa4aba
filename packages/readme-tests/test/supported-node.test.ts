// The packed client and mock on the older Node versions the packages support ("Node 20.19 or
// later", says the root README; the repository develops on 24), used as a consumer uses them: in a
// project made by `npm init -y` (`"type": "commonjs"`), the vendored tarballs installed by the root
// README's lines, and on each Node the mock's command (`npx hostapi-mock --port <free>`) serving,
// and programs loading the client by require() and by import() calling it, a GET and a POST; and
// the command line (`npx hostapi`, installed by its README's line) making them too.
// Only public ground: the mock's bin, `--port` and its answer; the client's createHostApiClient;
// the CLI's commands, and the User-Agent its --dry-run prints (which names the Node it runs on).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, isListening, type RunningCommand, startCommand } from '@hostapi/testing/commands';
import { nodeBinary, SUPPORTED_NODES } from '@hostapi/testing/node-versions';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NPM_ENV } from '../lib/pasted.js';
import { type ReaderProject, readerProject, VENDORED_INSTALL } from '../lib/reader-project.js';

const run = promisify(execFile);

/** The program, as a reader of a CommonJS project writes it; `load` is how it gets the client. */
const program = (load: string) => `${load}.then(async ({ createHostApiClient }) => {
  const api = createHostApiClient({ apiKey: 'any-key-for-the-mock', baseUrl: process.argv[2] });
  const page = await api.servers.list({ client_id: 293 });
  const { job_id } = await api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
  console.log(JSON.stringify({ node: process.version, servers: page.data.map((server) => server.name), job_id }));
});
`;
const PROGRAMS = {
  'require()': ['with-require.js', program(`Promise.resolve(require('@hostapi/client'))`)],
  'import()': ['with-import.js', program(`import('@hostapi/client')`)],
} as const;

/** The command line's install line, as its README prints it. */
const CLI_INSTALL = readFileSync(new URL('../../cli/README.md', import.meta.url), 'utf8').match(
  /^npm install \S+hostapi-spec\.tgz \S+hostapi-client\.tgz \S+hostapi-cli\.tgz$/m,
)![0];

let project: ReaderProject;
beforeAll(async () => {
  project = await readerProject(inject('vendor'));
  await project.run(...VENDORED_INSTALL, CLI_INSTALL);
  for (const [file, text] of Object.values(PROGRAMS)) writeFileSync(join(project.dir, file), text);
});
afterAll(() => project?.remove());

it('the project is CommonJS, as `npm init -y` writes it today', () => {
  expect(JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8')).type).toBe('commonjs');
});

describe.each(SUPPORTED_NODES)('on Node %s', (version) => {
  let node: string;
  let mock: RunningCommand;
  let url: string;
  /** Every Node process started under the mock's command: its version and script (NODE_OPTIONS). */
  let started: () => { version: string; script: string }[];

  beforeAll(async () => {
    node = await nodeBinary(version);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const log = join(dirname(project.dir), `node-${version}.log`);
    const probe = join(dirname(project.dir), `probe-${version}.cjs`);
    const record = 'JSON.stringify({ version: process.version, script: process.argv[1] })';
    writeFileSync(probe, `require('node:fs').appendFileSync(${JSON.stringify(log)}, ${record} + '\\n');\n`);
    started = () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    // Served once something answers on the port (the mock's output is its own business).
    let listening = false;
    const watch = setInterval(() => void isListening(port).then((yes) => (listening ||= yes)), 100);
    try {
      mock = await startCommand(`npx hostapi-mock --port ${port}`, {
        cwd: project.dir,
        // This Node first on PATH, as on a consumer's machine: npx and the mock's bin (`env node`) run on it.
        env: { ...NPM_ENV, PATH: `${dirname(node)}:${process.env.PATH}`, NODE_OPTIONS: `--require ${probe}` },
        ports: [port],
        ready: () => listening,
        timeoutMs: 60_000,
      });
    } finally {
      clearInterval(watch);
    }
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('`npx hostapi-mock --port <free>` serves, on this Node', async () => {
    const answer = await fetch(`${url}/1.3/server/list_servers.json?apikey=k&client_id=293`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).status).toBe(true);
    const processes = started();
    expect(processes.map((p) => p.version)).toEqual(processes.map(() => `v${version}`));
    expect(
      processes.some((p) => p.script.endsWith('/hostapi-mock')),
      JSON.stringify(processes),
    ).toBe(true);
  });

  it.each(Object.keys(PROGRAMS))('a program loading the client by %s makes a GET and a POST', async (how) => {
    const [file] = PROGRAMS[how as keyof typeof PROGRAMS];
    const listed = (await (await fetch(`${url}/1.3/server/list_servers.json?apikey=k&client_id=293`)).json()) as {
      return: { data: { name: string }[] };
    };
    const { stdout } = await run(node, [file, url], { cwd: project.dir });
    expect(JSON.parse(stdout)).toEqual({
      node: `v${version}`,
      servers: listed.return.data.map((server) => server.name),
      job_id: expect.stringMatching(/^\d+$/),
    });
  });

  it('`npx hostapi` makes a GET and a POST, on this Node', async () => {
    const env = { ...process.env, ...NPM_ENV, PATH: `${dirname(node)}:${process.env.PATH}`, HOSTAPI_URL: url };
    const hostapi = (args: string[]) =>
      run('npx', ['hostapi', ...args], { cwd: project.dir, env: { ...env, HOSTAPI_KEY: 'any-key-for-the-mock' } });
    const listed = JSON.parse((await hostapi(['servers', 'list', '--client-id', '293'])).stdout);
    expect(listed.current_page).toBe(1);
    const cancel = ['domains', 'cancel', '--client-id', '293', '--domain', 'oldbrand.co.nz', '--yes'];
    expect(JSON.parse((await hostapi(cancel)).stdout).job_id).toMatch(/^\d+$/);
    expect((await hostapi([...cancel, '--dry-run'])).stdout).toContain(` node/${version}\r\n`);
  });
});
