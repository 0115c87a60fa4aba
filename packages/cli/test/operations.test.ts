// All 22 operations through the bin, as a person runs them, against the mock's sandbox (which
// remembers writes per key): each answer is what the client answers for the same call, and each
// write is read back by the command that reads it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHostApiClient } from '@hostapi/client';
import { type RunningMock, startMock } from '@hostapi/mock';
import { readBundle } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandsOf } from '../src/operations.js';
import { freshHome, hostapi } from './run.js';

const KEY = `cli-operations-${process.pid}`;
let mock: RunningMock;
let env: Record<string, string>;
const ran = new Set<string>();

beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, log: () => {} });
  env = { HOSTAPI_KEY: KEY, HOSTAPI_URL: mock.url };
});
afterAll(() => mock?.close());

/** Runs `hostapi group command ...`, expects exit 0, and returns its JSON output (piped: JSON). */
async function call(args: string[], own: Record<string, string> = {}): Promise<any> {
  ran.add(`${args[0]} ${args[1]}`);
  const { code, stdout, stderr } = await hostapi(args, { ...env, ...own });
  expect(code, `hostapi ${args.join(' ')}: ${stderr}`).toBe(0);
  return JSON.parse(stdout);
}

describe('reads', () => {
  it('servers list and list-images answer what the client answers for the same call', async () => {
    const client = createHostApiClient({ apiKey: `${KEY}-client`, baseUrl: mock.url });
    expect(await call(['servers', 'list', '--client-id', '293', '--state', 'On', '--sort-by', 'name'])).toEqual(
      await client.servers.list({ client_id: 293, filters: { state: 'On', sort_by: 'name' } }),
    );
    expect(await call(['servers', 'list-images', '--os', 'ubuntu'])).toEqual(
      await client.servers.listImages({ filters: { os: 'ubuntu' } }),
    );
  });

  it('dns list-ips, list-templates and list-domains-using-template', async () => {
    expect(Object.keys(await call(['dns', 'list-ips', '--client-id', '293']))).toContain('203.0.113.10');
    const templates = await call(['dns', 'list-templates', '--client-id', '293']);
    expect(templates.map((t: { template_id: string }) => t.template_id)).toContain('12');
    const domains = await call(['dns', 'list-domains-using-template', '--client-id', '293', '--template-id', '12']);
    expect(Object.keys(domains)).toContain('example.co.nz');
  });

  it('domains get-pricing-tiers, get and check-availability (a list, indexed, and yes/no)', async () => {
    expect((await call(['domains', 'get-pricing-tiers', '--client-id', '293'])).length).toBeGreaterThan(0);
    expect(await call(['domains', 'get', '--client-id', '293', '--domain', 'example.co.nz'])).toMatchObject({
      Domain: 'example.co.nz',
    });
    const check = await call([
      ...['domains', 'check-availability', '--client-id', '293', '--domain', 'harbourtrading.co.nz'],
      ...['--additional-tlds', 'com', '--additional-tlds', 'nz', '--suggest'],
    ]);
    expect(check).toMatchObject({ domain: 'harbourtrading.co.nz', available: false });
  });

  it('accounts list-sub-accounts, cloud get-database, bandwidth get-usage-by-day, mail list-domains', async () => {
    const accounts = await call(['accounts', 'list-sub-accounts', '--client-id', '293', '--include-closed']);
    expect(accounts.total_items).toBeGreaterThan(0);
    const database = ['--server-name', 'cloud01', '--mysql-host', 'mysql8', '--database', 'shop'];
    expect(await call(['cloud', 'get-database', '--client-id', '293', ...database])).toMatchObject({ db_name: 'shop' });
    const usage = await call([
      ...['bandwidth', 'get-usage-by-day', '--client-id', '293', '--ip-addr', '203.0.113.10/32'],
      ...['--from', String(Date.UTC(2026, 9, 20) / 1000), '--to', String(Date.UTC(2026, 9, 21) / 1000)],
    ]);
    expect(Object.keys(usage['203.0.113.10/32'])).toEqual(['2026-10-20', '2026-10-21']);
    const mail = await call(['mail', 'list-domains', '--client-id', '293', '--server-name', 'mail01']);
    expect(mail.map((d: { domain: string }) => d.domain)).toContain('harbourtrading.nz');
  });
});

describe('writes, read back', () => {
  it('ssh-keys add (content from @~/file) then get', async () => {
    const home = freshHome();
    writeFileSync(join(home, 'id_ed25519.pub'), 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIcli me@laptop\n');
    const added = await call(
      ['ssh-keys', 'add', '--client-id', '293', '--label', 'laptop', '--content', '@~/id_ed25519.pub'],
      { HOME: home },
    );
    const key = await call(['ssh-keys', 'get', '--client-id', '293', '--key-id', added.key_id, '--include-users']);
    expect(key).toMatchObject({ label: 'laptop', content: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIcli me@laptop' });
  });

  it('domains create then get, check-availability, cancel (--yes), and get again fails', async () => {
    const domain = ['--client-id', '293', '--domain', 'harbour-cli.co.nz'];
    const created = await call(['domains', 'create', ...domain, '--term', '12', '--registrant-contact', '3310']);
    expect(created.job_id).toMatch(/^\d+$/);
    expect(await call(['domains', 'get', ...domain])).toMatchObject({ Domain: 'harbour-cli.co.nz' });
    expect(await call(['domains', 'check-availability', ...domain])).toMatchObject({ available: false });
    expect((await call(['domains', 'cancel', ...domain, '--yes'])).job_id).toMatch(/^\d+$/);
    const gone = await hostapi(['domains', 'get', ...domain], env);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('domains get: Domain not found.');
  });

  it('domains update-contact (nested fields) keeps what an earlier update sent', async () => {
    const contact = ['domains', 'update-contact', '--client-id', '293', '--contact-id', '3310', '--yes'];
    await call([...contact, '--params-phone-country', '61', '--params-phone-local', '5550123']);
    const after = await call([...contact, '--params-city', 'Wellington']);
    expect(after).toMatchObject({ City: 'Wellington', PhoneCountry: '61', PhoneLocal: '5550123' });
  });

  it('servers upgrade (a map: --upgrade-disk) and upgrade-plan change what servers list reports', async () => {
    const server = ['--client-id', '293', '--name', 'web01', '--yes'];
    expect(
      await call(['servers', 'upgrade', ...server, '--upgrade-cores', '4', '--upgrade-disk', 'xvda1=120']),
    ).toEqual({
      cores: true,
      disk: { xvda1: true },
    });
    const web01 = async () =>
      (await call(['servers', 'list', '--client-id', '293', '--name', 'web01', '--query', 'data']))[0];
    expect(await web01()).toMatchObject({ cores: '4', disk: 120, product_code: 'VPS-4G' });
    await call(['servers', 'upgrade-plan', ...server, '--plan', 'VPS-16G']);
    expect(await web01()).toMatchObject({ cores: '8', product_code: 'VPS-16G' });
  });

  it('dns update-soa is accepted, and cloud backup-stack starts a job', async () => {
    const soa = ['--ns', 'ns1.hostapi.example', '--email', 'hostmaster@example.co.nz', '--refresh', '10800'];
    const updated = await call([
      ...['dns', 'update-soa', '--client-id', '293', '--domain', 'example.co.nz', ...soa, '--yes'],
      ...['--retry', '3600', '--expire', '604800', '--minimum', '3600'],
    ]);
    expect(updated.msg).toBeTruthy();
    const backup = ['--server', 'cloud01', '--name', 'shop', '--containers', 'shop-web', '--containers', 'shop-worker'];
    expect((await call(['cloud', 'backup-stack', '--client-id', '293', ...backup])).job_id).toMatch(/^\d+$/);
  });

  it('cloud copy-stack (a list of groups) clones a database that get-database then finds', async () => {
    const copied = await call([
      ...['cloud', 'copy-stack', '--client-id', '293', '--source-server', 'cloud01', '--name', 'shop'],
      ...[
        '--destination-server',
        'cloud02',
        '--label',
        'Shop staging',
        '--params-the-service',
        'staging.example.co.nz',
      ],
      ...['--params-databases-clone-db-from', 'shop', '--params-databases-mysql-host', 'mysql8'],
      ...['--params-databases-db-name', 'shop_staging'],
    ]);
    expect(copied.job_id).toMatch(/^\d+$/);
    const found = ['--server-name', 'cloud02', '--mysql-host', 'mysql8', '--database', 'shop_staging'];
    expect(await call(['cloud', 'get-database', '--client-id', '293', ...found])).toMatchObject({
      db_name: 'shop_staging',
    });
  });
});

it('ran every operation of the description (22)', () => {
  const all = commandsOf(readBundle()).map((c) => `${c.group} ${c.name}`);
  expect(all).toHaveLength(22);
  expect([...ran].sort()).toEqual(all.sort());
});
