// Writes samples/generated/<operationId>.ts: the TypeScript sample of every operation.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { operationsOf } from '@hostapi/spec/document';
import { readBundle, SAMPLES, sampleFile, samples } from '../build/samples.ts';

const doc = readBundle();
mkdirSync(SAMPLES, { recursive: true });
for (const file of readdirSync(SAMPLES)) rmSync(new URL(file, SAMPLES));
const all = samples(doc);
for (const { op } of operationsOf(doc)) {
  const id: string = op.operationId;
  writeFileSync(new URL(`${id}.ts`, SAMPLES), sampleFile(id, op.summary, all[id]!.typescript));
}
console.log(`wrote ${Object.keys(all).length} samples to ${SAMPLES.pathname}`);
