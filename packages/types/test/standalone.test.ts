// @hostapi/types works on its own with openapi-fetch (type-level checks, compiled by `tsc`).
import createClient from 'openapi-fetch';
import { describe, expectTypeOf, it } from 'vitest';
import type { paths, Schemas } from '../src/index.js';

describe('with openapi-fetch', () => {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });

  it('types paths, query parameters and answers', () => {
    const call = () =>
      client.GET('/1.3/server/list_servers.json', { params: { query: { client_id: 293, filters: { state: 'On' } } } });
    type Data = NonNullable<Awaited<ReturnType<typeof call>>['data']>;
    expectTypeOf<Extract<Data, { return: unknown }>['return']['data'][number]>().toEqualTypeOf<Schemas['Server']>();
    expectTypeOf<Exclude<Data, { return: unknown }>>().toEqualTypeOf<Schemas['Failure']>();
    const wrong = () =>
      // @ts-expect-error state is On, Off or Other
      client.GET('/1.3/server/list_servers.json', { params: { query: { client_id: 293, filters: { state: 'Up' } } } });
    void wrong;
  });

  it('types the records of a page as its records, so that strict code can map them', () => {
    expectTypeOf<Schemas['ServerPage']['data']>().toEqualTypeOf<Schemas['Server'][]>();
    expectTypeOf<Schemas['SubAccountPage']['data']>().toEqualTypeOf<Schemas['SubAccount'][]>();
    expectTypeOf<Schemas['ServerPage']['total_pages']>().toEqualTypeOf<number>();
    const names = (page: Schemas['ServerPage']) => page.data.map((server) => server.name);
    expectTypeOf(names).returns.toEqualTypeOf<string[]>();
  });

  it('keeps the JSON types of the description', () => {
    expectTypeOf<Schemas['Server']['server_id']>().toEqualTypeOf<string>();
    expectTypeOf<Schemas['Server']['disk']>().toEqualTypeOf<number>();
    expectTypeOf<Schemas['Server']['location']>().toEqualTypeOf<string | null>();
    expectTypeOf<Schemas['IpAddressMap']>().toEqualTypeOf<{ [ip: string]: Schemas['IpAddress'] } | []>();
    expectTypeOf<Schemas['SshKey']['custom_image_access']>().toEqualTypeOf<boolean>();
  });
});
