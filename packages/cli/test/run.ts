// The built bin run as a person runs it: a child process with arguments, an environment of its
// own (no HOSTAPI_* from the test's), and standard input; on a terminal through `script`.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BIN = new URL('../dist/bin.js', import.meta.url).pathname;

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** A folder of its own for the config (XDG_CONFIG_HOME) and the home folder. */
export const freshHome = () => mkdtempSync(join(tmpdir(), 'hostapi-cli-home-'));

/**
 * Runs `hostapi ...args` to its end, with `env` over a minimal environment. `late`: its input is
 * written only once it waits for it (or has ended), as a writer slower than the bin writes it (a
 * password manager piped into `hostapi login`).
 */
export function hostapi(
  args: string[],
  env: Record<string, string> = {},
  input?: string,
  { late = false } = {},
): Promise<Ran> {
  const home = env.HOME ?? freshHome();
  return new Promise((resolve) => {
    let ended = false;
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env } },
      (error, stdout, stderr) => {
        ended = true;
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin!.on('error', () => {}); // the bin ended before reading it
    if (!late) return void child.stdin!.end(input ?? '');
    const feed = setInterval(() => {
      if (!ended && !readingStdin(child.pid!)) return;
      clearInterval(feed);
      child.stdin!.end(input ?? '');
    }, 20);
  });
}

/** Whether process `pid` waits in read(0, …) (Linux's /proc: x64's system call 0, arm64's 63). */
function readingStdin(pid: number): boolean {
  try {
    return /^(0|63) 0x0 /.test(readFileSync(`/proc/${pid}/syscall`, 'utf8'));
  } catch {
    return false; // ended meanwhile
  }
}

/** Runs a shell command line on a terminal (util-linux `script`), its input typed in; the terminal's text. */
export function onTerminal(command: string, env: Record<string, string>, input = ''): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      'script',
      ['-qec', `stty cols 160; ${command}`, '/dev/null'],
      { env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.replace(/\r\n/g, '\n'), stderr }),
    );
    child.stdin!.end(input);
  });
}

/**
 * Runs a shell command line on a terminal and types `reply` (then Enter) once `prompt` shows, as a
 * person types it (a terminal echoes what it is given before the program turns echo off); the
 * terminal's text, and the exit code.
 */
export function answerOnTerminal(command: string, env: Record<string, string>, prompt: string, reply: string) {
  return new Promise<Ran>((resolve) => {
    let text = '';
    const child = execFile(
      'script',
      ['-qec', command, '/dev/null'],
      { env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...env } },
      (error) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: text.replace(/\r\n/g, '\n'), stderr: '' }),
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      const before = text;
      text += chunk.toString();
      if (!before.includes(prompt) && text.includes(prompt)) child.stdin!.write(`${reply}\r`);
    });
  });
}

/** The command line of the bin, for a shell. */
export const HOSTAPI = `${process.execPath} ${BIN}`;
