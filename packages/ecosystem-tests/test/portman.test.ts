// A Postman collection Portman writes from the portable description (the global setup runs its
// CLI), with its contract tests for every operation (2xx, JSON, the response schema), run by
// newman against the strict mock in each of its modes: every assertion passes, and every
// request reaches the mock as the operation's example call, field for field, in order.
import { readFileSync } from 'node:fs';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exampleCalls } from './support/calls.js';
import { COLLECTION } from './support/paths.js';
import { fieldsOf, startRecorder, type Recorder } from './support/recorder.js';

const collection = JSON.parse(readFileSync(COLLECTION, 'utf8'));

function runNewman(baseUrl: string) {
  return new Promise<NewmanRunSummary>((resolve, reject) => {
    newman.run({ collection, envVar: [{ key: 'baseUrl', value: baseUrl }], reporters: [] }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

describe.each(['examples', 'dynamic', 'sandbox'] as const)('newman against the strict mock, %s mode', (mode) => {
  let recorder: Recorder;
  let summary: NewmanRunSummary;
  beforeAll(async () => {
    recorder = await startRecorder(inject('mocks')[mode]);
    summary = await runNewman(recorder.url);
  });
  afterAll(() => recorder?.close());

  it('runs a request per operation, and every assertion passes', () => {
    const { stats, failures } = summary.run;
    expect(failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
    expect(stats.requests).toEqual({ total: 22, pending: 0, failed: 0 });
    // Four contract tests per operation at least: 2xx, content type, JSON body, response schema.
    expect(stats.assertions.total).toBeGreaterThanOrEqual(22 * 4);
    expect(stats.assertions.failed).toBe(0);
  });

  it('sends each operation its example call, as the description gives it, and gets 200', async () => {
    expect(recorder.exchanges).toHaveLength(22);
    for (const call of exampleCalls) {
      const exchange = recorder.exchanges.find((e) => e.method === call.method && e.url.split('?')[0] === call.path);
      expect(exchange, call.id).toBeDefined();
      expect(await fieldsOf(exchange!), call.id).toEqual(call.pairs);
      expect(exchange!.status, `${call.id}: ${exchange!.answer}`).toBe(200);
    }
  });
});
