// Writes samples/generated/<operationId>.ts: the TypeScript sample of every operation.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readBundle, sampleFile, samples, SAMPLES } from './samples.mjs';

const doc = readBundle();
const summaries = Object.fromEntries(
  Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => [op.operationId, op.summary])),
);
mkdirSync(SAMPLES, { recursive: true });
for (const file of readdirSync(SAMPLES)) rmSync(new URL(file, SAMPLES));
const all = samples(doc);
for (const [id, { typescript }] of Object.entries(all)) {
  writeFileSync(new URL(`${id}.ts`, SAMPLES), sampleFile(id, summaries[id], typescript));
}
console.log(`wrote ${Object.keys(all).length} samples to ${SAMPLES.pathname}`);
