// Packs @hostapi/types and @hostapi/client, installs the tarballs in a fresh project outside the
// workspace, type-checks a strict TypeScript file that uses them, and runs it (ESM and CJS).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, ok, startCaptureServer, type CaptureServer } from './support/capture-server.js';

const run = promisify(execFile);
const PACKAGES = fileURLToPath(new URL('../..', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'hostapi-consumer-'));
let server: CaptureServer;

const CONSUMER = `
import { ApiError, createHostApiClient, type components } from '@hostapi/client';
import type { paths } from '@hostapi/types';
import createClient from 'openapi-fetch';

type Server = components['schemas']['Server'];

const baseUrl = process.argv[2]!;
const api = createHostApiClient({ apiKey: 'consumer-key', baseUrl, retries: 0 });

const page = await api.servers.list({ client_id: 293, filters: { state: 'On' } });
const first: Server | undefined = page.data[0];
const names: string[] = [];
for await (const server of api.servers.listAll({ client_id: 293 })) names.push(server.name);

let failure = '';
try {
  await api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
} catch (error) {
  if (error instanceof ApiError) failure = error.message;
}

// @hostapi/types on its own, with openapi-fetch.
const plain = createClient<paths>({ baseUrl });
const typed = await plain.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } });

console.log(JSON.stringify({ total: page.total_items, first: first?.name ?? null, names, failure, plainStatus: typed.response.status }));
`;

beforeAll(async () => {
  server = await startCaptureServer();
  const tarballs = [];
  for (const name of ['types', 'client']) {
    await run('pnpm', ['pack', '--pack-destination', project], { cwd: join(PACKAGES, name) });
  }
  for (const file of readdirSync(project)) if (file.endsWith('.tgz')) tarballs.push(`./${file}`);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, module: 'nodenext',
      moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: ['node'], skipLibCheck: false,
    },
    files: ['consumer.ts'],
  }));
  writeFileSync(join(project, 'consumer.ts'), CONSUMER);
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs, 'typescript@5.9.3', '@types/node@20.19.43'], { cwd: project });
}, 240_000);

afterAll(async () => {
  await server?.close();
  rmSync(project, { recursive: true, force: true });
});

it('the tarballs hold only what a consumer needs', () => {
  expect(readdirSync(project).filter((f) => f.endsWith('.tgz')).sort()).toEqual(['hostapi-client-0.0.0.tgz', 'hostapi-types-0.0.0.tgz']);
});

it('a strict TypeScript consumer type-checks and runs against a server', async () => {
  await run(join(project, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: project });
  const servers = { total_items: 1, current_items: 1, current_page: 1, total_pages: 1, data: [{ name: 'web01' }] };
  server.answer(ok(servers), ok(servers), json({ msg: 'Domain not found.', status: false }), ok({}));
  const { stdout } = await run('node', ['consumer.js', server.url], { cwd: project });
  expect(JSON.parse(stdout)).toEqual({ total: 1, first: 'web01', names: ['web01'], failure: 'cancelDomain: Domain not found.', plainStatus: 200 });
  expect(server.requests.at(-2)!.body.toString()).toBe('apikey=consumer-key&client_id=293&domain=oldbrand.co.nz');
}, 120_000);

it('CommonJS consumers can require it', async () => {
  const { stdout } = await run('node', ['-e', "const c = require('@hostapi/client'); console.log(typeof c.createHostApiClient, typeof c.ApiError)"], { cwd: project });
  expect(stdout.trim()).toBe('function function');
});

it('only openapi-fetch is installed as a runtime dependency', async () => {
  const { stdout } = await run('npm', ['ls', '--omit=dev', '--all', '--parseable', '@hostapi/client'], { cwd: project });
  expect(stdout).toContain('@hostapi/client');
  const { stdout: deps } = await run('node', ['-p', "JSON.stringify(require('@hostapi/client/package.json').dependencies)"], { cwd: project });
  expect(JSON.parse(deps)).toEqual({ 'openapi-fetch': '0.17.0' });
});
