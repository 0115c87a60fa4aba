// A README pasted into a fresh project, as a reader in another repository would paste it: its
// commands run as written, its code blocks written to files, type-checked by its own tsc and run.
// The conventions a README follows so that this can be done without a hidden preamble are in
// this package's README.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { codeBlocks, freePort, startCommand, type CodeBlock, type RunningCommand } from '@hostapi/testing/commands';

export interface PastedFile {
  /**
   * Where the README says it goes (`// vitest.config.mjs` as its first line; a `jsonc` block is a
   * file only so named: `// tsconfig.json`), or `example-<n>.mjs`/`.mts`.
   */
  path: string;
  text: string;
  /** `// Fragment: …` as its first line (after the path): type-checked, not run. */
  fragment: boolean;
  /** What it must print, from its `// prints: …` lines. */
  prints: string[];
  heading: string;
}

export interface Step {
  heading: string;
  /** A shell command, or a file to write, or a block of one of the `others` languages asked for. */
  command?: string;
  file?: PastedFile;
  block?: CodeBlock;
}

/** A README's commands and files (and its blocks in the `others` languages), in the order it prints them. */
export function stepsOf(markdown: string, others: string[] = []): Step[] {
  let examples = 0;
  return codeBlocks(markdown).flatMap((block: CodeBlock): Step[] => {
    if (block.lang === 'sh') return commandsOf(block).map((command) => ({ heading: block.heading, command }));
    if (others.includes(block.lang)) return [{ heading: block.heading, block }];
    if (!['ts', 'js', 'mjs', 'tsx', 'jsonc'].includes(block.lang)) return [];
    const lines = block.text.split('\n');
    const named = /^\/\/ ([\w./-]+\.([cm]?[jt]sx?|json))$/.exec(lines[0] ?? '')?.[1];
    if (block.lang === 'jsonc' && !named) return [];
    const body = named ? lines.slice(1) : lines;
    // A block the README does not name is an ES module, whatever the project's `type` says.
    const extension = { js: 'mjs', ts: 'mts', mjs: 'mjs', tsx: 'tsx' }[block.lang];
    return [
      {
        heading: block.heading,
        file: {
          path: named ?? `example-${++examples}.${extension}`,
          text: `${block.text}\n`,
          fragment: /^\/\/ Fragment\b/.test(body.find((line) => line.trim()) ?? ''),
          prints: [...block.text.matchAll(/\/\/ prints: (.+)$/gm)].map((m) => m[1]!.trim()),
          heading: block.heading,
        },
      },
    ];
  });
}

/** The commands of an `sh` block as written: one a line, comments and blank lines left out. */
function commandsOf(block: CodeBlock): string[] {
  return block.text
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `command` through the shell in `cwd`, to its end (or `timeoutMs`, then says so). */
export function sh(command: string, cwd: string, env: Record<string, string> = {}, timeoutMs = 240_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      'sh',
      ['-c', command],
      { cwd, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const timedOut = error && (error as { killed?: boolean }).killed;
        resolve({
          code: error ? (timedOut ? -1 : Number((error as { code?: number }).code ?? 1)) : 0,
          stdout,
          stderr: timedOut ? `${stderr}\n\`${command}\` did not end within ${timeoutMs / 1000} s` : stderr,
        });
      },
    );
  });
}

/**
 * What a reader's npm commands run with here: without the audit, funding and update notices, and
 * preferring npm's cache to asking the registry again about every package (the commands are the
 * README's; what npm already holds it takes from the cache, as on a reader's machine). Its
 * warnings are printed, as to the reader: the README must explain each (describe-readme.ts).
 */
export const NPM_ENV: Readonly<Record<string, string>> = {
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'warn',
  npm_config_prefer_offline: 'true',
};

/**
 * A project outside the repository, as a reader's: made by `npm init -y` (which writes
 * `"type": "commonjs"` today) and, as teammates would have it committed, the folder `pnpm vendor`
 * wrote (`vendor/hostapi`); nothing else. `env` is what its commands run with: npm quiet, and the
 * mock's port and address once a README starts one.
 */
export class Project {
  readonly dir: string;
  readonly env: Record<string, string> = { ...NPM_ENV };
  readonly servers: RunningCommand[] = [];
  /** Where the test's own type-checks keep tsc's incremental record: outside the reader's folder. */
  readonly buildInfo: string;

  constructor(vendor: string, name: string) {
    this.dir = mkdtempSync(join(tmpdir(), `hostapi-readme-${name}-`));
    this.buildInfo = `${this.dir}.tsbuildinfo`;
    execFileSync('npm', ['init', '-y'], { cwd: this.dir, env: { ...process.env, ...NPM_ENV }, stdio: 'ignore' });
    cpSync(vendor, join(this.dir, 'vendor/hostapi'), { recursive: true });
  }

  write(file: PastedFile) {
    const path = join(this.dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
    return path;
  }

  /**
   * Starts a command that serves (the mock), as written, on a free port given as PORT; resolves
   * once it says where it listens, and sets HOSTAPI_URL to that address for what runs next.
   */
  async serve(command: string, cwd: string) {
    const port = await freePort();
    const server = await startCommand(command, {
      cwd,
      env: { ...this.env, PORT: String(port) },
      ready: (output) => / on (http:\/\/\S+)/.test(output),
      timeoutMs: 60_000,
    });
    this.servers.push(server);
    this.env.PORT = String(port);
    this.env.HOSTAPI_URL = / on (http:\/\/\S+)/.exec(server.output())![1]!;
    return server;
  }

  async close() {
    await Promise.all(this.servers.map((server) => server.stop()));
    rmSync(this.dir, { recursive: true, force: true });
    rmSync(this.buildInfo, { force: true });
  }
}
