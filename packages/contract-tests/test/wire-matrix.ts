// The wire matrix: serialization cases written out by hand, shared by the client-bytes check,
// the mock-acceptance check and the docs-samples check (wire-matrix.test.ts).
//
// `wire` is a GET's path and query, or a POST's URL-encoded body, with the key YOUR_API_KEY.
// Rows without `input` are the spec's example call of the operation (what the docs show).

export interface WireCase {
  operationId: string;
  /** The call's input; absent: the operation's example input from the description. */
  input?: Record<string, unknown>;
  wire: string;
  what: string;
}

export const KEY = 'YOUR_API_KEY';

export const WIRE_MATRIX: WireCase[] = [
  // The example call of every operation (shown in the docs).
  {
    operationId: 'listImages',
    what: 'no parameters: the key alone',
    wire: '/1.5/server/list_images.json?apikey=YOUR_API_KEY',
  },
  {
    operationId: 'listServers',
    what: 'example call',
    wire: '/1.3/server/list_servers.json?apikey=YOUR_API_KEY&client_id=293',
  },
  {
    operationId: 'upgradeServer',
    what: 'keyed object upgrade[disk][xvda1]',
    wire: 'apikey=YOUR_API_KEY&client_id=293&name=web01&upgrade[cores]=4&upgrade[disk][xvda1]=120',
  },
  {
    operationId: 'upgradeServerPlan',
    what: 'example call',
    wire: 'apikey=YOUR_API_KEY&client_id=293&name=web01&plan=VPS-8G',
  },
  { operationId: 'listIps', what: 'example call', wire: '/1.5/dns/list_ips.json?apikey=YOUR_API_KEY&client_id=293' },
  {
    operationId: 'listDomainsUsingTemplate',
    what: 'example call',
    wire: '/1.5/dns/list_domains_using_template.json?apikey=YOUR_API_KEY&client_id=293&template_id=12',
  },
  {
    operationId: 'listDnsTemplates',
    what: 'example call',
    wire: '/1.5/dns/domain_templates/list_templates.json?apikey=YOUR_API_KEY&client_id=293',
  },
  {
    operationId: 'updateSoa',
    what: 'fields in the spec order, @ encoded',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&domain=example.co.nz&ns=ns1.hostapi.example&' +
      'email=hostmaster%40example.co.nz&refresh=10800&retry=3600&expire=604800&minimum=3600&ttl=3600',
  },
  {
    operationId: 'getPricingTiers',
    what: 'example call',
    wire: '/1.2/srs/get_pricing_tiers.json?apikey=YOUR_API_KEY&client_id=293',
  },
  {
    operationId: 'getDomain',
    what: 'example call',
    wire: '/1.3/srs/get_domain.json?apikey=YOUR_API_KEY&client_id=293&domain=example.co.nz',
  },
  {
    operationId: 'checkDomainAvailability',
    what: 'example call',
    wire: '/1.3/srs/domain_tlds_available.json?apikey=YOUR_API_KEY&client_id=293&domain=example.co.nz',
  },
  {
    operationId: 'createDomain',
    what: 'nested params[...]',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&domain=harbourtrading.com&term=12&registrant_contact=3310&' +
      'params[AdminContact]=3310&params[TechContact]=3311&params[protect]=1',
  },
  {
    operationId: 'cancelDomain',
    what: 'example call',
    wire: 'apikey=YOUR_API_KEY&client_id=293&domain=oldbrand.co.nz',
  },
  {
    operationId: 'updateDomainContact',
    what: 'two levels params[Phone][Country], spaces',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&contact_id=3310&params[PostalAddress]=12%20Quay%20Street&' +
      'params[PostalAddress2]=Level%203&params[Suburb]=Auckland%20Central&params[City]=Auckland&' +
      'params[PostCode]=1010&params[Phone][Country]=64&params[Phone][Area]=9&params[Phone][Local]=3095550&' +
      'params[Mobile][Country]=64&params[Mobile][Area]=21&params[Mobile][Local]=5550123',
  },
  {
    operationId: 'listSubAccounts',
    what: 'example call',
    wire: '/1.2/accounts/client/list_sub_accounts.json?apikey=YOUR_API_KEY&client_id=293',
  },
  {
    operationId: 'getSshKey',
    what: 'example call',
    wire: '/1.3/ssh/key/get.json?apikey=YOUR_API_KEY&client_id=293&key_id=41',
  },
  {
    operationId: 'addSshKey',
    what: 'a public key: spaces and @',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&label=laptop%40aroha&' +
      'content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s%20aroha%40laptop&' +
      'params[custom_image_access]=1',
  },
  {
    operationId: 'getDatabase',
    what: 'example call',
    wire:
      '/1.5/cloud/db/get.json?apikey=YOUR_API_KEY&client_id=293&server_name=cloud01&mysql_host=mysql8&' +
      'database=shop',
  },
  {
    operationId: 'backupStack',
    what: 'indexed list containers[n]',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&server=cloud01&name=shop&containers[0]=shop-web&containers[1]=shop-worker&' +
      'params[label]=before-upgrade',
  },
  {
    operationId: 'copyStack',
    what: 'lists of objects params[databases][n][...]',
    wire:
      'apikey=YOUR_API_KEY&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&' +
      'label=Shop%20staging&params[copy_env_file]=1&params[shutdown]=0&params[databases][0][clone_db_from]=shop&' +
      'params[databases][0][mysql_host]=mysql8&params[databases][0][db_name]=shop_staging&' +
      'params[databases][0][origin_container]=c8a1f3d2e4b5&params[database_users][0][clone_grants_from]=shop_app&' +
      'params[database_users][0][mysql_host]=mysql8&params[database_users][0][username]=shop_staging_app&' +
      'params[database_users][0][password]=correct-horse-battery-staple&' +
      'params[database_users][0][database]=shop_staging',
  },
  {
    operationId: 'getBandwidthUsageByDay',
    what: 'a slash in a value',
    wire: '/1.5/bandwidth/get_usage_by_day.json?apikey=YOUR_API_KEY&client_id=293&ip_addr=203.0.113.10%2F32',
  },
  {
    operationId: 'listMailDomains',
    what: 'example call',
    wire: '/1.3/mail/list_domains.json?apikey=YOUR_API_KEY&client_id=293&server_name=mail01',
  },

  // Awkward cases.
  {
    operationId: 'listServers',
    what: "deepObject filters in the caller's order, a timestamp with space and colons",
    input: { filters: { updated_since: '2026-01-01 00:00:00', state: 'Off', page_size: 2 }, client_id: 293 },
    wire:
      '/1.3/server/list_servers.json?apikey=YOUR_API_KEY&filters[updated_since]=2026-01-01%2000%3A00%3A00&' +
      'filters[state]=Off&filters[page_size]=2&client_id=293',
  },
  {
    operationId: 'checkDomainAvailability',
    what: 'indexed array additional_tlds[n] and a 0/1 switch',
    input: { client_id: 293, domain: 'harbourtrading.com', additional_tlds: ['net', 'co.nz'], suggest: 0 },
    wire:
      '/1.3/srs/domain_tlds_available.json?apikey=YOUR_API_KEY&client_id=293&domain=harbourtrading.com&' +
      'additional_tlds[0]=net&additional_tlds[1]=co.nz&suggest=0',
  },
  {
    operationId: 'updateDomainContact',
    what: 'caller order scrambled; &, =, +, %, unicode, an empty string',
    input: {
      params: {
        Phone: { Local: '309 5550', Country: '64' },
        Organization: 'Harbour & Sons = 100% +1',
        City: 'Ōtautahi',
        Name: '',
      },
      contact_id: 3310,
      client_id: 293,
    },
    wire:
      'apikey=YOUR_API_KEY&client_id=293&contact_id=3310&params[Name]=&' +
      'params[Organization]=Harbour%20%26%20Sons%20%3D%20100%25%20%2B1&params[City]=%C5%8Ctautahi&' +
      'params[Phone][Country]=64&params[Phone][Local]=309%205550',
  },
  {
    operationId: 'copyStack',
    what: 'empty-bracket list params[the service][], zeros',
    input: {
      params: { shutdown: 0, 'the service': ['web', 'worker'], copy_env_file: 0 },
      label: 'L',
      destination_server: 'cloud01',
      name: 'shop',
      source_server: 'cloud01',
      client_id: 293,
    },
    wire:
      'apikey=YOUR_API_KEY&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&label=L&' +
      'params[the%20service][]=web&params[the%20service][]=worker&params[copy_env_file]=0&params[shutdown]=0',
  },
  {
    operationId: 'upgradeServer',
    what: "two disks keyed by name, in the caller's order",
    input: { client_id: 293, name: 'web01', upgrade: { disk: { xvdb: 200, xvda1: 120 } } },
    wire: 'apikey=YOUR_API_KEY&client_id=293&name=web01&upgrade[disk][xvdb]=200&upgrade[disk][xvda1]=120',
  },
];
