// The standalone executable (scripts/build-binary.ts, `pnpm -C apps/mock build:binary`), built once
// here and run as a machine without Node runs it: from an empty directory, with a PATH that holds
// only the executable, no node. It must behave as `hostapi-mock` does (bin/mock.mjs under Node):
// the same answers, options, usage text, exit codes and Ctrl-C. It carries the development Node
// whichever Node runs the build (here the maintenance LTS, 22), and its `.sha256` checks.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { codeBlocks, shellCommands } from '@hostapi/testing/commands';
import { nodeBinary } from '@hostapi/testing/node-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, operations, spec, until, type Operation, pairsOf } from './helpers.js';

const BUILD = fileURLToPath(new URL('../scripts/build-binary.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** The development Node: the version the repository's root pins for this platform. */
const DEVELOPMENT_NODE = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
  .optionalDependencies[`node-${process.platform}-${process.arch}`];

let dir: string;
let binDir: string;
let executable: string;
let emptyCwd: string;
/** The environment the executable runs in: a PATH with nothing but the executable. */
let env: Record<string, string>;

beforeAll(async () => {
  // Another Node than the development one runs the build: the executable carries the development one.
  const runner = await nodeBinary('22.23.3');
  dir = mkdtempSync(join(tmpdir(), 'mock-binary-'));
  binDir = join(dir, 'bin');
  executable = join(binDir, 'hostapi-mock');
  emptyCwd = join(dir, 'cwd');
  mkdirSync(emptyCwd);
  env = { PATH: binDir };
  // Built as the package script builds it, into this test's own directory (other runs may be
  // building dist/ at the same time).
  const build = spawnSync(runner, [BUILD, '--out', executable], { encoding: 'utf8', timeout: 300_000 });
  expect(build.status, build.stderr).toBe(0);
  expect(build.stderr).toBe(''); // postject's harmless warnings left out (scripts/build-binary.ts)
  expect(build.stdout).toContain(
    `hostapi-mock: ${(statSync(executable).size / 1e6).toFixed(1)} MB, Node v${DEVELOPMENT_NODE} ` +
      `${process.platform}-${process.arch}, built in `,
  );
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Running {
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `<command> <args> --port 0` and resolves once it says where it listens. */
async function start(
  command: string[],
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<Running> {
  const child = spawn(command[0]!, [...command.slice(1), ...args, '--port', '0'], {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await until(
    () => / on http:\/\/\S+ \(ready in/.test(output) || child.exitCode !== null,
    `${command.join(' ')} ${args.join(' ')} to listen`,
  );
  const url = / on (http:\/\/\S+) \(ready in/.exec(output)?.[1];
  if (!url) throw new Error(`${command.join(' ')} ${args.join(' ')} exited (${child.exitCode}): ${output}`);
  return {
    url,
    output: () => output,
    stop: (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
const startBinary = (args: string[]) => start([executable], args, { cwd: emptyCwd, env });
const startNode = (args: string[]) => start([process.execPath, BIN], args);

/** Runs a command to its end: exit code and output. */
function run(command: string[], args: string[], options: { cwd?: string; env?: Record<string, string> } = {}) {
  const { status, stdout, stderr } = spawnSync(command[0]!, [...command.slice(1), ...args], {
    ...options,
    encoding: 'utf8',
  });
  return { code: status, stdout, stderr };
}
const runBinary = (args: string[]) => run([executable], args, { cwd: emptyCwd, env });
const runNode = (args: string[]) => run([process.execPath, BIN], args);

/** The operation's example call, sent to `base`: its status and parsed body. */
async function call(base: string, { method, path, op }: Operation) {
  const encoded = pairsOf({ apikey: 'k', ...exampleInput(spec, op, method.toLowerCase()) })
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const response =
    method === 'POST'
      ? await fetch(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: encoded,
        })
      : await fetch(`${base}${path}?${encoded}`);
  return { status: response.status, body: await response.json() };
}

describe('the standalone executable', () => {
  it('is built by the package script into dist/, and runs where no node can be found', () => {
    expect(PACKAGE.scripts['build:binary']).toBe('node scripts/build-binary.ts');
    expect(statSync(executable).mode & 0o111).not.toBe(0);
    expect(readdirSync(emptyCwd)).toEqual([]);
    for (const name of ['node', 'nodejs'])
      expect(spawnSync(name, ['--version'], { cwd: emptyCwd, env }).error).toMatchObject({ code: 'ENOENT' });
  });

  it('carries the development Node (24), whichever Node ran the build', () => {
    expect(DEVELOPMENT_NODE).toMatch(/^24\./);
    expect(runBinary(['--version'])).toEqual({
      code: 0,
      stdout: `hostapi-mock ${PACKAGE.version} (Node v${DEVELOPMENT_NODE})\n`,
      stderr: '',
    });
  });

  it('has its SHA-256 beside it, as sha256sum writes it: `sha256sum -c` checks it, and catches a change', () => {
    expect(readFileSync(`${executable}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}hostapi-mock\n$/);
    const check = spawnSync('sha256sum', ['-c', 'hostapi-mock.sha256'], { cwd: binDir, encoding: 'utf8' });
    expect({ code: check.status, stdout: check.stdout }).toEqual({ code: 0, stdout: 'hostapi-mock: OK\n' });
    // A copy one byte longer, under the same name, beside the same .sha256: refused.
    const changed = join(dir, 'changed');
    mkdirSync(changed);
    copyFileSync(executable, join(changed, 'hostapi-mock'));
    appendFileSync(join(changed, 'hostapi-mock'), '\0');
    copyFileSync(`${executable}.sha256`, join(changed, 'hostapi-mock.sha256'));
    const refused = spawnSync('sha256sum', ['-c', 'hostapi-mock.sha256'], { cwd: changed, encoding: 'utf8' });
    expect({ code: refused.status, stdout: refused.stdout }).toEqual({ code: 1, stdout: 'hostapi-mock: FAILED\n' });
  });

  it("the README's commands, as printed: built from the root, it says its Node, and its SHA-256 checks", () => {
    const section = codeBlocks(readFileSync(new URL('../README.md', import.meta.url), 'utf8')).filter(
      (block) => block.lang === 'sh' && block.heading.startsWith('Without Node'),
    );
    const [build, check] = section.map(shellCommands);
    expect(build).toEqual(['pnpm -C apps/mock build:binary', 'apps/mock/dist/hostapi-mock --version']);
    for (const command of build!) {
      const run = spawnSync('sh', ['-c', command], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
      expect(run.status, run.stderr).toBe(0);
    }
    const version = spawnSync('sh', ['-c', build![1]!], { cwd: ROOT, encoding: 'utf8' }).stdout;
    expect(version).toBe(`hostapi-mock ${PACKAGE.version} (Node v${DEVELOPMENT_NODE})\n`);
    // "Where it runs, with both files in one folder": apps/mock/dist holds both, and no more of the build.
    const built = readdirSync(join(ROOT, 'apps/mock/dist')).filter((name) => name.startsWith('hostapi-mock'));
    expect(built.sort()).toEqual(['hostapi-mock', 'hostapi-mock.sha256']);
    expect(check).toEqual(['sha256sum -c hostapi-mock.sha256']);
    const checked = spawnSync('sh', ['-c', check![0]!], { cwd: join(ROOT, 'apps/mock/dist'), encoding: 'utf8' });
    expect(checked.stdout).toBe('hostapi-mock: OK\n');
  });

  it("answers every operation's example call with its success example, and what node's --dynamic answers", async () => {
    expect(operations).toHaveLength(22);
    const [examples, dynamic, nodeDynamic] = await Promise.all([
      startBinary([]),
      startBinary(['--dynamic', '--seed', '7']),
      startNode(['--dynamic', '--seed', '7']),
    ]);
    try {
      expect(examples.output()).toMatch(/^hostapi mock on http:\/\/127\.0\.0\.1:\d+ \(ready in \d+ ms\)\n$/);
      // `GET /` names the package and its version from the manifest embedded in the executable.
      const about = await (await fetch(`${dynamic.url}/`)).json();
      expect(about.return).toMatchObject({ name: PACKAGE.name, version: PACKAGE.version, mode: 'dynamic' });
      expect(about).toEqual(await (await fetch(`${nodeDynamic.url}/`)).json());
      for (const operation of operations) {
        const answer = await call(examples.url, operation);
        expect({ id: operation.id, ...answer }).toEqual({
          id: operation.id,
          status: 200,
          body: responseExamples(spec, operation.op, '200').success,
        });
        expect({ id: operation.id, ...(await call(dynamic.url, operation)) }).toEqual({
          id: operation.id,
          ...(await call(nodeDynamic.url, operation)),
        });
      }
    } finally {
      await Promise.all([examples.stop(), dynamic.stop(), nodeDynamic.stop()]);
    }
  });

  it('--sandbox serves the embedded fixture and reads its writes back', async () => {
    const mock = await startBinary(['--sandbox']);
    try {
      expect(mock.output()).toMatch(/^hostapi mock \(sandbox\) on http:\/\/127\.0\.0\.1:\d+/);
      const page = await (
        await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=k&client_id=293&filters[page_size]=2`)
      ).json();
      expect(page.return).toMatchObject({ total_items: 9, current_items: 2 });
      const added = await fetch(`${mock.url}/1.2/ssh/key/add.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'apikey=k&client_id=293&label=binary&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20ci',
      });
      expect(added.status).toBe(200);
      const { key_id: id } = (await added.json()).return;
      const read = await (await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=k&client_id=293&key_id=${id}`)).json();
      expect(read.return.label).toBe('binary');
      // Another key does not see it (the service's own not-found answer).
      const other = await (
        await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=other&client_id=293&key_id=${id}`)
      ).json();
      expect(other).toEqual({ status: false, msg: 'SSH key not found.' });
    } finally {
      expect(await mock.stop()).toBe(0);
    }
    expect(readdirSync(emptyCwd)).toEqual([]);
  });

  it('--sandbox --fixture reads a fixture file of your own', async () => {
    const fixture = join(dir, 'my-account.yaml');
    writeFileSync(
      fixture,
      readFileSync(fileURLToPath(new URL('../fixtures/sandbox.yaml', import.meta.url)), 'utf8').replace(
        /\bweb01\b/g,
        'mine01',
      ),
    );
    const mock = await startBinary(['--sandbox', '--fixture', fixture]);
    try {
      expect(mock.output()).toContain(`hostapi mock (sandbox of ${fixture}) on `);
      const page = await (await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=k&client_id=293`)).json();
      expect(JSON.stringify(page.return)).toContain('mine01');
      expect(JSON.stringify(page.return)).not.toContain('web01');
    } finally {
      await mock.stop();
    }
  });

  it('--strict refuses a departure with 422 that the default accepts', async () => {
    const path = '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[stat]=On';
    const [lenient, strict] = await Promise.all([startBinary([]), startBinary(['--strict'])]);
    try {
      const accepted = await fetch(lenient.url + path);
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get('sl-violations')).toContain('filters[stat]');
      const refused = await fetch(strict.url + path);
      expect(refused.status).toBe(422);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(await refused.text()).toContain('filters[stat]');
    } finally {
      await Promise.all([lenient.stop(), strict.stop()]);
    }
  });

  it('answers Prefer: code=__proto__ (and the like) 422, as hostapi-mock does', async () => {
    const mock = await startBinary([]);
    try {
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const response = await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=k&client_id=293`, {
          headers: { prefer: `code=${name}` },
        });
        expect({ name, status: response.status }).toEqual({ name, status: 422 });
      }
    } finally {
      await mock.stop();
    }
  });

  it('prints the same usage as hostapi-mock on --help and -h, exit code 0', () => {
    const usage = runNode(['--help']);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/^Usage:\n {2}hostapi-mock \[options\]/);
    for (const flag of ['--help', '-h']) expect(runBinary([flag])).toEqual(usage);
  });

  it.each([
    [['--bogus']],
    [['--port', 'eighty']],
    [['--dynamic', '--sandbox']],
    [['serve']],
    [['proxy']],
    [['--sandbox', '--fixture', 'missing.yaml']],
  ])('%j: the same exit code and messages as hostapi-mock', (args) => {
    const expected = runNode(args);
    expect(expected.code).not.toBe(0);
    const actual = runBinary(args);
    // A path in a message is where each was run from.
    const ours = (text: string) => text.replaceAll(emptyCwd, '<cwd>');
    const theirs = (text: string) => text.replaceAll(process.env.INIT_CWD ?? process.cwd(), '<cwd>');
    expect({ ...actual, stdout: ours(actual.stdout), stderr: ours(actual.stderr) }).toEqual({
      ...expected,
      stdout: theirs(expected.stdout),
      stderr: theirs(expected.stderr),
    });
  });

  it('exits 1 on a busy port, as hostapi-mock does', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const expected = runNode(['--port', String(port)]);
      expect(expected.code).toBe(1);
      expect(runBinary(['--port', String(port)])).toEqual(expected);
    } finally {
      busy.close();
    }
  });

  it("stops on Ctrl-C (SIGINT) and on SIGTERM with hostapi-mock's exit code, 0", async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const node = await startNode([]);
      const binary = await startBinary(['proxy', '--upstream', 'http://127.0.0.1:9']);
      expect(binary.output()).toMatch(
        /^hostapi validating proxy to http:\/\/127\.0\.0\.1:9 on http:\/\/127\.0\.0\.1:\d+/,
      );
      const plain = await startBinary([]);
      const expected = await node.stop(signal);
      expect(expected).toBe(0);
      expect(await binary.stop(signal)).toBe(expected);
      expect(await plain.stop(signal)).toBe(expected);
    }
  });
});
