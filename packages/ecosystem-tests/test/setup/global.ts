// Once per run, while the mocks start: clients generated from the portable description with
// @hey-api/openapi-ts, orval and openapi-typescript (for openapi-fetch), with a file of every
// operation's example call through each, all compiled by `tsc` (strict); and Portman's Postman
// collection. Each tool runs as its CLI, as a
// team using it would, into generated/ (gitignored). The mocks are
// apps/mock/bin/mock.mjs as testers start it, `--strict` (every departure from the wire form
// refused), on free ports: examples mode, `--dynamic` and `--sandbox`.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { URL_ENCODED } from '@hostapi/spec/wire';
import { startCommand, type RunningCommand } from '@hostapi/testing/commands';
import type { TestProject } from 'vitest/node';
import { type ExampleCall, exampleCalls, PORTABLE_PATH, portable, type Node, widerCalls } from '../support/calls.js';
import { COLLECTION, GENERATED, PACKAGE } from '../support/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URLs of the strict mock in each mode. */
    mocks: Record<Mode, string>;
  }
}

export type Mode = 'examples' | 'dynamic' | 'sandbox';
const MODES: Record<Mode, string[]> = { examples: [], dynamic: ['--dynamic'], sandbox: ['--sandbox'] };

const require = createRequire(import.meta.url);
const bin = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const run = promisify(execFile);

async function startMock(mode: Mode): Promise<{ url: string; mock: RunningCommand }> {
  const command = [
    process.execPath,
    require.resolve('@hostapi/mock/bin/mock.mjs'),
    '--strict',
    '--port',
    '0',
    ...MODES[mode],
  ]
    .map((a) => `'${a}'`)
    .join(' ');
  const mock = await startCommand(command, {
    cwd: PACKAGE,
    ready: (output) => /ready in/.test(output),
    timeoutMs: 60_000,
  });
  const url = /on (http:\/\/[^\s]+)/.exec(mock.output())?.[1];
  if (!url) throw new Error(`the mock (${mode}) printed no address: ${mock.output()}`);
  return { url, mock };
}

/** Every call the clients make, by the name each calls file gives it: the examples, then the wider calls. */
const CALLS: [key: string, call: ExampleCall][] = [
  ...exampleCalls.map((call): [string, ExampleCall] => [call.id, call]),
  ...Object.entries(widerCalls),
];

const literal = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');

const operationOf = (id: string) =>
  Object.values(portable.paths as Record<string, Node>)
    .flatMap((item) => Object.values(item) as Node[])
    .find((op) => op.operationId === id)!;

function heyApiCalls() {
  const lines = CALLS.map(([key, { id, method, input }]) => {
    const option = method === 'GET' ? `query: ${literal(input)}` : `body: ${literal(input)}`;
    return `    ${key}: () => sdk.${id}({ ${option} }),`;
  });
  return `// Written by test/setup/global.ts: every operation's example call through the hey-api client.
import { client } from './client.gen.js';
import * as sdk from './sdk.gen.js';

export function calls(baseUrl: string) {
  client.setConfig({ baseUrl });
  return {
${lines.join('\n')}
  };
}
`;
}

function orvalCalls() {
  const lines = CALLS.map(([key, { id, method, input }]) => {
    const given = literal(input).replace(/\n {4}/g, '\n  ');
    // orval's body type has the declared fields only: a caller-named one (upgrade[disk][xvda1])
    // is passed by a cast.
    const patterned = method === 'POST' && operationOf(id).requestBody.content[URL_ENCODED].schema.patternProperties;
    return `  ${key}: () => api.${id}(${patterned ? `${given} as Parameters<typeof api.${id}>[0]` : given}),`;
  });
  return `// Written by test/setup/global.ts: every operation's example call through the orval client.
import * as api from './api.js';

export const calls = {
${lines.join('\n')}
};
`;
}

/**
 * Every example call through openapi-fetch on openapi-typescript's `paths`, with openapi-fetch's
 * default serializers: the query's fields in order, a form body as `new URLSearchParams(body)`,
 * which it writes only under exactly `Content-Type: application/x-www-form-urlencoded`.
 */
function openapiFetchCalls() {
  const lines = CALLS.map(([key, { id, method, path, input }]) => {
    if (method === 'GET') return `    ${key}: () => client.GET('${path}', { params: { query: ${literal(input)} } }),`;
    // openapi-typescript writes patternProperties as an index signature of the patterns' type
    // beside the named fields (\`{ apikey: string } & { [key: string]: number }\`), which no
    // value satisfies: a body with caller-named fields (upgrade[disk][xvda1]) needs a cast.
    const patterned = Boolean(operationOf(id).requestBody.content[URL_ENCODED].schema.patternProperties);
    const body = patterned ? `${literal(input)} as unknown as FormBody<'${path}'>` : literal(input);
    return `    ${key}: () => client.POST('${path}', { body: ${body}, headers: form }),`;
  });
  return `// Written by test/setup/global.ts: every operation's example call through openapi-fetch.
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

type FormBody<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { '${URL_ENCODED}': infer B } } };
}
  ? B
  : never;

export function calls(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const form = { 'Content-Type': '${URL_ENCODED}' } as const;
  return {
${lines.join('\n')}
  };
}
`;
}

/**
 * Portman's settings: the contract tests it writes for every operation (2xx, JSON, the response
 * schema), and every request set to the operation's example call.
 */
function portmanConfig() {
  const overwrites = exampleCalls.map(({ id, method, input }) => {
    const op = operationOf(id);
    const declared: string[] =
      method === 'GET'
        ? (op.parameters as Node[]).map((p) => p.name)
        : Object.keys(op.requestBody.content[URL_ENCODED].schema.properties);
    const given = Object.entries(input);
    const values = [
      // Values as text: Portman 1.33 writes a form value 0 as '' (`value || …`); "0" is what
      // goes on the wire anyway.
      ...given.map(([key, value]) => ({ key, value: String(value) })),
      // With enableOptionalParameters every field is sent, with an invented value where the
      // description has no example: keep only the example's.
      ...declared.filter((name) => !given.some(([key]) => key === name)).map((key) => ({ key, remove: true })),
    ];
    return {
      openApiOperationId: id,
      [method === 'GET' ? 'overwriteRequestQueryParams' : 'overwriteRequestBody']: values,
    };
  });
  return {
    version: 1.0,
    tests: {
      contractTests: [
        {
          openApiOperation: '*::/*',
          statusSuccess: { enabled: true },
          contentType: { enabled: true },
          jsonBody: { enabled: true },
          schemaValidation: { enabled: true },
        },
      ],
    },
    overwrites,
  };
}

async function generateCollection() {
  const dir = join(GENERATED, 'portman');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'portman-config.json'), JSON.stringify(portmanConfig(), null, 2));
  // openapi-to-postman's settings as Portman's defaults, but optional fields kept: without them
  // every optional field is written disabled (never sent), and an overwrite cannot enable one.
  writeFileSync(
    join(dir, 'postman-config.json'),
    JSON.stringify(
      {
        folderStrategy: 'Tags',
        parametersResolution: 'Example',
        requestParametersResolution: 'Example',
        exampleParametersResolution: 'Example',
        keepImplicitHeaders: true,
        enableOptionalParameters: true,
      },
      null,
      2,
    ),
  );
  await run(
    process.execPath,
    [
      bin('@apideck/portman', 'bin/portman'),
      '-l',
      PORTABLE_PATH,
      '-o',
      COLLECTION,
      '-c',
      join(dir, 'portman-config.json'),
      '-s',
      join(dir, 'postman-config.json'),
    ],
    { cwd: dir },
  );
}

/** The clients, compiled, and the collection, into generated/; `times`: ms per step. */
async function generate(times: Record<string, number>) {
  rmSync(GENERATED, { recursive: true, force: true });
  mkdirSync(join(GENERATED, 'orval'), { recursive: true });
  mkdirSync(join(GENERATED, 'openapi-fetch'), { recursive: true });
  const orvalConfig = join(GENERATED, 'orval.config.mjs');
  writeFileSync(
    orvalConfig,
    `export default ${JSON.stringify(
      {
        hostapi: {
          input: { target: PORTABLE_PATH },
          output: {
            target: join(GENERATED, 'orval', 'api.ts'),
            client: 'fetch',
            // The base URL is read when a call is made (the suite's recorder, a free port).
            baseUrl: { runtime: 'process.env.HOSTAPI_ECOSYSTEM_URL' },
            // orval 8 sends a POST whose body lists two media types as JSON.stringify, with no
            // Content-Type: pick the URL-encoded form, which the service reads.
            override: {
              contentType: { include: [URL_ENCODED] },
              // orval writes the declared fields only: see test/support/orval.ts.
              formUrlEncoded: { path: join(PACKAGE, 'test', 'support', 'orval.ts'), name: 'everyField' },
            },
          },
        },
      },
      null,
      2,
    )};\n`,
  );
  const timed = async (name: string, step: () => Promise<unknown>) => {
    const start = performance.now();
    await step();
    times[name] = Math.round(performance.now() - start);
  };
  await Promise.all([
    timed('portman', generateCollection),
    timed('hey-api', () =>
      run(
        process.execPath,
        [bin('@hey-api/openapi-ts', 'bin/run.js'), '-i', PORTABLE_PATH, '-o', join(GENERATED, 'hey-api')],
        { cwd: PACKAGE },
      ),
    ),
    timed('orval', () =>
      run(process.execPath, [bin('orval', 'dist/bin/orval.mjs'), '--config', orvalConfig], { cwd: PACKAGE }),
    ),
    timed('openapi-typescript', () =>
      run(
        process.execPath,
        [bin('openapi-typescript', 'bin/cli.js'), PORTABLE_PATH, '-o', join(GENERATED, 'openapi-fetch', 'schema.ts')],
        { cwd: PACKAGE },
      ),
    ),
  ]);
  writeFileSync(join(GENERATED, 'hey-api', 'calls.ts'), heyApiCalls());
  writeFileSync(join(GENERATED, 'orval', 'calls.ts'), orvalCalls());
  writeFileSync(join(GENERATED, 'openapi-fetch', 'calls.ts'), openapiFetchCalls());
  await timed('tsc', async () => {
    try {
      await run(process.execPath, [bin('typescript', 'bin/tsc'), '-p', join(PACKAGE, 'tsconfig.generated.json')], {
        cwd: PACKAGE,
      });
    } catch (error: any) {
      throw new Error(
        `tsc (strict) refused the generated clients or their example calls:\n${error.stdout}${error.stderr}`,
      );
    }
  });
}

export default async function setup(project: TestProject) {
  const times: Record<string, number> = {};
  const started = performance.now();
  const mocks = (['examples', 'dynamic', 'sandbox'] as const).map(startMock);
  const stop = () =>
    Promise.all(
      mocks.map((m) =>
        m.then(
          ({ mock }) => mock.stop(),
          () => undefined,
        ),
      ),
    );
  try {
    const [[examples, dynamic, sandbox]] = await Promise.all([Promise.all(mocks), generate(times)]);
    times.total = Math.round(performance.now() - started);
    console.log(
      `ecosystem setup (ms): ${Object.entries(times)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(', ')}`,
    );
    project.provide('mocks', { examples: examples!.url, dynamic: dynamic!.url, sandbox: sandbox!.url });
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
