// The TypeScript samples shown in the docs are real files: the typecheck task compiles them
// against @hostapi/client, this file checks they are freshly generated and runs each one against
// the mock, expecting the operation's success example.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { sampleFile, samples, SAMPLES } from '../scripts/samples.mjs';

const require = createRequire(import.meta.url);
const doc = readBundle();
const operations = operationsOf(doc).map(({ op }) => op);
const all = samples(doc) as Record<string, { typescript: string }>;

let mock: ChildProcess;

beforeAll(async () => {
  const port = 43000 + Math.floor(Math.random() * 15000);
  mock = spawn(process.execPath, [require.resolve('@hostapi/mock/bin/mock.mjs'), '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    mock.stdout!.on('data', (chunk) => String(chunk).includes(`:${port}`) && resolve());
    mock.on('exit', (code) => reject(new Error(`mock exited (${code})`)));
  });
  process.env.HOSTAPI_URL = `http://127.0.0.1:${port}`;
  process.env.HOSTAPI_KEY = 'sample-key';
}, 60_000);

afterAll(() => {
  mock?.kill('SIGINT');
});

describe('samples/generated', () => {
  it('holds exactly one fresh sample per operation (run `pnpm generate` when this fails)', () => {
    const files = readdirSync(SAMPLES).sort();
    expect(files).toEqual(operations.map((op) => `${op.operationId}.ts`).sort());
    for (const op of operations) {
      expect(readFileSync(new URL(`${op.operationId}.ts`, SAMPLES), 'utf8'), op.operationId).toBe(
        sampleFile(op.operationId, op.summary, all[op.operationId]!.typescript),
      );
    }
  });

  it.each(operations.map((op) => [op.operationId as string, op] as const))('%s runs against the mock and prints the success example', async (id, op) => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(fileURLToPath(new URL(`${id}.ts`, SAMPLES)));
      const success = responseExamples(doc, op, '200').success;
      const { status: _ok, ...envelope } = success;
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toEqual('return' in success ? success.return : envelope);
    } finally {
      log.mockRestore();
    }
  });
});
