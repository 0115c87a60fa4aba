// The shared-sandbox example (examples/shared-sandbox: a compose file and its nginx config), as far
// as it can be checked without a container engine: the files parse, the services are there and
// wired together, and the mocks' command line (the repository's Dockerfile's entry point, then the
// compose file's command) is one the mock accepts, storing in that Redis. docs/shared-sandbox.md
// shows both files as they are.
import { readFileSync } from 'node:fs';
import { codeBlocks } from '@hostapi/testing/commands';
import { load as parse } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli.ts';

const DIR = new URL('../examples/shared-sandbox/', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', DIR), 'utf8')) as Record<string, any>;
const nginx = readFileSync(new URL('nginx.conf', DIR), 'utf8');
const GUIDE = readFileSync(new URL('../docs/shared-sandbox.md', import.meta.url), 'utf8');
const DOCKERFILE = new URL('../../../Dockerfile', import.meta.url);

/** The ENTRYPOINT (exec form) of a stage of the Dockerfile. */
function entryPoint(stage: string): string[] {
  const text = readFileSync(DOCKERFILE, 'utf8');
  // The stage: from its FROM line to the next one, or the end.
  const stages = text.split(/^(?=FROM )/m);
  const body = stages.find((part) => new RegExp(`^FROM \\S+ AS ${stage}$`, 'm').test(part));
  if (!body) throw new Error(`The Dockerfile has no stage ${stage}`);
  return JSON.parse(/^ENTRYPOINT (\[.*\])$/m.exec(body)![1]!);
}

describe('examples/shared-sandbox', () => {
  it('runs Redis, two mock instances and a proxy in front of them', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['mock-a', 'mock-b', 'proxy', 'redis']);
    const { redis, proxy } = compose.services;
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(redis.volumes).toEqual(['sandbox-state:/data']);
    expect(Object.keys(compose.volumes)).toEqual(['sandbox-state']);
    expect(proxy.ports).toEqual(['127.0.0.1:4010:4010']);
    expect(proxy.volumes).toEqual(['./nginx.conf:/etc/nginx/nginx.conf:ro']);
    expect(proxy.depends_on.sort()).toEqual(['mock-a', 'mock-b']);
  });

  it("starts both mocks from the repository's mock image, with a command line the mock accepts, on that Redis", () => {
    const [a, b] = [compose.services['mock-a'], compose.services['mock-b']];
    expect(b).toEqual(a);
    expect(a.build).toEqual({ context: '../../../..', target: 'mock' });
    // The context is the repository, where the Dockerfile is.
    expect(new URL(`${a.build.context}/Dockerfile`, DIR).href).toBe(DOCKERFILE.href);
    expect(a.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
    const [node, bin, ...fixed] = entryPoint('mock');
    expect([node, bin]).toEqual(['node', '/app/bin/mock.mjs']);
    expect(parseCli([...fixed, ...a.command], {})).toEqual({
      config: expect.objectContaining({
        host: '0.0.0.0',
        port: 4010,
        mode: expect.objectContaining({ kind: 'sandbox', store: 'redis://redis:6379/0', storeTtlMs: 24 * 3_600_000 }),
      }),
    });
  });

  it(
    'nginx spreads requests over both instances, and retries ' + 'a request only when an instance could not be reached',
    () => {
      const upstream = /upstream mocks \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
      expect([...upstream.matchAll(/server (\S+)/g)].map((m) => m[1])).toEqual(['mock-a:4010', 'mock-b:4010']);
      expect(nginx).toMatch(/listen 4010;/);
      expect(nginx).toMatch(/proxy_pass http:\/\/mocks;/);
      expect(nginx).toMatch(/proxy_next_upstream error timeout;/);
      expect(nginx).not.toMatch(/non_idempotent/);
      // Balanced braces: a config nginx can read as far as its blocks go.
      expect(nginx.split('{').length).toBe(nginx.split('}').length);
    },
  );

  it('is what docs/shared-sandbox.md shows, as it is: one compose file, one nginx.conf', () => {
    const shown = (lang: string) => codeBlocks(GUIDE).filter((block) => block.lang === lang);
    expect(shown('yaml').map((block) => `${block.text}\n`)).toEqual([
      readFileSync(new URL('compose.yaml', DIR), 'utf8'),
    ]);
    expect(shown('nginx').map((block) => `${block.text}\n`)).toEqual([nginx]);
    expect(GUIDE).toContain('[`examples/shared-sandbox/compose.yaml`](../examples/shared-sandbox/compose.yaml)');
  });
});
