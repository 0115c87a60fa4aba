// Every command a README prints that starts a server (the mock, the proxy, the docs, and the
// root `pnpm start`) runs here as written, from the folder the README speaks from, on the port
// it says; each is checked to serve, then stopped with Ctrl-C (SIGINT to its process group).
// The curl commands printed beside the mock are run against it too. A new server command in any
// README fails this test until it gets a check below.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  codeBlocks,
  freePort,
  isListening,
  shellCommands,
  startCommand,
  type RunningCommand,
} from '@hostapi/testing/commands';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const spec = readBundle();

/** Every README.md of the repository (not of node_modules). */
function readmes(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', '.git', 'dist', '.turbo'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? readmes(path) : entry.name === 'README.md' ? [path] : [];
  });
}

interface Printed {
  readme: string;
  heading: string;
  command: string;
}

/** Commands in `sh` blocks, and in the first cell of table rows; `a && b` as its parts. */
const printed: Printed[] = readmes().flatMap((path) => {
  const text = readFileSync(path, 'utf8');
  const readme = relative(ROOT, path);
  const fromBlocks = codeBlocks(text)
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => shellCommands(b).map((command) => ({ heading: b.heading, command })));
  const fromTables = [...text.matchAll(/^\| `((?:pnpm|npx) [^`]+)` \|/gm)].map((m) => ({
    heading: 'table',
    command: m[1]!,
  }));
  return [...fromBlocks, ...fromTables].flatMap(({ heading, command }) =>
    command.split(' && ').map((part) => ({ readme, heading, command: part.trim() })),
  );
});

const STARTS_A_SERVER = /^(pnpm start\b|pnpm (--filter|-C) \S+ (start|proxy)\b|npx hostapi-mock\b)/;
/** Each server command once (the root README prints `pnpm start` twice). */
const servers = printed.filter(
  (p, i) => STARTS_A_SERVER.test(p.command) && printed.findIndex((q) => q.command === p.command) === i,
);

/** A placeholder a README writes for the reader's own value, and what this test puts there. */
const PLACEHOLDERS: Record<string, string> = { '<url>': 'http://127.0.0.1:9' };
const asRun = (command: string) =>
  Object.entries(PLACEHOLDERS).reduce((c, [name, value]) => c.replace(name, value), command);

/**
 * How each kind of server command is checked: where it listens, when it is ready, that it serves.
 * A command that names no port is run as written with its port in the environment (PORT, or
 * DOCS_PORT and MOCK_PORT for `pnpm start`), a free one, so that a `pnpm start` of the reader's
 * own, or another run, never holds it up; a command that names its port is given that port.
 */
interface Check {
  /** The environment variables that carry the ports a command names none of, with their defaults. */
  variables: (command: string) => Record<string, number>;
  ready: (output: string, command: string, ports: Record<string, number>) => boolean;
  serves: (running: RunningCommand, command: string, ports: Record<string, number>) => Promise<void>;
}

const portOf = (command: string, ports: Record<string, number>) =>
  Number(/--port (\d+)/.exec(command)?.[1] ?? ports.PORT);
/** The docs' and the mock's ports of a `pnpm start`: as the command gives them, or from its environment. */
const startPorts = (command: string, ports: Record<string, number>) => ({
  docs: Number(/--docs-port (\d+)/.exec(command)?.[1] ?? ports.DOCS_PORT),
  mock: Number(/--mock-port (\d+)/.exec(command)?.[1] ?? ports.MOCK_PORT),
});
const onlyPort = (command: string): Record<string, number> => (/--port \d+/.test(command) ? {} : { PORT: 0 });
const listServers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/1.3/server/list_servers.json?apikey=k&client_id=293`);
const example = (id: string, name: string, code = '200') => {
  const found = operationsOf(spec).find(({ op }) => op.operationId === id)!;
  return responseExamples(spec, found.op, code)[name];
};

async function mockServes(port: number, command: string) {
  const response = await listServers(port);
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.status).toBe(true);
  // Generated data, or the sandbox's account, or the description's example.
  if (command.includes('--dynamic') || command.includes('--sandbox'))
    expect(body).not.toEqual(example('listServers', 'success'));
  else expect(body).toEqual(example('listServers', 'success'));
  if (command.includes('--sandbox')) expect(body.return.data.map((s: { name: string }) => s.name)).toContain('web01');
  // The version segment the Go SDK sends: served by default, refused with --strict.
  expect((await fetch(`http://127.0.0.1:${port}/1.5/server/list_servers.json?apikey=k&client_id=293`)).status).toBe(
    command.includes('--strict') ? 404 : 200,
  );
}

const CHECKS: [RegExp, Check][] = [
  [
    /^pnpm start( -- .*)?$/,
    {
      variables: (command) => ({
        ...(/--docs-port/.test(command) ? {} : { DOCS_PORT: 0 }),
        ...(/--mock-port/.test(command) ? {} : { MOCK_PORT: 0 }),
      }),
      // Both addresses, last, once both are ready.
      ready: (output, command, ports) =>
        new RegExp(
          `hostapi docs on http://127\\.0\\.0\\.1:${startPorts(command, ports).docs}\nhostapi mock on ` +
            `http://127\\.0\\.0\\.1:${startPorts(command, ports).mock}\n$`,
        ).test(output),
      serves: async (_running, command, ports) => {
        const page = await fetch(`http://127.0.0.1:${startPorts(command, ports).docs}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<title>');
        await mockServes(startPorts(command, ports).mock, '');
      },
    },
  ],
  // The sandbox (apps/mock/src/sandbox): the fixture's data, a write remembered, its options announced.
  [
    /^pnpm (--filter @hostapi\/mock|-C apps\/mock) start (-- )?--sandbox\b/,
    {
      variables: onlyPort,
      ready: (output, command, ports) =>
        new RegExp(`hostapi mock \\(sandbox.* on http://127\\.0\\.0\\.1:${portOf(command, ports)} \\(ready in`).test(
          output,
        ),
      serves: async (running, command, ports) => {
        const port = portOf(command, ports);
        const line = /hostapi mock.*/.exec(running.output())![0];
        const fixture = /--fixture (\S+)/.exec(command)?.[1];
        if (fixture) expect(line).toContain(`sandbox of ${join(ROOT, fixture)}`);
        const limit = /--rate-limit (\d+)/.exec(command)?.[1];
        if (limit) expect(line).toContain(`rate limit ${limit}/s per key`);
        const latency = /--latency (\d+)/.exec(command)?.[1];
        if (latency) expect(line).toContain(`latency ${latency} ms`);
        const page = await (await listServers(port)).json();
        expect(page.return).toMatchObject({ total_items: 9, current_page: 1 });
        const add = await fetch(`http://127.0.0.1:${port}/1.2/ssh/key/add.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'apikey=readme&client_id=293&label=readme&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20readme',
        });
        const { key_id: id } = (await add.json()).return;
        const key = await (
          await fetch(`http://127.0.0.1:${port}/1.3/ssh/key/get.json?apikey=readme&client_id=293&key_id=${id}`)
        ).json();
        expect(key.return.label).toBe('readme');
      },
    },
  ],
  [
    /^pnpm (--filter @hostapi\/mock|-C apps\/mock) start( -- .*)?$/,
    {
      variables: onlyPort,
      ready: (output, command, ports) =>
        new RegExp(`hostapi mock.* on http://127\\.0\\.0\\.1:${portOf(command, ports)} \\(ready in`).test(output),
      serves: async (running, command, ports) => {
        const port = portOf(command, ports);
        const line = /hostapi mock.*/.exec(running.output())![0];
        const seed = /--seed (\d+)/.exec(command)?.[1];
        if (command.includes('--dynamic')) expect(line).toContain(`(dynamic, seed ${seed ?? 1})`);
        if (command.includes('--strict')) expect(line).toContain('(strict)');
        if (command.includes('--sandbox')) expect(line).toContain('(sandbox)');
        await mockServes(port, command);
      },
    },
  ],
  [
    /^pnpm (--filter @hostapi\/mock|-C apps\/mock) proxy -- --upstream \S+$/,
    {
      variables: onlyPort,
      ready: (output, command, ports) =>
        output.includes(
          `hostapi validating proxy to ${command.split(' ').at(-1)} on http://127.0.0.1:${portOf(command, ports)}`,
        ),
      serves: async (running, command, ports) => {
        // The upstream is the reader's; this one cannot be reached here: the proxy says so.
        const response = await fetch(`http://127.0.0.1:${portOf(command, ports)}/1.5/server/list_images.json?apikey=k`);
        expect(response.status).toBe(502);
        expect((await response.json()).detail).toContain(`GET to ${new URL(command.split(' ').at(-1)!).origin} failed`);
        // The log line reaches this process through pnpm's pipe, possibly after the answer.
        await expect
          .poll(() => running.output(), { timeout: 10_000 })
          .toContain('GET /1.5/server/list_images.json?apikey=[redacted] → 502');
      },
    },
  ],
  [
    /^pnpm --filter @hostapi\/docs start( -- .*)?$/,
    {
      variables: onlyPort,
      ready: (output, command, ports) => output.includes(`hostapi docs on http://127.0.0.1:${portOf(command, ports)}`),
      serves: async (_running, command, ports) => {
        const page = await fetch(`http://127.0.0.1:${portOf(command, ports)}/`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
      },
    },
  ],
];

/** Commands run by another test, in the setting they need. */
const RUN_ELSEWHERE: [RegExp, string][] = [
  // In a reader's project, installed from the packed packages, with the README's other blocks.
  [/^npx hostapi-mock\b/, 'packages/readme-tests'],
];

const checkOf = (command: string) => CHECKS.find(([pattern]) => pattern.test(command))?.[1];

describe('the READMEs', () => {
  it('print the server commands this test knows how to check', () => {
    expect(servers.length).toBeGreaterThanOrEqual(10);
    const unchecked = servers.filter(
      (p) => !checkOf(asRun(p.command)) && !RUN_ELSEWHERE.some(([pattern]) => pattern.test(p.command)),
    );
    expect(unchecked).toEqual([]);
  });
});

describe.each(servers.filter((p) => checkOf(asRun(p.command))).map((p) => [`${p.readme}: ${p.command}`, p] as const))(
  '%s',
  (_name, p) => {
    it('serves as written, and stops on Ctrl-C', async () => {
      const command = asRun(p.command);
      const check = checkOf(command)!;
      const ports = Object.fromEntries(
        await Promise.all(Object.keys(check.variables(command)).map(async (name) => [name, await freePort()] as const)),
      );
      const listening = [
        ...Object.values(ports),
        ...[...command.matchAll(/--(?:docs-|mock-)?port (\d+)/g)].map((m) => Number(m[1])),
      ];
      const running = await startCommand(command, {
        cwd: ROOT,
        env: Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
        ports: listening,
        ready: (output) => check.ready(output, command, ports),
        timeoutMs: 120_000,
      });
      try {
        await check.serves(running, command, ports);
        // Whichever README printed it first (each command runs once): the mock's curls follow it.
        if (command === 'pnpm -C apps/mock start') await curlCommandsAgainst(portOf(command, ports));
      } finally {
        await running.stop();
      }
      for (const port of listening) expect(await isListening(port)).toBe(false);
    }, 300_000);
  },
);

/** The mock README's curl commands, as written, against the mock it starts first (on `port`, for 4010). */
async function curlCommandsAgainst(port: number) {
  const curls = printed.filter((p) => p.readme === 'apps/mock/README.md' && p.command.startsWith('curl '));
  expect(curls.map((c) => /Prefer: ([^']+)/.exec(c.command)![1])).toEqual([
    'example=clientNotFound',
    'code=500, example=rateLimited',
    'code=400',
  ]);
  const expected = [
    example('listServers', 'clientNotFound'),
    example('listServers', 'rateLimited', '500'),
    example('listServers', 'validationFailed', '400'),
  ];
  curls.forEach(({ command }, i) => {
    // As written: the README's curl reads the mock's port from PORT, as the mock does.
    const output = execFileSync('sh', ['-c', command], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, PORT: String(port) },
    });
    expect(JSON.parse(output)).toEqual(expected[i]);
  });
}
