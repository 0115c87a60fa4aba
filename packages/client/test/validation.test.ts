// A request refused as invalid with a list of its invalid fields (an RFC 7807 / 9457 problem
// body, such as the mock's 422) is a ValidationError carrying the whole list, its message naming
// every field.
import { startMock, type RunningMock } from '@hostapi/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostApiClient, HttpError, ValidationError } from '../src/index.js';
import { json, startCaptureServer, type CaptureServer } from './support/capture-server.js';

const KEY = 'sk_live_validation_42';
let mock: RunningMock;
let server: CaptureServer;
beforeAll(async () => {
  [mock, server] = await Promise.all([startMock(), startCaptureServer()]);
}, 60_000);
afterAll(() => Promise.all([mock.close(), server.close()]));

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should fail'),
    (e: unknown) => e,
  );

describe('against the mock (Prism, request validation on)', () => {
  const api = () => createHostApiClient({ apiKey: KEY, baseUrl: mock.url, retries: 0 });

  it('a GET with a missing and a wrong field: both listed, by the names they are sent as', async () => {
    const error = await rejection(api().servers.list({ filters: { state: 'Running' } } as never));
    expect(error).toBeInstanceOf(ValidationError);
    const { kind, status, operation, problems, message } = error as ValidationError;
    expect({ kind, status, operation }).toEqual({ kind: 'validation', status: 422, operation: 'listServers' });
    expect(problems).toEqual([
      { field: 'client_id', code: 'required', message: "Request query must have required property 'client_id'" },
      {
        field: 'filters[state]',
        code: 'enum',
        message: 'Request query parameter filters.state must be equal to one of the allowed values: On, Off, Other',
      },
    ]);
    expect(message).toBe(
      "listServers: Invalid request: client_id: Request query must have required property 'client_id'; " +
        'filters[state]: Request query parameter filters.state must be equal to one of the allowed values: ' +
        'On, Off, Other',
    );
  });

  it('a POST with four invalid fields: all four, nested ones bracketed, none cut off', async () => {
    const error = (await rejection(
      api().domains.create({ client_id: 'abc', domain: 'x.nz', params: { protect: 'yes' } } as never),
    )) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    // params[protect] breaks two rules (integer, 0 or 1): each is listed.
    expect([...new Set(error.problems.map((p) => p.field))]).toEqual([
      'term',
      'registrant_contact',
      'client_id',
      'params[protect]',
    ]);
    expect(error.problems.every((p) => p.message.startsWith('Request body '))).toBe(true);
    for (const field of ['term', 'registrant_contact', 'client_id', 'params[protect]'])
      expect(error.message).toContain(`${field}: `);
    expect(error.message).not.toContain(KEY);
  });
});

describe('problem bodies as other servers write them', () => {
  const api = () => createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: 0 });
  const refused = async (body: unknown, status = 422) => {
    server.answer(json(body, status, { 'content-type': 'application/problem+json' }));
    return rejection(api().domains.cancel({ client_id: 293, domain: 'x.nz' }));
  };

  it("Prism's own, which names a missing field in the message only", async () => {
    const error = await refused({
      title: 'Invalid request',
      validation: [
        {
          location: ['query'],
          severity: 'Error',
          code: 'required',
          message: "Request query must have required property 'client_id'",
        },
        {
          location: ['body', 'params', 'Phone'],
          severity: 'Error',
          code: 'required',
          message: "Request body property params.Phone must have required property 'Country'",
        },
      ],
    });
    expect((error as ValidationError).problems.map((p) => p.field)).toEqual(['client_id', 'params[Phone][Country]']);
  });

  it('a list under another name (RFC 7807 invalid-params, RFC 9457 errors): an HttpError', async () => {
    const params = { title: "Your request parameters didn't validate.", 'invalid-params': [{ name: 'age' }] };
    const other = await refused(params, 400);
    expect(other).toBeInstanceOf(HttpError);
    expect((other as HttpError).bodyExcerpt).toContain('invalid-params');
    expect(
      await refused({ title: 'Invalid', errors: [{ detail: 'must be a number', pointer: '#/a' }] }),
    ).toBeInstanceOf(HttpError);
  });

  it('never carries the API key, even when the server echoes it', async () => {
    const error = await refused({
      title: 'Invalid request',
      validation: [
        {
          location: ['query', 'apikey'],
          code: 'pattern',
          message: `Request query parameter apikey ${KEY} is not valid`,
        },
      ],
    });
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect((error as Error).message).toBe(
      'cancelDomain: Invalid request: apikey: Request query parameter apikey [redacted] is not valid',
    );
  });

  it('a problem body without a list of fields, or a 5xx, stays an HttpError', async () => {
    expect(await refused({ type: 'about:blank', title: 'Not Found', status: 404 }, 404)).toBeInstanceOf(HttpError);
    expect(await refused({ title: 'Invalid request', validation: [] })).toBeInstanceOf(HttpError);
    expect(await refused({ title: 'Upstream failed', errors: [{ detail: 'timeout' }] }, 502)).toBeInstanceOf(HttpError);
  });
});

// Issue 30, item 6: whatever the problem body holds, the answer is a HostApiError. An object whose
// `toString` and `valueOf` are not functions (`{"toString": 1}`) cannot be turned into text at all.
describe('problem bodies with values that are not text', () => {
  const api = () => createHostApiClient({ apiKey: KEY, baseUrl: server.url, retries: 0 });
  const UNPRINTABLE = { toString: 1, valueOf: 1 };
  const refused = (body: unknown) => {
    server.answer(json(body, 422, { 'content-type': 'application/problem+json' }));
    return rejection(api().domains.cancel({ client_id: 293, domain: 'x.nz' }));
  };

  it.each([
    ['a title', { title: UNPRINTABLE, validation: [{ location: ['body', 'domain'], message: 'bad' }] }, 'domain'],
    ['a message', { title: 'Invalid', validation: [{ location: ['body', 'domain'], message: UNPRINTABLE }] }, 'domain'],
    ['a location', { title: 'Invalid', validation: [{ location: ['body', UNPRINTABLE, 7], message: 'bad' }] }, '[7]'],
    ['an entry', { title: 'Invalid', validation: [UNPRINTABLE, null, 'text'] }, ''],
  ])('%s that is an object: a ValidationError, the value read as no text', async (_what, body, field) => {
    const error = await refused(body);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0]!.field).toBe(field);
  });
});
