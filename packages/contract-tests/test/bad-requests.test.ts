// The reliability suite, mock side: a catalogue of bad requests across operations
// (bad-requests.ts). Each gets the expected 4xx with a body that names the problem, and the mock
// keeps answering.
import { describe, expect, inject, it } from 'vitest';
import { CATALOGUE, requestOf, SERVERS, type BadRequest } from './bad-requests.js';

async function send(request: BadRequest): Promise<{ status: number; text: string }> {
  const response = await fetch(...requestOf(inject('mockUrl'), request));
  return { status: response.status, text: await response.text() };
}

describe('bad requests', () => {
  it('the catalogue covers at least 40 cases', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CATALOGUE.map((c) => [c.what, c] as const))('%s', async (_what, request) => {
    const { status, text } = await send(request);
    // The body is JSON: a name quoted in a message appears escaped.
    const names = text.includes(request.names) || text.includes(JSON.stringify(request.names).slice(1, -1));
    expect({ status, names }, text.slice(0, 400)).toEqual({ status: request.status, names: true });
  });

  it('the mock still answers a valid request afterwards', async () => {
    const { status, text } = await send({
      what: 'valid',
      path: SERVERS,
      query: 'apikey=k&client_id=293',
      status: 200,
      names: '',
    });
    expect(status).toBe(200);
    expect(JSON.parse(text).return.total_items).toBe(4);
  });
});
