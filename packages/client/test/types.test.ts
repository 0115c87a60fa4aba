// Type tests: checked by `tsc` (the typecheck task) and run as no-ops by vitest. A call with
// the wrong types must fail to compile: each @ts-expect-error fails the build if it compiles.
import { describe, expectTypeOf, it } from 'vitest';
import { createHostApiClient, createPathClient, type OperationInput, type OperationResult, type PageItem, type components } from '../src/index.js';

type S = components['schemas'];
const api = createHostApiClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
const paths = createPathClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });

describe('operation methods are typed in and out', () => {
  it('results', () => {
    expectTypeOf(api.servers.list).returns.resolves.toEqualTypeOf<OperationResult<'listServers'>>();
    expectTypeOf<OperationResult<'listServers'>['data'][number]>().toEqualTypeOf<S['Server']>();
    expectTypeOf<OperationResult<'listServers'>['total_pages']>().toEqualTypeOf<number>();
    expectTypeOf<OperationResult<'listIps'>>().toEqualTypeOf<S['IpAddressMap']>();
    expectTypeOf<Extract<S['IpAddressMap'], Record<string, unknown>>[string]>().toEqualTypeOf<S['IpAddress']>();
    expectTypeOf<OperationResult<'getBandwidthUsageByDay'>[string][string]['DOMESTIC']['peak_in']>().toEqualTypeOf<number>();
    expectTypeOf<OperationResult<'getDatabase'>['size']>().toEqualTypeOf<unknown>();
    expectTypeOf<OperationResult<'listMailDomains'>[number]['parent_domain']>().toEqualTypeOf<string | null>();
    expectTypeOf<OperationResult<'getSshKey'>['users']>().toEqualTypeOf<S['SshKeyUser'][] | undefined>();
    expectTypeOf<OperationResult<'createDomain'>>().toEqualTypeOf<S['JobResult']>();
    expectTypeOf<OperationResult<'updateSoa'>>().toEqualTypeOf<{ msg: string; time: number }>();
    expectTypeOf<OperationResult<'upgradeServerPlan'>>().toEqualTypeOf<{ msg: string }>();
    expectTypeOf<OperationResult<'listSubAccounts'>['data'][number]['account_balance']>().toEqualTypeOf<string>();
    expectTypeOf<PageItem<'listServers'>>().toEqualTypeOf<S['Server']>();
  });

  it('inputs', () => {
    expectTypeOf<OperationInput<'listServers'>['client_id']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<OperationInput<'listServers'>['filters']>['state']>().toEqualTypeOf<'On' | 'Off' | 'Other' | undefined>();
    expectTypeOf<OperationInput<'upgradeServer'>>().not.toHaveProperty('apikey');
    expectTypeOf<NonNullable<OperationInput<'upgradeServer'>['upgrade']>['disk']>().toEqualTypeOf<Record<string, number> | undefined>();
  });

  it('wrong calls do not compile', () => {
    const never = (f: () => unknown) => f; // never called: compile-time checks only
    never(() => api.servers.list({ client_id: 293, filters: { state: 'On' } }));
    // @ts-expect-error client_id is required
    never(() => api.servers.list({ filters: { state: 'On' } }));
    // @ts-expect-error state is one of On, Off, Other
    never(() => api.servers.list({ client_id: 293, filters: { state: 'Running' } }));
    // @ts-expect-error client_id is a number
    never(() => api.dns.listIps({ client_id: '293' }));
    // @ts-expect-error mysql_host is one of mysql56, mysql57, mysql8
    never(() => api.cloud.getDatabase({ client_id: 1, server_name: 's', mysql_host: 'mysql9', database: 'd' }));
    // @ts-expect-error term is required
    never(() => api.domains.create({ client_id: 1, domain: 'x.nz', registrant_contact: 1 }));
    // @ts-expect-error disk sizes are numbers
    never(() => api.servers.upgrade({ client_id: 1, name: 'web01', upgrade: { disk: { xvda1: 'big' } } }));
    // @ts-expect-error no such operation
    never(() => api.servers.delete({ client_id: 1 }));
    // @ts-expect-error no such path
    never(() => paths.GET('/1.3/server/delete.json', {}));
    // @ts-expect-error the path client checks query types too
    never(() => paths.GET('/1.3/server/list_servers.json', { params: { query: { client_id: 'x' } } }));
    never(() => api.servers.listImages());
    never(() => paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 1, domain: 'x.nz' } }));
  });

  it('paged iterators yield records', () => {
    expectTypeOf(api.servers.listAll({ client_id: 1 })).toEqualTypeOf<AsyncIterableIterator<S['Server']>>();
    expectTypeOf(api.accounts.listAllSubAccounts({ client_id: 1 })).toEqualTypeOf<AsyncIterableIterator<S['SubAccount']>>();
  });
});
