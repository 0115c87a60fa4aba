// The docs' own server (bin/serve.mjs, as `pnpm --filter @hostapi/docs start` and the container run it).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('../../bin/serve.mjs', import.meta.url));

export interface Served {
  /** Where it serves, without a trailing `/`, once it said so. */
  url?: string;
  /** Its exit code, where it exited instead. */
  code?: number | null;
  err: string;
  stop(): void;
}

/** Starts the server with `args`; resolves to the address it prints, or its exit code and message. */
export function serve(args: string[]): Promise<Served> {
  const child = spawn(process.execPath, [SERVE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk) => (err += chunk));
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk) => {
      const url = /hostapi docs on (http:\/\/\S+)/.exec(String(chunk))?.[1];
      if (url) resolve({ url, err, stop: () => child.kill('SIGINT') });
    });
    child.on('exit', (code) => resolve({ code, err, stop() {} }));
  });
}
