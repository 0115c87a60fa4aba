// The built bin run as a person runs it: a child process with arguments, an environment of its
// own (no HOSTAPI_* from the test's), and standard input; on a terminal through `script`.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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

/** Runs `hostapi ...args` to its end, with `env` over a minimal environment. */
export function hostapi(args: string[], env: Record<string, string> = {}, input?: string): Promise<Ran> {
  const home = env.HOME ?? freshHome();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input ?? '');
  });
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
