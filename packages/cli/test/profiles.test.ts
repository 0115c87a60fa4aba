// Profiles: `hostapi login` saves the key (piped, or typed on a terminal without echo) in the
// platform's config folder, readable by its owner only; the CLI reads it back (--profile,
// HOSTAPI_PROFILE, the default), and HOSTAPI_KEY comes first when no profile is named.
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningMock, startMock } from '@hostapi/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFolder } from '../src/profiles.js';
import { answerOnTerminal, freshHome, HOSTAPI, hostapi } from './run.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, log: () => {} });
});
afterAll(() => mock?.close());

const mode = (path: string) => statSync(path).mode & 0o777;
const keyOf = (tag: string) => `cli-profile-${tag}-${process.pid}`;

/** Adds an SSH key with these credentials; the sandbox keeps it under that API key only. */
async function addKey(env: Record<string, string>, args: string[] = []) {
  const ran = await hostapi(
    [
      'ssh-keys',
      'add',
      '--client-id',
      '293',
      '--label',
      'p',
      '--content',
      'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIp me@x',
      ...args,
    ],
    env,
  );
  expect(ran.code, ran.stderr).toBe(0);
  return JSON.parse(ran.stdout).key_id as string;
}
const hasKey = async (id: string, env: Record<string, string>, args: string[] = []) =>
  (await hostapi(['ssh-keys', 'get', '--client-id', '293', '--key-id', id, ...args], env)).code === 0;

describe('the config folder', () => {
  it('is the platform’s', () => {
    expect(configFolder({ XDG_CONFIG_HOME: '/x/config' }, 'linux', '/home/a')).toBe('/x/config/hostapi');
    expect(configFolder({}, 'linux', '/home/a')).toBe('/home/a/.config/hostapi');
    expect(configFolder({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/a')).toBe('/home/a/.config/hostapi');
    expect(configFolder({}, 'darwin', '/Users/a')).toBe('/Users/a/Library/Application Support/hostapi');
    expect(configFolder({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toMatch(
      /^C:\\Users\\a\\AppData\\Roaming[\\/]hostapi$/,
    );
  });
});

describe('login, piped', () => {
  const home = freshHome();
  const folder = join(home, '.config', 'hostapi');
  const file = join(folder, 'profiles.json');

  it('saves the key, owner-only (folder 0700, file 0600), and says where, not the key', async () => {
    const ran = await hostapi(['login', '--base-url', mock.url], { HOME: home }, `  ${keyOf('default')}\n`);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout + ran.stderr).not.toContain(keyOf('default'));
    expect(ran.stderr).toContain(`Saved profile "default" in ${file}`);
    expect(mode(folder)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ default: { key: keyOf('default'), url: mock.url } });
  });

  it('a second profile beside it; each call uses the key of its profile', async () => {
    const ran = await hostapi(['login', '--profile', 'ci', '--base-url', mock.url], { HOME: home }, keyOf('ci'));
    expect(ran.code, ran.stderr).toBe(0);
    const id = await addKey({ HOME: home }, ['--profile', 'ci']);
    expect(await hasKey(id, { HOME: home, HOSTAPI_PROFILE: 'ci' })).toBe(true);
    expect(await hasKey(id, { HOME: home }, ['--profile', 'ci'])).toBe(true);
    expect(await hasKey(id, { HOME: home })).toBe(false); // the default profile's key: another sandbox
  });

  it('HOSTAPI_KEY comes before the default profile, not before --profile', async () => {
    const env = { HOME: home, HOSTAPI_KEY: keyOf('env'), HOSTAPI_URL: mock.url };
    const id = await addKey(env);
    expect(await hasKey(id, env)).toBe(true);
    expect(await hasKey(id, env, ['--profile', 'default'])).toBe(false);
  });

  it('warns when others can read the file', async () => {
    chmodSync(file, 0o644);
    const ran = await hostapi(['dns', 'list-templates', '--client-id', '293'], { HOME: home });
    expect(ran.code).toBe(0);
    expect(ran.stderr).toContain(`${file} can be read by others (644): run chmod 600 on it`);
    chmodSync(file, 0o600);
  });

  it('logout removes a profile', async () => {
    expect((await hostapi(['logout', '--profile', 'ci'], { HOME: home })).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')))).toEqual(['default']);
    expect((await hostapi(['logout', '--profile', 'ci'], { HOME: home })).code).toBe(2);
  });

  it('reads a key piped in by a writer slower than the bin', async () => {
    const late = { HOME: freshHome() };
    const ran = await hostapi(['login', '--base-url', mock.url], late, `${keyOf('late')}\n`, { late: true });
    expect(ran.code, ran.stderr).toBe(0);
    expect(await hasKey(await addKey(late), late)).toBe(true);
  });

  it('refuses an empty key', async () => {
    const ran = await hostapi(['login', '--profile', 'empty'], { HOME: home }, '\n');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('login: no key given');
  });
});

it('login on a terminal: asks for the key without echoing it', async () => {
  const home = freshHome();
  const key = keyOf('typed');
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
  const { stdout: output } = await answerOnTerminal(`${HOSTAPI} login --base-url ${mock.url}`, env, 'API key: ', key);
  expect(output).toContain('API key: ');
  expect(output).toContain('Saved profile "default"');
  expect(output).not.toContain(key);
  const file = join(home, '.config', 'hostapi', 'profiles.json');
  expect(existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).default.key).toBe(key);
  expect(mode(file)).toBe(0o600);
});
