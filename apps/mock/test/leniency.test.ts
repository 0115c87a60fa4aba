// The mock is as lenient as the live service by default and names each departure; --strict
// refuses them all. Every operation is called the way the official Go SDK calls it (gosh.ts),
// in both modes, and each shape the SDK sends is checked on its own, in sl-violations and in the
// --verbose log. What neither mode accepts is checked too.
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatten, queryEscape, SDK_VERSION, sdkRequest, type SdkCall } from './gosh.js';
import { operation, operations, spec, startCli, until, type Operation, type RunningCli } from './helpers.js';

let lenient: RunningCli;
let strict: RunningCli;

beforeAll(async () => {
  [lenient, strict] = await Promise.all([startCli(['--verbose']), startCli(['--strict', '--verbose'])]);
}, 60_000);
afterAll(() => Promise.all([lenient?.stop(), strict?.stop()]));

const success = (o: Operation) => responseExamples(spec, o.op, '200').success;

/** An operation's example call as the SDK sends it, under its base URL's version segment. */
function sdkCall(o: Operation, base: string, version = SDK_VERSION): SdkCall {
  const { client_id: clientId, ...own } = exampleInput(spec, o.op, o.method.toLowerCase()) as Record<string, unknown>;
  const emptyBrackets = o.id === 'copyStack' ? ['params[the service]'] : [];
  return {
    route: o.path.replace(/^\/\d+\.\d+\//, ''),
    method: o.method,
    fields: flatten(own, '', emptyBrackets),
    apiKey: 'sdk-key',
    clientId: String(clientId ?? 293),
    base: `${base}/${version}`,
    clientIdTwice: o.id === 'getDatabase',
    clientIdInBody: o.id !== 'addSshKey',
  };
}

async function send({ url, init }: { url: string; init: RequestInit }) {
  const response = await fetch(url, init);
  const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as {
    code: string;
    location: string[];
    severity: string;
  }[];
  return {
    status: response.status,
    body: await response.json(),
    codes: violations.map((v) => `${v.code} ${v.location.slice(1).join('.')}`),
  };
}

/**
 * The departures an SDK call makes by default: the version, client_id everywhere, key and client in
 * the query of a POST.
 */
function sdkDepartures(o: Operation, version: string) {
  const takesClient =
    (o.op.parameters ?? []).some((p: { $ref?: string }) => p.$ref === '#/components/parameters/ClientId') ||
    o.method === 'POST';
  return [
    ...(o.path.startsWith(`/${version}/`) ? [] : ['versionSegment path']),
    ...(takesClient ? [] : ['unknownField query.client_id']),
    ...(o.method === 'POST' ? ['fieldInQuery query.apikey', 'fieldInQuery query.client_id'] : []),
    ...(o.method === 'POST' && o.id !== 'addSshKey' ? ['repeatedField body.client_id'] : []),
    ...(o.id === 'getDatabase' ? ['repeatedField query.client_id'] : []),
  ].sort();
}

/**
 * What --strict refuses in an SDK call under the listed version: each departure, and on POST the
 * form without the query, so the key (and the client, where the body leaves it out) missing.
 */
function strictRefusals(o: Operation) {
  const refused = sdkDepartures(o, o.path.split('/')[1]!).filter((d) => d !== 'repeatedField body.client_id');
  if (o.method === 'POST')
    refused.push('required body.apikey', ...(o.id === 'addSshKey' ? ['required body.client_id'] : []));
  return refused.sort();
}

describe.each(operations.map((o) => [o.id, o] as const))('%s called as the Go SDK calls it', (_id, o) => {
  it('by default: the success example, each departure named', async () => {
    const { status, body, codes } = await send(sdkRequest(sdkCall(o, lenient.url)));
    expect({ status, body }).toEqual({ status: 200, body: success(o) });
    expect(codes.sort()).toEqual(sdkDepartures(o, SDK_VERSION));
  });

  it(
    'with --strict: 404 under 1.5 unless listed there; ' + 'under its own version, a 422 naming each departure',
    async () => {
      const underSdkVersion = await send(sdkRequest(sdkCall(o, strict.url)));
      if (!o.path.startsWith(`/${SDK_VERSION}/`)) {
        expect(underSdkVersion.status).toBe(404);
        expect(underSdkVersion.body.detail).toContain(`the description lists this operation as ${o.path}`);
      }
      // SetBaseURL(<base>/<listed version>).
      const underOwnVersion = await send(sdkRequest(sdkCall(o, strict.url, o.path.split('/')[1])));
      const expected = strictRefusals(o);
      if (expected.length) {
        expect(underOwnVersion.status).toBe(422);
        // A missing property is named by the message, as Prism does: `required body.apikey`.
        const named = (v: { code: string; location: string[]; message: string }) =>
          `${v.code} ${[...v.location, ...(/required property '([^']+)'/.exec(v.message)?.slice(1) ?? [])].join('.')}`;
        expect(underOwnVersion.body.validation.map(named).sort()).toEqual(expected);
      } else {
        expect({ status: underOwnVersion.status, body: underOwnVersion.body }).toEqual({
          status: 200,
          body: success(o),
        });
      }
    },
  );
});

describe('each shape the SDK sends, on its own', () => {
  const SERVERS = operation('listServers');
  const PLAN = operation('upgradeServerPlan');
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  const shapes: {
    what: string;
    path: string;
    init?: RequestInit;
    departures: string[];
    strictStatus: number;
    strictNames?: string;
  }[] = [
    {
      what: 'another version segment (1.5 for 1.3)',
      path: '/1.5/server/list_servers.json?apikey=k&client_id=293',
      departures: ['versionSegment path'],
      strictStatus: 404,
    },
    {
      what: 'version segment 1.0 for 1.3',
      path: '/1.0/server/list_servers.json?apikey=k&client_id=293',
      departures: ['versionSegment path'],
      strictStatus: 404,
    },
    {
      what: 'apikey and client_id in the query of a POST, the other fields in the body',
      path: '/1.3/server/upgrade_plan.json?apikey=k&client_id=293',
      init: { method: 'POST', headers: form, body: 'name=web01&plan=VPS-8G' },
      departures: ['fieldInQuery query.apikey', 'fieldInQuery query.client_id'],
      strictStatus: 422,
      strictNames: 'apikey',
    },
    {
      what: 'client_id in the query and in the body, with the same value',
      path: '/1.3/server/upgrade_plan.json?apikey=k&client_id=293&',
      init: { method: 'POST', headers: form, body: 'client_id=293&name=web01&plan=VPS-8G' },
      departures: ['fieldInQuery query.apikey', 'fieldInQuery query.client_id', 'repeatedField body.client_id'],
      strictStatus: 422,
      strictNames: 'client_id',
    },
    {
      what: 'client_id twice in the query, with the same value',
      path:
        '/1.5/cloud/db/get.json?apikey=k&client_id=293&client_id=293&' +
        'server_name=cloud01&mysql_host=mysql8&database=shop',
      departures: ['repeatedField query.client_id'],
      strictStatus: 422,
      strictNames: 'given more than once, with the same value',
    },
    {
      what: 'an unknown or misspelled parameter (filters[stat])',
      path: '/1.3/server/list_servers.json?apikey=k&client_id=293&filters[stat]=On',
      departures: ['unknownField query.filters.stat'],
      strictStatus: 422,
      strictNames: 'filters[stat]',
    },
    {
      what: "POST fields out of the description's order",
      path: '/1.3/server/upgrade_plan.json',
      init: { method: 'POST', headers: form, body: 'apikey=k&plan=VPS-8G&client_id=293&name=web01' },
      departures: ['fieldOrder body.client_id'],
      strictStatus: 422,
      strictNames: '"client_id" comes after "plan"',
    },
    {
      what: 'a GET whose query does not start with the key',
      path: '/1.3/server/list_servers.json?client_id=293&apikey=k',
      departures: ['fieldOrder query.apikey'],
      strictStatus: 422,
      strictNames: '"apikey" comes after "client_id"; the service reads the key first in the query',
    },
    {
      what: 'an indexed list sent with empty brackets, as version 1.0 wrote lists (additional_tlds[])',
      path:
        '/1.3/srs/domain_tlds_available.json?apikey=k&client_id=293&' +
        'domain=harbourtrading&additional_tlds[]=nz&additional_tlds[]=com',
      departures: ['listBrackets query.additional_tlds'],
      strictStatus: 422,
      strictNames: 'the description writes the items of this list as additional_tlds[0], additional_tlds[1]',
    },
    {
      what: 'a list the description sends with empty brackets, indexed (params[the service][0])',
      path: '/1.1/cloud/stack/copy.json',
      init: {
        method: 'POST',
        headers: form,
        body:
          'apikey=k&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&' +
          'label=Shop%20staging&params[the service][0]=shop-staging.example.co.nz',
      },
      departures: ['listBrackets body.params.the service'],
      strictStatus: 422,
      strictNames: 'the description writes the items of this list as params[the service][]',
    },
    {
      what: 'disks keyed by index, as the interface allows (upgrade[disk][0]; no departure)',
      path: '/1.2/server/upgrade.json',
      init: {
        method: 'POST',
        headers: form,
        body: 'apikey=k&client_id=293&name=web01&upgrade[cores]=4&upgrade[disk][0]=120',
      },
      departures: [],
      strictStatus: 200,
    },
    {
      what: 'a trailing &, percent-encoded brackets, Accept and User-Agent (no departure)',
      path: `/1.3/server/list_servers.json?apikey=k&client_id=293&${queryEscape('filters[state]')}=On&`,
      init: { headers: { Accept: 'application/json', 'User-Agent': 'gosh' } },
      departures: [],
      strictStatus: 200,
    },
    {
      what: 'a multipart POST in order (no departure)',
      path: '/1.3/server/upgrade_plan.json',
      init: {
        method: 'POST',
        body: (() => {
          const f = new FormData();
          for (const [k, v] of [
            ['apikey', 'k'],
            ['client_id', '293'],
            ['name', 'web01'],
            ['plan', 'VPS-8G'],
          ])
            f.append(k!, v!);
          return f;
        })(),
      },
      departures: [],
      strictStatus: 200,
    },
  ];

  it.each(shapes.map((s) => [s.what, s] as const))('%s', async (_what, shape) => {
    const o = shape.path.includes('upgrade_plan')
      ? PLAN
      : shape.path.includes('server/upgrade.json')
        ? operation('upgradeServer')
        : shape.path.includes('db/get')
          ? operation('getDatabase')
          : shape.path.includes('tlds')
            ? operation('checkDomainAvailability')
            : shape.path.includes('stack/copy')
              ? operation('copyStack')
              : SERVERS;
    const byDefault = await send({ url: `${lenient.url}${shape.path}`, init: shape.init ?? {} });
    expect({ status: byDefault.status, body: byDefault.body, codes: byDefault.codes.sort() }).toEqual({
      status: 200,
      body: success(o),
      codes: [...shape.departures].sort(),
    });

    const refused = await send({ url: `${strict.url}${shape.path}`, init: shape.init ?? {} });
    expect(refused.status).toBe(shape.strictStatus);
    if (shape.strictNames)
      expect(JSON.stringify(refused.body)).toContain(JSON.stringify(shape.strictNames).slice(1, -1));
    expect(refused.codes).toEqual([]);
  });

  it('each departure is in the --verbose log, after its request', async () => {
    await fetch(`${lenient.url}/1.5/server/list_servers.json?apikey=k&client_id=293&filters[stat]=On`);
    await until(
      () => lenient.output().includes('warning Violation: request.query.filters.stat'),
      'the departure in the log',
    );
    const log = lenient.output();
    const at = log.lastIndexOf(
      'GET /1.5/server/list_servers.json?apikey=[redacted]&client_id=293&filters[stat]=On → 200',
    );
    expect(at).toBeGreaterThanOrEqual(0);
    expect(log.slice(at)).toContain(
      '  warning Violation: request.path Version segment 1.5 instead of 1.3: ' +
        'the description lists this operation as /1.3/server/list_servers.json\n',
    );
    expect(log.slice(at)).toContain(
      '  warning Violation: request.query.filters.stat "filters[stat]" is ' +
        'not a parameter of this operation in the description; it is ignored\n',
    );
  });
});

describe('refused in both modes', () => {
  it.each([
    [
      'a missing key (GET)',
      '/1.3/server/list_servers.json?client_id=293',
      undefined,
      401,
      'Invalid security scheme used',
    ],
    [
      'a missing key (POST, the rest in the query)',
      '/1.3/server/upgrade_plan.json?client_id=293',
      'name=web01&plan=VPS-8G',
      422,
      "required property 'apikey'",
    ],
    [
      'a missing required field',
      '/1.3/server/list_servers.json?apikey=k',
      undefined,
      422,
      "required property 'client_id'",
    ],
    [
      'an ill-typed field',
      '/1.3/server/upgrade_plan.json',
      'apikey=k&client_id=abc&name=web01&plan=VPS-8G',
      422,
      'client_id must match pattern',
    ],
    [
      'client_id twice with different values',
      '/1.3/server/list_servers.json?apikey=k&client_id=293&client_id=294',
      undefined,
      422,
      'given more than once, with different values',
    ],
    // --strict refuses the query of a POST before comparing it with the body.
    [
      'client_id in the query and the body with different values',
      '/1.3/server/upgrade_plan.json?apikey=k&client_id=293',
      'client_id=294&name=web01&plan=VPS-8G',
      422,
      'given more than once, with different values (in the query and in the body)',
      'sent in the query string (--strict)',
    ],
    [
      'a version segment outside 1.0-1.5',
      '/2.0/server/list_servers.json?apikey=k&client_id=293',
      undefined,
      404,
      'NO_PATH_MATCHED_ERROR',
    ],
  ])('%s', async (_what, path, body, status, names, strictNames = names) => {
    for (const [mock, expected] of [
      [lenient, names],
      [strict, strictNames],
    ] as const) {
      const response = await fetch(
        `${mock.url}${path}`,
        body ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body } : {},
      );
      const text = await response.text();
      expect({ status: response.status, names: text.includes(JSON.stringify(expected).slice(1, -1)) }, text).toEqual({
        status,
        names: true,
      });
    }
  });
});
