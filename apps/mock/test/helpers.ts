// What the mock's tests share: the CLI started as testers start it, on a free port, with all of
// its output kept; and the description's operations.
import { spawn, type ChildProcess } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { operationsOf, readBundle, type Node } from '@hostapi/spec/document';
import { afterAll } from 'vitest';
import { type MockOptions, type RunningMock, startMock } from '../src/index.ts';

export const BIN = fileURLToPath(new URL('../bin/mock.mjs', import.meta.url));
export const spec = readBundle();

export interface Operation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  op: Node;
}
export const operations: Operation[] = operationsOf(spec).map(({ path, method, op }) => ({
  id: op.operationId,
  method: method.toUpperCase() as 'GET' | 'POST',
  path,
  op,
}));
export const operation = (id: string) => operations.find((o) => o.id === id)!;

export interface RunningCli {
  url: string;
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Stops it (SIGINT) and resolves to its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `hostapi-mock <args> --port 0` (or another port) and resolves once it says where it listens. */
export async function startCli(
  args: string[],
  { env = {}, port = 0 }: { env?: Record<string, string>; port?: number } = {},
): Promise<RunningCli> {
  const child = spawn(process.execPath, [BIN, ...args, '--port', String(port)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = / on (http:\/\/\S+) \(ready in/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`hostapi-mock ${args.join(' ')} exited (${code}): ${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    url,
    child,
    output: () => output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGINT');
      return exited;
    },
  };
}

/** Runs `hostapi-mock <args>` (with `env` added to this process's) to its end: its exit code and output. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * `[name, value]` pairs with bracketed names, lists indexed, as the tests encode calls themselves
 * (independently of the client and of the wire module the mock reads them with).
 */
export function pairsOf(value: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((v, i) => pairsOf(v, `${prefix}[${i}]`, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pairsOf(v, prefix ? `${prefix}[${k}]` : k, out);
  else if (value !== undefined && value !== null) out.push([prefix, String(value)]);
  return out;
}

/** A port no server listens on now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Resolves once `ready()` holds (the child's output arrives after the answer it logs). */
export async function until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!ready()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** startMock() quietly for one test file: each mock it starts is closed after the file's tests. */
export function mockStarter(): (options?: MockOptions) => Promise<RunningMock> {
  const started: RunningMock[] = [];
  afterAll(() => Promise.all(started.map((mock) => mock.close())));
  return async (options = {}) => {
    const mock = await startMock({ log: () => {}, ...options });
    started.push(mock);
    return mock;
  };
}
