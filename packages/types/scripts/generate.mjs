// Writes src/generated/openapi.ts: openapi-typescript's types of the bundled description, with
// one change (see narrowingAllOf). Run with `pnpm generate`; never edit the output by hand.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, {
  astToString,
  COMMENT_HEADER,
  tsIntersection,
  tsOmit,
  transformSchemaObject,
} from 'openapi-typescript';
import ts from 'typescript';
import { propertiesOf, readBundle, requiredOf } from '@hostapi/spec/document';
import { wireShape } from '@hostapi/spec/fields';

export { readBundle };
export const OUTPUT = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

/**
 * An `allOf` whose later member narrows a property of an earlier one (each page schema narrows
 * PagedList's `data` to its records). openapi-typescript writes `PagedList & { data: Server[] }`,
 * whose `data` is `unknown[] & Server[]`: its array methods then take `unknown`, and
 * `page.data.map((s) => s.name)` fails under `strict`. Here the earlier member's narrowed
 * properties are omitted (`Omit<PagedList, 'data'> & { data: Server[] }`), which is what the
 * pair means and how @hostapi/spec/document's propertiesOf reads it.
 */
function narrowingAllOf(doc, schema, options) {
  const members = schema.allOf;
  if (!Array.isArray(members) || members.length < 2 || schema.properties || schema.oneOf || schema.anyOf)
    return undefined;
  const keys = members.map((member) => Object.keys(propertiesOf(doc, member)));
  const narrowedLater = (i) => keys[i].filter((key) => keys.slice(i + 1).some((later) => later.includes(key)));
  if (members.every((_, i) => narrowedLater(i).length === 0)) return undefined;
  members.forEach((member, i) => {
    const lost = narrowedLater(i).filter(
      (key) =>
        requiredOf(doc, member).includes(key) &&
        !members.slice(i + 1).some((later) => requiredOf(doc, later).includes(key)),
    );
    if (lost.length)
      throw new Error(`${options.path}: the allOf member that narrows ${lost.join(', ')} must also require it`);
  });
  return tsIntersection(
    members.map((member, i) => {
      const type = transformSchemaObject(member, { ...options, path: `${options.path}/allOf/${i}` });
      const omit = narrowedLater(i);
      return omit.length ? tsOmit(type, omit) : type;
    }),
  );
}

/**
 * A list the service reads by index (`additional_tlds[0]`, `containers[1]`), which the
 * description writes as an object keyed by the index (OpenAPI defines deepObject for objects
 * only): typed as the list it is, `string[]`, as callers give it (a list goes out as the same
 * indexed fields), rather than openapi-typescript's `{ [key: string]: string }`.
 */
function indexedList(doc, schema, options) {
  // What is a list on the wire is @hostapi/spec/fields' answer (the one walk); its item, the
  // schema as written.
  const shape = wireShape(doc, schema);
  if (shape.kind !== 'list' || !shape.keyed) return undefined;
  return ts.factory.createArrayTypeNode(
    transformSchemaObject(shape.item.given, { ...options, path: `${options.path}/additionalProperties` }),
  );
}

/** The text of src/generated/openapi.ts for a bundled description. */
export async function render(doc) {
  const ast = await openapiTS(doc, {
    arrayLength: true,
    transform: (schema, options) => indexedList(doc, schema, options) ?? narrowingAllOf(doc, schema, options),
  });
  return COMMENT_HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT, await render(readBundle()));
  console.log(`wrote ${OUTPUT}`);
}
