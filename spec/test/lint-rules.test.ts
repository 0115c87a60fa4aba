// The lint configuration catches what it is there to catch: each case breaks one thing in a
// copy of the sources and expects `redocly lint`, or Spectral's `spectral:oas` on the bundle, to
// fail with the rule that guards it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SPEC = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY = join(SPEC, 'node_modules', '.bin', 'redocly');
const SPECTRAL = join(SPEC, 'node_modules', '.bin', 'spectral');
const SOURCES = [
  'openapi.yaml',
  'redocly.yaml',
  '.spectral.yaml',
  'package.json',
  'paths',
  'components',
  'lint',
  'lib',
];

interface Mutation {
  file: string;
  from: string;
  to: string;
}

/**
 * Runs `use` in a copy of the sources with the mutations applied, and removes the copy when it
 * is done: one at a time, asynchronously, so that no single hook has to delete them all at the
 * end (on a slow disk that once took longer than vitest's hook timeout).
 */
async function withCopy<T>(mutations: Mutation[], use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-lint-'));
  try {
    for (const source of SOURCES) cpSync(join(SPEC, source), join(dir, source), { recursive: true });
    for (const { file, from, to } of mutations) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer contains the text this case changes`);
      writeFileSync(join(dir, file), text.replace(from, to));
    }
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (error: any) {
    return { code: error.code ?? 1, output: `${error.stdout}${error.stderr}` };
  }
}

// The canonical API only: the copy has no dist/, where the portable form (redocly.yaml's
// `portable`) is written by `pnpm bundle`.
const lint = (mutations: Mutation[]) =>
  withCopy(mutations, (dir) => run(REDOCLY, ['lint', 'hostapi', '--format=stylish'], dir));

/** Bundles the copy as `pnpm bundle` does, then lints the bundle as `pnpm lint` does. */
const spectral = (mutations: Mutation[]) =>
  withCopy(mutations, async (dir) => {
    const bundled = await run(REDOCLY, ['bundle', 'openapi.yaml', '--ext', 'json', '-o', 'dist/openapi.json'], dir);
    if (bundled.code !== 0) throw new Error(bundled.output);
    return run(SPECTRAL, ['lint', 'dist/openapi.json', '--ruleset', '.spectral.yaml', '--fail-severity=warn'], dir);
  });

const CASES: [rule: string, mutations: Mutation[]][] = [
  [
    'hostapi/form-body',
    [
      {
        // apikey no longer first
        file: 'paths/srs/cancel_domain.yaml',
        from:
          '            apikey:\n' +
          '              $ref: ../../components/schemas/ApiKey.yaml\n' +
          '            client_id:\n' +
          '              $ref: ../../components/schemas/IdInput.yaml\n',
        to:
          '            client_id:\n' +
          '              $ref: ../../components/schemas/IdInput.yaml\n' +
          '            apikey:\n' +
          '              $ref: ../../components/schemas/ApiKey.yaml\n',
      },
    ],
  ],
  [
    'hostapi/form-body',
    [
      {
        // a bracketed field without its encoding
        file: 'paths/cloud/stack/backup.yaml',
        from: '          containers:\n            style: deepObject\n            explode: true\n',
        to: '',
      },
    ],
  ],
  [
    'hostapi/form-body',
    [
      {
        // an indexed list written as an array with deepObject (defined for objects only)
        file: 'paths/cloud/stack/backup.yaml',
        from:
          '              type: object\n' +
          '              description: Back up only these containers of the stack, ' +
          'sent indexed from 0 (`containers[0]=shop-web`).\n' +
          '              propertyNames:\n' +
          "                pattern: '^(0|[1-9][0-9]*)$'\n" +
          '              additionalProperties:\n',
        to:
          '              type: array\n' +
          '              description: Back up only these containers of the stack.\n' +
          '              items:\n',
      },
      {
        file: 'paths/cloud/stack/examples/backupStack.request.yaml',
        from: "containers: {'0': shop-web, '1': shop-worker}",
        to: 'containers: [shop-web, shop-worker]',
      },
    ],
  ],
  [
    'hostapi/form-body',
    [
      {
        // a deepObject query parameter that is an array
        file: 'paths/srs/domain_tlds_available.yaml',
        from:
          '        type: object\n' +
          '        description: The domains under their index, from 0.\n' +
          '        propertyNames:\n' +
          "          pattern: '^(0|[1-9][0-9]*)$'\n" +
          '        additionalProperties:\n',
        to: '        type: array\n        items:\n',
      },
      {
        file: 'paths/srs/domain_tlds_available.yaml',
        from: "          - {'0': nz, '1': com}\n",
        to: '          - [nz, com]\n',
      },
    ],
  ],
  [
    'hostapi/form-body',
    [
      {
        // multipart missing
        file: 'paths/ssh/key/add.yaml',
        from: '      multipart/form-data: *form\n',
        to: '',
      },
    ],
  ],
  [
    'hostapi/form-body',
    [
      {
        // a POST that claims the query key scheme
        file: 'paths/dns/update_soa.yaml',
        from: '  security: []\n',
        to: '',
      },
    ],
  ],
  [
    'hostapi/versioned-path',
    [
      {
        file: 'openapi.yaml',
        from: '  /1.3/mail/list_domains.json:',
        to: '  /mail/list_domains.json:',
      },
    ],
  ],
  [
    'hostapi/operation-examples',
    [
      {
        // no failure example left
        file: 'paths/mail/list_domains.yaml',
        from:
          '            serverNotFound:\n' +
          '              $ref: ./examples/listMailDomains.serverNotFound.yaml\n' +
          '            clientNotFound:\n' +
          '              $ref: ../../components/examples/ClientNotFound.yaml\n' +
          '            missingApiKey:\n' +
          '              $ref: ../../components/examples/MissingApiKey.yaml\n',
        to: '',
      },
    ],
  ],
  [
    'hostapi/unique-client-method',
    [
      {
        file: 'paths/mail/list_domains.yaml',
        from: 'x-client-method: mail.listDomains',
        to: 'x-client-method: dns.listIps',
      },
    ],
  ],
  [
    'rule/client-method-name',
    [
      {
        file: 'paths/mail/list_domains.yaml',
        from: '  x-client-method: mail.listDomains\n',
        to: '',
      },
    ],
  ],
  [
    'no-invalid-media-type-examples',
    [
      {
        // a misspelt field in an example
        file: 'paths/server/examples/listImages.success.yaml',
        from: '      distro: noble\n',
        to: '      distro: noble\n      dstro: noble\n',
      },
    ],
  ],
  [
    'no-invalid-media-type-examples',
    [
      {
        // a number where the service writes a string
        file: 'paths/srs/examples/createDomain.success.yaml',
        from: "job_id: '8812201'",
        to: 'job_id: 8812201',
      },
    ],
  ],
  [
    'no-unused-components',
    [
      {
        file: 'openapi.yaml',
        from: 'components:\n',
        to: 'components:\n  schemas:\n    Orphan:\n      type: string\n',
      },
    ],
  ],
  [
    'operation-description',
    [
      {
        file: 'paths/dns/list_ips.yaml',
        from: '  description: >-\n    Lists every IP address',
        to: '  x-was-description: >-\n    Lists every IP address',
      },
    ],
  ],
];

describe('redocly lint', () => {
  it('passes on the document as it is', async () => {
    const { code, output } = await lint([]);
    expect(output).not.toMatch(/error/i);
    expect(code).toBe(0);
  });

  it.concurrent.each(CASES.map(([rule, m], i) => [`${rule} (case ${i + 1})`, rule, m] as const))(
    'fails with %s',
    async (_label, rule, mutations) => {
      const { code, output } = await lint(mutations);
      expect(code).not.toBe(0);
      // stylish format: `<line>:<col>  error  <rule>  <message>`
      expect(output).toMatch(new RegExp(`\\berror\\s+${rule.replace(/[/.-]/g, '\\$&')}\\s`));
    },
  );
});

describe('spectral:oas on the bundle', () => {
  it('finds nothing in the document as it is', async () => {
    const { code, output } = await spectral([]);
    expect(output).toContain("No results with a severity of 'warn' or higher found!");
    expect(code).toBe(0);
  });

  const cases: [rule: string, mutations: Mutation[]][] = [
    [
      'array-items',
      [
        {
          // the empty-list branch of the IP address map without `items`
          file: 'components/schemas/IpAddressMap.yaml',
          from: '    items:\n      $ref: ./IpAddress.yaml\n',
          to: '',
        },
      ],
    ],
    [
      'info-contact',
      [
        {
          file: 'openapi.yaml',
          from: '  contact:\n',
          to: '  x-contact:\n',
        },
      ],
    ],
  ];
  it.concurrent.each(cases)('fails with %s', async (rule, mutations) => {
    const { code, output } = await spectral(mutations);
    expect(code).not.toBe(0);
    expect(output).toMatch(new RegExp(`\\b(error|warning)\\s+${rule}\\s`));
  });
});
