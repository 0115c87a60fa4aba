// Type tests: checked by `tsc` (the typecheck task) and run as no-ops by vitest. A call with
// the wrong types must fail to compile: each @ts-expect-error fails the build if it compiles.
import { describe, expectTypeOf, it } from 'vitest';
import {
  createHostApiClient,
  type CallOptions,
  type components,
  type OperationId,
  type OperationInput,
  type OperationResult,
  type operations,
  type PageItem,
  type Switch,
} from '../src/index.js';
import { createPathClient } from '../src/paths.js';

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
    expectTypeOf<
      OperationResult<'getBandwidthUsageByDay'>[string][string]['DOMESTIC']['peak_in']
    >().toEqualTypeOf<number>();
    expectTypeOf<OperationResult<'getDatabase'>['size']>().toEqualTypeOf<unknown>();
    expectTypeOf<OperationResult<'listMailDomains'>[number]['parent_domain']>().toEqualTypeOf<string | null>();
    expectTypeOf<OperationResult<'getSshKey'>['users']>().toEqualTypeOf<S['SshKeyUser'][] | undefined>();
    expectTypeOf<OperationResult<'createDomain'>>().toEqualTypeOf<S['JobResult']>();
    expectTypeOf<OperationResult<'updateSoa'>>().toEqualTypeOf<{ msg: string; time: number }>();
    expectTypeOf<OperationResult<'upgradeServerPlan'>>().toEqualTypeOf<{ msg: string }>();
    expectTypeOf<OperationResult<'listSubAccounts'>['data'][number]['account_balance']>().toEqualTypeOf<string>();
    expectTypeOf<PageItem<'listServers'>>().toEqualTypeOf<S['Server']>();
  });

  it("a page's data is an array of its records, usable under strict", () => {
    expectTypeOf<OperationResult<'listServers'>['data']>().toEqualTypeOf<S['Server'][]>();
    expectTypeOf<OperationResult<'listSubAccounts'>['data']>().toEqualTypeOf<S['SubAccount'][]>();
    const names = async () => (await api.servers.list({ client_id: 293 })).data.map((server) => server.name);
    expectTypeOf(names).returns.resolves.toEqualTypeOf<string[]>();
    const balances = async () =>
      (await api.accounts.listSubAccounts({ client_id: 293 })).data.map((account) => account.account_balance);
    expectTypeOf(balances).returns.resolves.toEqualTypeOf<string[]>();
  });

  it('inputs', () => {
    expectTypeOf<OperationInput<'listServers'>['client_id']>().toEqualTypeOf<number | string>();
    expectTypeOf<NonNullable<OperationInput<'listServers'>['filters']>['state']>().toEqualTypeOf<
      'On' | 'Off' | 'Other' | undefined
    >();
    expectTypeOf<OperationInput<'upgradeServer'>>().not.toHaveProperty('apikey');
    expectTypeOf<NonNullable<OperationInput<'upgradeServer'>['upgrade']>['disk']>().toEqualTypeOf<
      Record<string, number> | undefined
    >();
  });

  it('wrong calls do not compile', () => {
    const never = (f: () => unknown) => f; // never called: compile-time checks only
    never(() => api.servers.list({ client_id: 293, filters: { state: 'On' } }));
    // @ts-expect-error client_id is required
    never(() => api.servers.list({ filters: { state: 'On' } }));
    // @ts-expect-error state is one of On, Off, Other
    never(() => api.servers.list({ client_id: 293, filters: { state: 'Running' } }));
    // @ts-expect-error client_id is a number or the string of digits an answer gives
    never(() => api.dns.listIps({ client_id: true }));
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
    never(() => paths.GET('/1.3/server/list_servers.json', { params: { query: { client_id: [1] } } }));
    never(() => api.servers.listImages());
    never(() => paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 1, domain: 'x.nz' } }));
  });

  it('an identifier an answer gives (a string of digits) is taken back as it is, or as a number', () => {
    // Issue 37: `sshKeys.add` resolves `{ key_id: "42" }`; `sshKeys.get` takes it back.
    const roundTrip = async () => {
      const added = await api.sshKeys.add({ client_id: 293, label: 'l', content: 'ssh-ed25519 A' });
      const key = await api.sshKeys.get({ client_id: 293, key_id: added.key_id });
      const again = await api.sshKeys.get({ client_id: key.client_id, key_id: Number(key.id) });
      const [template] = await api.dns.listTemplates({ client_id: again.client_id });
      if (template) await api.dns.listDomainsUsingTemplate(template);
      const contact = await api.domains.updateContact({ client_id: 293, contact_id: '3310' });
      const { AdminContactID } = await api.domains.get({ client_id: contact.ClientID, domain: 'x.nz' });
      return api.domains.create({
        client_id: contact.ClientID,
        domain: 'x.nz',
        term: 12,
        registrant_contact: contact.ContactID,
        params: { AdminContact: AdminContactID, TechContact: 3311 },
      });
    };
    expectTypeOf(roundTrip).returns.resolves.toEqualTypeOf<S['JobResult']>();
    expectTypeOf<OperationInput<'getSshKey'>['key_id']>().toEqualTypeOf<number | string>();
    expectTypeOf<OperationInput<'createDomain'>['registrant_contact']>().toEqualTypeOf<number | string>();
    expectTypeOf<S['IdInput']>().toEqualTypeOf<number | string>();
  });

  it('every yes/no input takes boolean | 0 | 1, and nothing else', () => {
    expectTypeOf<Switch>().toEqualTypeOf<boolean | 0 | 1>();
    const never = (f: () => unknown) => f;
    never(() =>
      api.domains.create({
        client_id: 1,
        domain: 'x.nz',
        term: 12,
        registrant_contact: 1,
        params: { protect: true, RegisterExpired: 0 },
      }),
    );
    never(() =>
      api.sshKeys.add({ client_id: 1, label: 'l', content: 'ssh-ed25519 A', params: { custom_image_access: false } }),
    );
    never(() => api.sshKeys.get({ client_id: 1, key_id: 41, include_users: true }));
    never(() =>
      paths.GET('/1.2/accounts/client/list_sub_accounts.json', {
        params: { query: { client_id: 1, filters: { include_closed: true } } },
      }),
    );
    never(() =>
      // @ts-expect-error a switch is not the string '1'
      api.domains.create({ client_id: 1, domain: 'x.nz', term: 12, registrant_contact: 1, params: { protect: '1' } }),
    );
    // @ts-expect-error a switch is 0 or 1, not 2
    never(() => api.domains.checkAvailability({ client_id: 1, domain: 'x', suggest: 2 }));
    never(() =>
      paths.POST('/1.1/cloud/stack/copy.json', {
        body: {
          client_id: 1,
          source_server: 's',
          name: 'n',
          destination_server: 'd',
          label: 'l',
          // @ts-expect-error the path client takes the same switches
          params: { shutdown: 'yes' },
        },
      }),
    );
  });

  it('the inputs are the description types (@hostapi/types) without apikey, every 0/1 input widened to Switch', () => {
    // Every 0/1 field of a wire input, wherever it is nested, as a Switch.
    type Widen<T> = [Exclude<T, undefined>] extends [0 | 1]
      ? [0 | 1] extends [Exclude<T, undefined>]
        ? Switch | Extract<T, undefined>
        : T
      : T extends readonly (infer I)[]
        ? Widen<I>[]
        : T extends object
          ? { [K in keyof T]: Widen<T[K]> }
          : T;
    type Query<Id extends OperationId> = operations[Id]['parameters'] extends { query?: infer Q }
      ? NonNullable<Q>
      : never;
    type Form<Id extends OperationId> = operations[Id] extends {
      requestBody: { content: { 'application/x-www-form-urlencoded': infer B } };
    }
      ? Omit<B, 'apikey'>
      : never;
    type Wire<Id extends OperationId> = [Form<Id>] extends [never] ? Query<Id> : Form<Id>;
    type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
    expectTypeOf<{ [Id in OperationId]: Same<OperationInput<Id>, Widen<Wire<Id>>> }>().toEqualTypeOf<{
      [Id in OperationId]: true;
    }>();
  });

  it('options of one call are typed, in both clients', () => {
    const never = (f: () => unknown) => f;
    const options: CallOptions = {
      headers: { Prefer: 'code=500, example=rateLimited' },
      timeoutMs: 5_000,
      retries: { max: 1 },
      signal: AbortSignal.timeout(1),
    };
    never(() => api.servers.list({ client_id: 1 }, options));
    never(() =>
      paths.GET('/1.5/dns/list_ips.json', {
        params: { query: { client_id: 1 } },
        timeoutMs: 100,
        retries: 0,
        headers: { Prefer: 'example=empty' },
      }),
    );
    never(() => paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 1, domain: 'x.nz' }, multipart: true }));
    // @ts-expect-error timeoutMs is a number of milliseconds
    never(() => api.servers.list({ client_id: 1 }, { timeoutMs: '5s' }));
    // @ts-expect-error headers are a record of strings
    never(() => api.servers.list({ client_id: 1 }, { headers: { Prefer: 1 } }));
    // @ts-expect-error retries is a count or a policy
    never(() => paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 1 } }, retries: 'twice' }));
  });

  it('paged iterators yield records', () => {
    expectTypeOf(api.servers.listAll({ client_id: 1 })).toEqualTypeOf<AsyncIterableIterator<S['Server']>>();
    expectTypeOf(api.accounts.listAllSubAccounts({ client_id: 1 })).toEqualTypeOf<
      AsyncIterableIterator<S['SubAccount']>
    >();
  });
});
