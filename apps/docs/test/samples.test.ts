// The TypeScript samples shown in the docs are real files: the typecheck task compiles them
// against @hostapi/client, this file checks they are freshly generated and runs each one against
// the mock, expecting the operation's success example.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMock, type RunningMock } from '@hostapi/mock';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLES, sampleFile, samples } from '../build/samples.ts';

const doc = readBundle();
const operations = operationsOf(doc).map(({ op }) => op);
const all = samples(doc) as Record<string, { typescript: string }>;

let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  process.env.HOSTAPI_URL = mock.url;
  process.env.HOSTAPI_KEY = 'sample-key';
}, 60_000);

afterAll(() => mock?.close());

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

  it.each(operations.map((op) => [op.operationId as string, op] as const))(
    '%s runs against the mock and prints the success example',
    async (id, op) => {
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
    },
  );
});
