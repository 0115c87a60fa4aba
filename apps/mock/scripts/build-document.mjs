// Writes dist/mock.json: the bundled description as the mock serves it.
//
// One change: the observed HTTP 400 answers are left out. Prism answers an invalid request with
// the spec's 422 or 400 response when there is one; without them it writes its own 422 whose
// `validation` list names every offending field, which is what a tester needs. The proxy mode
// validates against the unchanged description.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const doc = JSON.parse(readFileSync(require.resolve('@hostapi/spec/openapi.json'), 'utf8'));

for (const item of Object.values(doc.paths)) {
  for (const operation of Object.values(item)) delete operation.responses?.['400'];
}
delete doc.components.responses.ValidationFailed;

mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/mock.json', import.meta.url), JSON.stringify(doc));
