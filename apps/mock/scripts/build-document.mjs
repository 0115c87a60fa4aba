// Writes dist/mock.json: the bundled description as the mock serves it.
//
// One change: the observed HTTP 400 answers are left out. Prism answers an invalid request with
// the spec's 422 or 400 response when there is one; without them it writes its own 422 whose
// `validation` list names every offending field, which is what a tester needs. The proxy mode
// validates against the unchanged description.
import { mkdirSync, writeFileSync } from 'node:fs';
import { operationsOf, readBundle } from '@hostapi/spec/document';

const doc = readBundle();
for (const { op } of operationsOf(doc)) delete op.responses['400'];
delete doc.components.responses.ValidationFailed;

mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/mock.json', import.meta.url), JSON.stringify(doc));
