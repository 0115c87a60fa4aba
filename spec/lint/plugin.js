// Lint rules for what this API needs and Redocly has no built-in rule for, and the one decorator
// of the bundle. Each rule reads the document only; enable them in ../redocly.yaml as
// `hostapi/<rule>`.
import { readFileSync } from 'node:fs';
import { FORM_TYPES, INDEX_PATTERN } from '../lib/wire.ts';

const PATH_SHAPE = /^\/1\.[0-9]\/[a-z_]+(\/[a-z_]+)*\.json$/;

/** Follows a $ref (if any) to the node it points at. */
function resolved(node, ctx) {
  return node?.$ref ? ctx.resolve(node).node : node;
}

/** The JSON type a schema stands for, looking through one $ref. */
function schemaType(schema, ctx) {
  return resolved(schema, ctx)?.type;
}

const ARRAY_STYLE =
  'OpenAPI defines `deepObject` for objects only; a list the service reads by index (`name[0]`) is an object ' +
  `keyed by the index (\`propertyNames: {pattern: '${INDEX_PATTERN}'}\`, \`additionalProperties\`: the item)`;

/**
 * POST bodies are form fields: both form media types, `apikey` first and required, and a
 * deepObject/explode encoding for every bracketed field, which is an object (deepObject is
 * defined for objects only: a top-level array field has no bracketed style). GET: a deepObject
 * query parameter is an object.
 */
function FormBody() {
  return {
    // Visited where it is defined, so that its schema's $ref resolves from its own file.
    Parameter(parameter, ctx) {
      if (parameter.style === 'deepObject' && schemaType(parameter.schema, ctx) !== 'object') {
        ctx.report({
          message: `Query parameter \`${parameter.name}\` is deepObject but not an object: ${ARRAY_STYLE}.`,
          location: ctx.location.child('style'),
        });
      }
    },
    Operation(operation, ctx) {
      const method = ctx.key;
      if (method !== 'post') {
        if (operation.requestBody) {
          ctx.report({
            message: 'Only POST operations take a form body.',
            location: ctx.location.child('requestBody'),
          });
        }
        if (operation.security) {
          ctx.report({
            message: 'GET operations keep the query `apiKey` scheme: do not override `security`.',
            location: ctx.location.child('security'),
          });
        }
        return;
      }
      if (!Array.isArray(operation.security) || operation.security.length !== 0) {
        ctx.report({
          message: 'POST operations carry the key as a form field: set `security: []` and say why.',
          location: ctx.location,
        });
      }
      const body = resolved(operation.requestBody, ctx);
      if (!body?.required || !body.content) {
        ctx.report({ message: 'POST operations need a required form `requestBody`.', location: ctx.location });
        return;
      }
      const types = Object.keys(body.content);
      const missing = FORM_TYPES.filter((t) => !types.includes(t));
      const extra = types.filter((t) => !FORM_TYPES.includes(t));
      if (missing.length || extra.length) {
        ctx.report({
          message:
            `POST bodies accept exactly ${FORM_TYPES.join(' and ')}; ` +
            `missing: [${missing}], unexpected: [${extra}].`,
          location: ctx.location.child(['requestBody', 'content']),
        });
      }
      for (const type of FORM_TYPES.filter((t) => types.includes(t))) {
        const media = body.content[type];
        const where = ctx.location.child(['requestBody', 'content', type]);
        const schema = resolved(media.schema, ctx) ?? {};
        const names = Object.keys(schema.properties ?? {});
        if (names[0] !== 'apikey' || !(schema.required ?? []).includes('apikey')) {
          ctx.report({
            message: '`apikey` must be the first property of the form and required: the service reads it first.',
            location: where.child('schema'),
          });
        }
        const encoding = media.encoding ?? {};
        for (const name of names) {
          const type = schemaType(schema.properties[name], ctx);
          if (type === 'array') {
            ctx.report({
              message: `Field \`${name}\` is an array: ${ARRAY_STYLE}.`,
              location: where.child(['schema', 'properties', name]),
            });
            continue;
          }
          const bracketed = type === 'object';
          const enc = encoding[name];
          if (bracketed && (enc?.style !== 'deepObject' || enc?.explode !== true)) {
            ctx.report({
              message:
                `Bracketed field \`${name}\` needs ` +
                `\`encoding.${name}: {style: deepObject, explode: true}\` under ${type}.`,
              location: where,
            });
          }
          if (!bracketed && enc) {
            ctx.report({
              message: `Field \`${name}\` is not bracketed; remove its encoding entry.`,
              location: where.child(['encoding', name]),
            });
          }
        }
        for (const name of Object.keys(encoding).filter((n) => !names.includes(n))) {
          ctx.report({
            message: `Encoding names \`${name}\`, which the form does not have.`,
            location: where.child(['encoding', name]),
          });
        }
      }
    },
  };
}

/** True for an example value shaped like the service's failure envelope. */
function isFailure(value) {
  return (
    value && typeof value === 'object' && typeof value.msg === 'string' && !('return' in value) && value.status !== true
  );
}

/**
 * Every operation shows a `success` answer and at least one failure answer on HTTP 200,
 * and every POST a request example under each form media type.
 */
function OperationExamples() {
  return {
    Operation(operation, ctx) {
      const method = ctx.key;
      const ok = resolved(resolved(operation.responses, ctx)?.['200'], ctx);
      const examples = ok?.content?.['application/json']?.examples ?? {};
      const where = ctx.location.child(['responses', '200', 'content', 'application/json', 'examples']);
      if (!examples.success) {
        ctx.report({ message: 'The 200 response needs an example named `success`.', location: where });
      } else if (isFailure(resolved(examples.success, ctx).value)) {
        ctx.report({ message: 'The `success` example is shaped like a failure.', location: where.child('success') });
      }
      const failures = Object.values(examples).filter((e) => isFailure(resolved(e, ctx).value));
      if (failures.length === 0) {
        ctx.report({
          message: 'The 200 response needs at least one failure example (`msg` without `return`).',
          location: where,
        });
      }
      if (method === 'post') {
        const body = resolved(operation.requestBody, ctx);
        for (const [type, media] of Object.entries(body?.content ?? {})) {
          if (Object.keys(media.examples ?? {}).length === 0) {
            ctx.report({
              message: `The ${type} body needs a named example.`,
              location: ctx.location.child(['requestBody', 'content', type]),
            });
          }
        }
      }
    },
  };
}

/** Paths are `/<major.minor>/<area>/.../<operation>.json`, the shape the service serves. */
function VersionedPath() {
  return {
    PathItem(_item, ctx) {
      const path = ctx.key;
      if (!PATH_SHAPE.test(path)) {
        ctx.report({
          message: `Path \`${path}\` is not of the form /1.x/<area>/<operation>.json.`,
          location: ctx.location.key(),
        });
      }
    },
  };
}

/** `x-client-method` names the generated client method (`servers.list`); it must be unique. */
function UniqueClientMethod() {
  const seen = new Map();
  return {
    Operation(operation, ctx) {
      const name = operation['x-client-method'];
      if (!name) return;
      if (seen.has(name)) {
        ctx.report({
          message: `\`x-client-method: ${name}\` is also used by ${seen.get(name)}.`,
          location: ctx.location.child('x-client-method'),
        });
      } else {
        seen.set(name, operation.operationId);
      }
    },
  };
}

/**
 * The bundle's `info.version` is the package's version (package.json, which `pnpm release:version`
 * bumps): one version for the description and the package that publishes it.
 */
function PackageVersion() {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return {
    Info: {
      leave(info) {
        info.version = version;
      },
    },
  };
}

export default function hostapiPlugin() {
  return {
    id: 'hostapi',
    decorators: { oas3: { 'package-version': PackageVersion } },
    rules: {
      oas3: {
        'form-body': FormBody,
        'operation-examples': OperationExamples,
        'versioned-path': VersionedPath,
        'unique-client-method': UniqueClientMethod,
      },
    },
  };
}
