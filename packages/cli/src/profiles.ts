// Credentials: the key from HOSTAPI_KEY, or from a profile `hostapi login` saved in the
// platform's config folder, readable by its owner only (folder 0700, file 0600).
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { UsageError } from './input.js';
import type { Io } from './terminal.js';

export interface Profile {
  key: string;
  /** The service's address, when not the default (`--base-url` at login). */
  url?: string;
}

export const DEFAULT_PROFILE = 'default';

/**
 * `$XDG_CONFIG_HOME/hostapi` (or `~/.config/hostapi`) on Linux and other Unix,
 * `~/Library/Application Support/hostapi` on macOS, `%APPDATA%\hostapi` on Windows.
 */
export function configFolder(env: NodeJS.ProcessEnv, platform = process.platform, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'hostapi');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'hostapi');
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec: a relative path is invalid and ignored.
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), 'hostapi');
}

/** Throws a UsageError unless `url` is an http(s) URL; `what` names where it came from. */
export function checkUrl(url: string, what: string): void {
  if (!(URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)))
    throw new UsageError(`${what}: not an http(s) URL: ${url}`);
}

export const profilesFile = (env: NodeJS.ProcessEnv) => join(configFolder(env), 'profiles.json');

/** Every saved profile; none when the file does not exist. Warns when others may read it. */
export function readProfiles(io: Io): Record<string, Profile> {
  const file = profilesFile(io.env);
  if (!existsSync(file)) return {};
  const mode = statSync(file).mode & 0o777;
  if (process.platform !== 'win32' && mode & 0o077)
    io.err(`hostapi: ${file} can be read by others (${mode.toString(8)}): run chmod 600 on it\n`);
  try {
    const profiles = JSON.parse(readFileSync(file, 'utf8'));
    if (profiles && typeof profiles === 'object' && !Array.isArray(profiles)) return profiles;
  } catch {}
  throw new UsageError(`${file} is not a profiles file: remove it, and run hostapi login again`);
}

/** Saves the profiles, the folder 0700 and the file 0600 (written beside, then moved into place). */
export function writeProfiles(env: NodeJS.ProcessEnv, profiles: Record<string, Profile>): string {
  const file = profilesFile(env);
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, `${JSON.stringify(profiles, null, 2)}\n`, { mode: 0o600 });
  chmodSync(staging, 0o600);
  renameSync(staging, file);
  return file;
}

/**
 * The key and address of a call: `--profile` (or HOSTAPI_PROFILE) names a profile that must
 * exist; otherwise HOSTAPI_KEY, else the default profile. `--base-url`, then HOSTAPI_URL, then
 * the profile's address.
 */
export function credentials(options: { profile?: string; baseUrl?: string }, io: Io) {
  const { env } = io;
  const named = options.profile ?? (env.HOSTAPI_PROFILE || undefined);
  const useEnv = !named && env.HOSTAPI_KEY;
  const name = named ?? DEFAULT_PROFILE;
  const profile = useEnv ? undefined : readProfiles(io)[name];
  if (named && !profile) {
    throw new UsageError(
      `--profile: no profile ${JSON.stringify(name)} in ${profilesFile(env)}; run hostapi login --profile ${name}`,
    );
  }
  if (profile?.key) io.keys.push(profile.key);
  return {
    key: useEnv ? env.HOSTAPI_KEY : profile?.key,
    baseUrl: options.baseUrl ?? (env.HOSTAPI_URL || profile?.url),
  };
}
