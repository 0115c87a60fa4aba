// The description's schemas in ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses): the fixture is
// checked against them on load, and the sandbox's tests check every answer against them.
import { Ajv2020 } from 'ajv/dist/2020.js';

/** The id under which the description is known to ajv: `spec#/components/schemas/Server`. */
const SPEC_ID = 'spec';

/** An ajv instance that knows the whole description as `spec`. */
export function specAjv(document) {
  // strict: false, because the description carries OpenAPI keywords (x-…, discriminator) ajv
  // does not know; allErrors, so that a bad fixture is reported in one go; the description is
  // not checked against the meta-schema here (its own lint does that), which halves the start.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  ajv.addSchema(document, SPEC_ID);
  return ajv;
}

/** The `$ref` of a node of the description given by its path: `specRef('components', 'schemas', 'Server')`. */
export const specRef = (...segments) =>
  `${SPEC_ID}#/${segments.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
