// The container recipe (Dockerfile, compose.yaml at the repository's root) without a container
// engine, which CI does not have: the Dockerfile read and checked (small bases, an unprivileged
// user, health checks, ports), each image's entry and health-check commands run as they are, with
// the image's paths mapped to this repository, and compose.yaml checked against both.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as parseYaml } from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MOCK = join(ROOT, 'apps/mock');
const DOCS = join(ROOT, 'apps/docs');

interface Instruction {
  name: string;
  args: string;
}
interface Stage {
  from: string;
  as?: string | undefined;
  instructions: Instruction[];
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function readDockerfile(text: string): Stage[] {
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n');
  const stages: Stage[] = [];
  for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
    const [, name, args] = /^(\w+)\s+(.*)$/.exec(line)!;
    if (name!.toUpperCase() === 'FROM') {
      const [, from, as] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args!)!;
      stages.push({ from: from!, as, instructions: [] });
    } else {
      stages.at(-1)!.instructions.push({ name: name!.toUpperCase(), args: args! });
    }
  }
  return stages;
}
const dockerfile = readDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
const stage = (name: string) => dockerfile.find((s) => s.as === name)!;
const last = (s: Stage, name: string) => s.instructions.filter((i) => i.name === name).at(-1)?.args;
/** An exec-form (JSON) command of an instruction. */
const execForm = (args: string | undefined): string[] => {
  expect(args, 'an exec-form command').toMatch(/^\[.*\]$/);
  return JSON.parse(args!);
};
const healthCheck = (s: Stage) => execForm(/(?:^|\s)CMD\s+(\[.*\])$/.exec(last(s, 'HEALTHCHECK') ?? '')?.[1]);

const compose = parseYaml(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<string, { build: { context: string; target: string }; command?: string[]; ports: string[] }>;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Runs an image's command line as it is, its paths in the image replaced by `paths`. */
async function runEntry(command: string[], paths: Record<string, string>, env: Record<string, string>, ready: RegExp) {
  const mapped = command.map((arg) =>
    Object.entries(paths).reduce(
      (text, [from, to]) => (text.startsWith(from) ? to + text.slice(from.length) : text),
      arg,
    ),
  );
  expect(mapped[0]).toBe('node');
  const child = spawn(process.execPath, mapped.slice(1), {
    cwd: tmpdir(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await until(() => ready.test(output) || child.exitCode !== null, `${mapped.join(' ')} to listen`, 20_000);
  expect(output, output).toMatch(ready);
  return {
    output: () => output,
    // `docker stop` sends SIGTERM.
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs a HEALTHCHECK command as it is (outside the image: node is this node): its exit code. */
function runHealthCheck(command: string[], env: Record<string, string>) {
  expect(command[0]).toBe('node');
  return spawnSync(process.execPath, command.slice(1), { env: { ...process.env, ...env }, timeout: 15_000 }).status;
}

/** The default port a CLI names in its usage text. */
const mockDefaultPort = () =>
  Number(
    /--port <number>.*\(default: \$PORT or (\d+)\)/.exec(
      spawnSync(process.execPath, [join(MOCK, 'bin/mock.mjs'), '--help'], { encoding: 'utf8' }).stdout,
    )?.[1],
  );
const docsDefaultPort = () =>
  Number(
    /\[--port (\d+)\]/.exec(
      spawnSync(process.execPath, [join(DOCS, 'bin/serve.mjs'), '--no-such-option'], { encoding: 'utf8' }).stderr,
    )?.[1],
  );

const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('Dockerfile', () => {
  it('builds the mock by default and the docs as target "docs", each on a small base, as an unprivileged user', () => {
    expect(dockerfile.map((s) => s.as)).toEqual(['build', 'docs', 'mock']);
    for (const name of ['mock', 'docs']) {
      const s = stage(name);
      expect(s.from).toMatch(/^node:24-alpine$/);
      // The official Node images' unprivileged user (uid 1000); never root.
      expect(last(s, 'USER')).toBe('node');
      expect(s.instructions.findIndex((i) => i.name === 'USER')).toBeLessThan(
        s.instructions.findIndex((i) => i.name === 'ENTRYPOINT'),
      );
      expect(s.instructions.some((i) => i.name === 'RUN')).toBe(false);
    }
    // The build stage's Node is the one CI runs (20), on Debian as CI; its packages' versions are the lockfile's.
    expect(stage('build').from).toBe('node:24-bookworm-slim');
    expect(
      stage('build')
        .instructions.filter((i) => i.name === 'RUN')
        .map((i) => i.args)
        .join('\n'),
    ).toContain('pnpm install --frozen-lockfile');
  });

  it("the mock: port 4010 (the CLI's default) exposed, listening on every interface, a health check", () => {
    const mock = stage('mock');
    expect(last(mock, 'EXPOSE')).toBe(String(mockDefaultPort()));
    expect(mockDefaultPort()).toBe(4010);
    expect(execForm(last(mock, 'ENTRYPOINT'))).toEqual(['node', '/app/bin/mock.mjs', '--host', '0.0.0.0']);
    expect(last(mock, 'HEALTHCHECK')).toMatch(/--interval=\S+ .*CMD \[/);
    // /app is the mock's package with its production dependencies (pnpm deploy), as apps/mock is.
    expect(last(mock, 'COPY')).toBe('--from=build /out/mock /app');
    expect(
      stage('build')
        .instructions.map((i) => i.args)
        .join('\n'),
    ).toContain('pnpm --filter @hostapi/mock deploy --prod /out/mock');
  });

  it("the docs: port 8080 (the docs server's default) exposed, listening on every interface, a health check", () => {
    const docs = stage('docs');
    expect(last(docs, 'EXPOSE')).toBe(String(docsDefaultPort()));
    expect(docsDefaultPort()).toBe(8080);
    expect(execForm(last(docs, 'ENTRYPOINT'))).toEqual(['node', '/docs/bin/serve.mjs', '--host', '0.0.0.0']);
    expect(last(docs, 'COPY')).toBe('--from=build /out/docs /docs');
    const build = stage('build')
      .instructions.map((i) => i.args)
      .join('\n');
    expect(build).toContain('pnpm --filter @hostapi/docs deploy --prod /out/docs');
    expect(build).toContain('cp -r apps/docs/dist /out/docs/dist');
  });

  it(".dockerignore keeps this machine's installs and builds out of the build", () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
  });
});

describe("the images' commands, run as they are outside a container", () => {
  it(
    "the mock's entry command (with compose's options) answers, its " +
      'health check passes, and docker stop (SIGTERM) stops it with 0',
    async () => {
      const mock = stage('mock');
      const port = await freePort();
      const env = { PORT: String(port) };
      const command = [...execForm(last(mock, 'ENTRYPOINT')), ...(compose.services.mock!.command ?? [])];
      const running = await runEntry(
        command,
        { '/app/': `${MOCK}/` },
        env,
        /^hostapi mock(?: \([^)]*\))? on http:\/\/0\.0\.0\.0:\d+ \(ready in \d+ ms\)\n/,
      );
      try {
        expect(running.output()).toContain(`on http://0.0.0.0:${port} `);
        const answer = await fetch(`http://127.0.0.1:${port}/1.3/server/list_servers.json?apikey=k&client_id=293`);
        expect(answer.status).toBe(200);
        expect((await answer.json()).status).toBe(true);
        expect(runHealthCheck(healthCheck(mock), env)).toBe(0);
      } finally {
        expect(await running.stop()).toBe(0);
      }
      // Unhealthy when nothing answers.
      expect(runHealthCheck(healthCheck(mock), env)).toBe(1);
    },
  );

  it.each(['--sandbox', '--strict', '--dynamic'])(
    "the mock's health check passes with an option after the image's name: %s",
    async (option) => {
      const port = await freePort();
      const env = { PORT: String(port) };
      const running = await runEntry(
        [...execForm(last(stage('mock'), 'ENTRYPOINT')), option],
        { '/app/': `${MOCK}/` },
        env,
        / on http:\/\/0\.0\.0\.0:\d+ \(ready in/,
      );
      try {
        expect(runHealthCheck(healthCheck(stage('mock')), env)).toBe(0);
      } finally {
        expect(await running.stop()).toBe(0);
      }
    },
  );

  it("the docs' entry command serves the site and its health check passes", async () => {
    // /docs as the image has it: the docs package (its server and dependencies) with the built site.
    const image = mkdtempSync(join(tmpdir(), 'docs-image-'));
    temporary.push(image);
    mkdirSync(join(image, 'dist'));
    writeFileSync(join(image, 'dist/index.html'), '<!doctype html><title>hostapi docs</title>');
    // The server and the modules it reads (build/site.ts: where the site is), as pnpm deploy copies them.
    for (const dir of ['bin', 'build', 'page']) cpSync(join(DOCS, dir), join(image, dir), { recursive: true });
    cpSync(join(DOCS, 'package.json'), join(image, 'package.json'));
    symlinkSync(join(DOCS, 'node_modules'), join(image, 'node_modules'));

    const docs = stage('docs');
    const port = await freePort();
    const env = { PORT: String(port) };
    const command = [...execForm(last(docs, 'ENTRYPOINT')), ...(compose.services.docs!.command ?? [])];
    const running = await runEntry(
      command,
      { '/docs/': `${image}/` },
      env,
      /^hostapi docs on http:\/\/0\.0\.0\.0:\d+\n/,
    );
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<title>hostapi docs</title>');
      expect(runHealthCheck(healthCheck(docs), env)).toBe(0);
    } finally {
      expect(await running.stop()).toBe(0);
    }
    expect(runHealthCheck(healthCheck(docs), env)).toBe(1);
  });
});

describe('compose.yaml', () => {
  it("has the mock and the docs, each built from the Dockerfile's target of that name", () => {
    expect(Object.keys(compose.services).sort()).toEqual(['docs', 'mock']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.build).toEqual({ context: '.', target: name });
      expect(stage(service.build.target)).toBeDefined();
    }
  });

  it(
    "publishes each service's exposed port on this machine's " +
      "loopback only, where the docs' console looks for the mock",
    () => {
      for (const [name, service] of Object.entries(compose.services)) {
        const port = last(stage(name), 'EXPOSE');
        expect(service.ports).toEqual([`127.0.0.1:${port}:${port}`]);
      }
      // The docs' "Try it" console calls the mock there unless told otherwise.
      const consoleMock = new URL(
        /export const MOCK_URL = '([^']+)'/.exec(readFileSync(join(DOCS, 'build/mock.ts'), 'utf8'))![1]!,
      );
      expect(compose.services.mock!.ports).toEqual([
        `${consoleMock.hostname}:${consoleMock.port}:${last(stage('mock'), 'EXPOSE')}`,
      ]);
    },
  );

  it('gives the mock options it takes', () => {
    const options = compose.services.mock!.command ?? [];
    const { status, stderr } = spawnSync(
      process.execPath,
      [join(MOCK, 'bin/mock.mjs'), ...options, '--port', 'not-a-port'],
      { encoding: 'utf8' },
    );
    // Refused for the port alone: every option before it is known.
    expect({ status, stderr: stderr.split('\n')[0] }).toEqual({
      status: 2,
      stderr: '--port must be a port number (0 picks a free one), got not-a-port',
    });
  });
});
