/**
 * What the interface description (the service's own document of its 22 operations, which this
 * repository does not hold) says, written down by hand as a table, so that the tests can hold
 * the OpenAPI document to it. Nothing here is read from the spec.
 *
 * Types are JSON types: 'string', 'integer', 'number', 'boolean', 'array', 'object',
 * 'string|null' (nullable), 'any' (the description gives no type: "null or value"), and
 * 'integer|string' for an identifier (see `id`).
 * Wire names are as sent: `filters[state]`, `additional_tlds[<n>]`, `upgrade[disk][<key>]`.
 */

export type JsonType =
  | 'string'
  | 'integer'
  | 'integer|string'
  | 'number'
  | 'boolean'
  | 'array'
  | 'object'
  | 'string|null'
  | 'any';

export interface Param {
  name: string;
  type: JsonType;
  required?: boolean;
  enum?: readonly (string | number)[];
  /** The value the service assumes when the parameter is left out, where the description gives one. */
  default?: string | number;
}

/** What `return` holds on success. */
export type Returns =
  | { record: string }
  | { arrayOf: string }
  | { pageOf: string }
  | { mapOf: string }
  | { none: true };

export interface Operation {
  method: 'get' | 'post';
  path: string;
  tag: string;
  /** GET: query parameters (apikey excluded: it is the security scheme). POST: form fields, in order, apikey first. */
  params: readonly Param[];
  returns: Returns;
  /** The envelope fields besides `return` on success: always there, or only on some answers. */
  envelope: Envelope;
}

export type Envelope = Partial<Record<'msg' | 'status' | 'time', 'always' | 'sometimes'>>;

const listFilters: Param[] = [
  { name: 'filters[sort_by]', type: 'string' },
  { name: 'filters[sort_dir]', type: 'string', enum: ['ASC', 'DESC'] },
  { name: 'filters[page_size]', type: 'integer' },
  { name: 'filters[page_number]', type: 'integer' },
];
/**
 * An identifier a request takes back from an answer. The description types it as an integer, and
 * writes the same identifier as a string of digits in every answer (`"client_id": "293"`,
 * `"key_id": "42"`): a request takes either (issue 37), and sends the same digits.
 */
const id = (name: string, required?: true): Param => ({ name, type: 'integer|string', ...(required && { required }) });
const clientId = id('client_id', true);
const apikey: Param = { name: 'apikey', type: 'string', required: true };
const PRODUCT_TYPES = ['LINVPS', 'WINVPS', 'CLHOST', 'CLDCON', 'VDSERV', 'SERVER', 'COLO', 'CLENT', 'PCLOUD'];
const phone = (part: string): Param[] =>
  ['Country', 'Area', 'Local', 'Extension'].map((p) => ({ name: `params[${part}][${p}]`, type: 'string' as const }));
/** "Response envelope (all operations)": `time` is "present on some responses". */
const ok: Envelope = { msg: 'always', status: 'always', time: 'sometimes' };

export const OPERATIONS: Record<string, Operation> = {
  list_images: {
    method: 'get',
    path: '/1.5/server/list_images.json',
    tag: 'Servers',
    params: [
      { name: 'filters[type]', type: 'string' },
      { name: 'filters[os]', type: 'string' },
      { name: 'filters[include_disabled]', type: 'string' },
      { name: 'filters[location]', type: 'string' },
      ...listFilters,
    ],
    returns: { arrayOf: 'Image' },
    envelope: ok,
  },
  list_servers: {
    method: 'get',
    path: '/1.3/server/list_servers.json',
    tag: 'Servers',
    params: [
      clientId,
      { name: 'filters[state]', type: 'string', enum: ['On', 'Off', 'Other'] },
      { name: 'filters[type]', type: 'string' },
      { name: 'filters[name]', type: 'string' },
      { name: 'filters[location]', type: 'string' },
      { name: 'filters[location_node]', type: 'string' },
      { name: 'filters[product_type]', type: 'string', enum: PRODUCT_TYPES },
      { name: 'filters[product_code]', type: 'string' },
      { name: 'filters[updated_since]', type: 'string' },
      ...listFilters,
    ],
    returns: { pageOf: 'Server' },
    envelope: ok,
  },
  upgrade: {
    method: 'post',
    path: '/1.2/server/upgrade.json',
    tag: 'Servers',
    params: [
      apikey,
      clientId,
      { name: 'name', type: 'string', required: true },
      { name: 'upgrade[cores]', type: 'integer' },
      { name: 'upgrade[ram]', type: 'string' },
      { name: 'upgrade[disk][<key>]', type: 'integer' },
    ],
    returns: { record: 'UpgradeResult' },
    envelope: ok,
  },
  upgrade_plan: {
    method: 'post',
    path: '/1.3/server/upgrade_plan.json',
    tag: 'Servers',
    params: [
      apikey,
      clientId,
      { name: 'name', type: 'string', required: true },
      { name: 'plan', type: 'string', required: true },
    ],
    // "Response: envelope with msg and status only; no return."
    returns: { none: true },
    envelope: { msg: 'always', status: 'always' },
  },
  list_ips: {
    method: 'get',
    path: '/1.5/dns/list_ips.json',
    tag: 'DNS',
    params: [clientId, ...listFilters],
    returns: { mapOf: 'IpAddress' },
    envelope: ok,
  },
  list_domains_using_template: {
    method: 'get',
    path: '/1.5/dns/list_domains_using_template.json',
    tag: 'DNS',
    params: [clientId, id('template_id', true)],
    returns: { mapOf: 'DnsDomain' },
    envelope: ok,
  },
  list_templates: {
    method: 'get',
    path: '/1.5/dns/domain_templates/list_templates.json',
    tag: 'DNS',
    params: [clientId],
    returns: { arrayOf: 'DnsTemplate' },
    envelope: ok,
  },
  update_soa: {
    method: 'post',
    path: '/1.0/dns/update_soa.json',
    tag: 'DNS',
    params: [
      apikey,
      clientId,
      { name: 'domain', type: 'string', required: true },
      { name: 'ns', type: 'string', required: true },
      { name: 'email', type: 'string', required: true },
      { name: 'refresh', type: 'integer', required: true },
      { name: 'retry', type: 'integer', required: true },
      { name: 'expire', type: 'integer', required: true },
      { name: 'minimum', type: 'integer', required: true },
      { name: 'ttl', type: 'integer' },
    ],
    // "Response: envelope with msg, status and time; no return."
    returns: { none: true },
    envelope: { msg: 'always', status: 'always', time: 'always' },
  },
  get_pricing_tiers: {
    method: 'get',
    path: '/1.2/srs/get_pricing_tiers.json',
    tag: 'Domain registration',
    params: [clientId],
    returns: { arrayOf: 'PricingTier' },
    envelope: ok,
  },
  get_domain: {
    method: 'get',
    path: '/1.3/srs/get_domain.json',
    tag: 'Domain registration',
    params: [clientId, { name: 'domain', type: 'string', required: true }],
    returns: { record: 'RegisteredDomain' },
    envelope: ok,
  },
  domain_tlds_available: {
    method: 'get',
    path: '/1.3/srs/domain_tlds_available.json',
    tag: 'Domain registration',
    params: [
      clientId,
      { name: 'domain', type: 'string', required: true },
      { name: 'additional_tlds[<n>]', type: 'string' },
      { name: 'suggest', type: 'integer', enum: [0, 1] },
    ],
    returns: { record: 'DomainAvailability' },
    envelope: ok,
  },
  create_domain: {
    method: 'post',
    path: '/1.2/srs/create_domain.json',
    tag: 'Domain registration',
    params: [
      apikey,
      clientId,
      { name: 'domain', type: 'string', required: true },
      { name: 'term', type: 'integer', required: true },
      id('registrant_contact', true),
      { name: 'params[RegisterExpired]', type: 'integer', enum: [0, 1] },
      id('params[AdminContact]'),
      id('params[TechContact]'),
      id('params[BillingContact]'),
      // "string, 1 for yes, 0 for no": the wire value is the digit.
      { name: 'params[protect]', type: 'integer', enum: [0, 1] },
      { name: 'params[auid_type]', type: 'string' },
      { name: 'params[auid_value]', type: 'string' },
      { name: 'params[auid_reason]', type: 'string' },
      { name: 'params[auid_cname]', type: 'string' },
      { name: 'params[auid_ctype]', type: 'string' },
    ],
    returns: { record: 'JobResult' },
    envelope: ok,
  },
  cancel_domain: {
    method: 'post',
    path: '/1.0/srs/cancel_domain.json',
    tag: 'Domain registration',
    params: [apikey, clientId, { name: 'domain', type: 'string', required: true }],
    // "envelope also carries time"
    returns: { record: 'JobResult' },
    envelope: { msg: 'always', status: 'always', time: 'always' },
  },
  update_contact: {
    method: 'post',
    path: '/1.2/srs/update_contact.json',
    tag: 'Domain registration',
    params: [
      apikey,
      clientId,
      id('contact_id', true),
      ...[
        'Name',
        'Email',
        'Organization',
        'PostalAddress',
        'PostalAddress2',
        'Suburb',
        'City',
        'Country',
        'PostCode',
        'Province',
      ].map((p) => ({ name: `params[${p}]`, type: 'string' as const })),
      ...phone('Phone'),
      ...phone('Fax'),
      ...phone('Mobile'),
    ],
    returns: { record: 'DomainContact' },
    envelope: ok,
  },
  list_sub_accounts: {
    method: 'get',
    path: '/1.2/accounts/client/list_sub_accounts.json',
    tag: 'Accounts',
    params: [
      clientId,
      { name: 'filters[name]', type: 'string' },
      // "boolean, 1 to include closed": the wire value is the digit.
      { name: 'filters[include_closed]', type: 'integer', enum: [0, 1] },
      ...listFilters,
    ],
    // "This response carries no msg or status."
    returns: { pageOf: 'SubAccount' },
    envelope: {},
  },
  ssh_key_get: {
    method: 'get',
    path: '/1.3/ssh/key/get.json',
    tag: 'SSH keys',
    params: [
      clientId,
      id('key_id', true),
      // "boolean, optional, 1 to return associated users": the wire value is the digit.
      { name: 'include_users', type: 'integer', enum: [0, 1] },
    ],
    returns: { record: 'SshKey' },
    envelope: ok,
  },
  ssh_key_add: {
    method: 'post',
    path: '/1.2/ssh/key/add.json',
    tag: 'SSH keys',
    params: [
      apikey,
      clientId,
      { name: 'label', type: 'string', required: true },
      { name: 'content', type: 'string', required: true },
      // "string, 1 to let the key access custom images": the wire value is the digit.
      { name: 'params[custom_image_access]', type: 'integer', enum: [0, 1] },
    ],
    returns: { record: 'SshKeyAddResult' },
    envelope: ok,
  },
  cloud_db_get: {
    method: 'get',
    path: '/1.5/cloud/db/get.json',
    tag: 'Cloud',
    params: [
      clientId,
      { name: 'server_name', type: 'string', required: true },
      { name: 'mysql_host', type: 'string', required: true, enum: ['mysql56', 'mysql57', 'mysql8'] },
      { name: 'database', type: 'string', required: true },
    ],
    returns: { record: 'Database' },
    envelope: ok,
  },
  cloud_stack_backup: {
    method: 'post',
    path: '/1.2/cloud/stack/backup.json',
    tag: 'Cloud',
    params: [
      apikey,
      clientId,
      { name: 'server', type: 'string', required: true },
      { name: 'name', type: 'string', required: true },
      { name: 'containers[<n>]', type: 'string' },
      { name: 'params[label]', type: 'string' },
    ],
    returns: { record: 'JobResult' },
    envelope: ok,
  },
  cloud_stack_copy: {
    method: 'post',
    path: '/1.1/cloud/stack/copy.json',
    tag: 'Cloud',
    params: [
      apikey,
      clientId,
      { name: 'source_server', type: 'string', required: true },
      { name: 'name', type: 'string', required: true },
      { name: 'destination_server', type: 'string', required: true },
      { name: 'label', type: 'string', required: true },
      { name: 'params[the service][]', type: 'string' },
      { name: 'params[copy_env_file]', type: 'integer', enum: [0, 1], default: 0 },
      { name: 'params[shutdown]', type: 'integer', enum: [0, 1], default: 0 },
      ...['clone_db_from', 'mysql_host', 'db_name', 'origin_container'].map((f) => ({
        name: `params[databases][<n>][${f}]`,
        type: 'string' as const,
      })),
      ...['clone_grants_from', 'mysql_host', 'username', 'password', 'database'].map((f) => ({
        name: `params[database_users][<n>][${f}]`,
        type: 'string' as const,
      })),
    ],
    returns: { record: 'StackCopyResult' },
    envelope: ok,
  },
  get_usage_by_day: {
    method: 'get',
    path: '/1.5/bandwidth/get_usage_by_day.json',
    tag: 'Bandwidth',
    params: [
      clientId,
      { name: 'ip_addr', type: 'string', required: true },
      { name: 'params[from]', type: 'string' },
      { name: 'params[to]', type: 'string' },
    ],
    returns: { record: 'BandwidthUsage' },
    envelope: ok,
  },
  mail_list_domains: {
    method: 'get',
    path: '/1.3/mail/list_domains.json',
    tag: 'Mail',
    params: [clientId, { name: 'server_name', type: 'string', required: true }],
    returns: { arrayOf: 'MailDomain' },
    envelope: ok,
  },
};

/** Fields of each record; `?` marks a field the description says is only sometimes present. */
export const RECORDS: Record<string, Record<string, JsonType>> = {
  Image: { code: 'string', name: 'string', arch: 'string', os: 'string', distro: 'string', type: 'string' },
  Server: {
    server_id: 'string',
    client_id: 'string',
    name: 'string',
    label: 'string',
    location: 'string|null',
    // Not in the interface description's record; its filter (filters[location_node]) is.
    'location_node?': 'string',
    product_code: 'string',
    product_name: 'string',
    product_type: 'string',
    type: 'string',
    state: 'string',
    created: 'string',
    date_updated: 'string',
    locked: 'string',
    rescue: 'string',
    disk: 'integer',
    ram: 'string',
    distro: 'string',
    arch: 'string',
    os: 'string',
    maint_date: 'string',
    maint_date_end: 'string',
    disk_new: 'string',
    mirror: 'string',
    primary_ips: 'array',
  },
  PrimaryIp: { prefix: 'string', ip_addr: 'string' },
  IpAddress: {
    ip_addr: 'string',
    netmask: 'string',
    prefix: 'string',
    reserved: 'string',
    rdns: 'string',
    addr_family: 'string',
    date_allocated: 'string',
    'server_id?': 'string',
    'name?': 'string',
    'label?': 'string',
    'is_primary?': 'string',
    'ip_type?': 'string',
  },
  Database: {
    db_name: 'string',
    mysql_host: 'string',
    size: 'any',
    client_id: 'string',
    server_id: 'string',
    pending: 'any',
    is_missing: 'string',
    date_added: 'string',
    date_updated: 'string',
    container: 'string',
    server_name: 'string',
    server_label: 'string',
    grants: 'array',
  },
  DatabaseGrant: {
    db_name: 'string',
    username: 'string',
    host: 'string',
    mysql_host: 'string',
    grants: 'array',
    pending: 'any',
    is_missing: 'string',
    date_added: 'string',
    date_updated: 'string',
  },
  PricingTier: { type: 'integer', type_name: 'string', count: 'string', price: 'string' },
  SubAccount: {
    client_id: 'string',
    name: 'string',
    account_balance: 'string',
    joined: 'string',
    closed: 'string',
    account_type: 'string',
  },
  RegisteredDomain: Object.fromEntries(
    [
      'ClientID',
      'Domain',
      'State',
      'RState',
      'RegistrantName',
      'DateRegistered',
      'DateModified',
      'DateBilledUntil',
      'DateCancelled',
      'DateLocked',
      'DateRenewed',
      'autorenew_term',
      'autorenew_days_remaining',
      'RegistrantContactID',
      'AdminContactID',
      'TechnicalContactID',
      'Locked',
      'Pending',
      'TransferStatus',
      'TransferID',
    ].map((f) => [f, 'string' as const]),
  ),
  DomainContact: {
    ...Object.fromEntries(
      [
        'ContactID',
        'ClientID',
        'Name',
        'RegistrantName',
        'Organization',
        'PostalAddress',
        'PostalAddress2',
        'Suburb',
        'PostCode',
        'Province',
        'City',
        'Country',
        'PhoneCountry',
        'PhoneArea',
        'PhoneLocal',
        'PhoneExtension',
        'MobileCountry',
        'MobileArea',
        'MobileLocal',
        'MobileExtension',
        'FaxCountry',
        'FaxArea',
        'FaxLocal',
        'FaxExtension',
        'Email',
        'Phone',
        'Fax',
        'Mobile',
        'DomainCount',
        'RegistrantCount',
      ].map((f) => [f, 'string' as const]),
    ),
    date_added: 'string|null',
    date_updated: 'string|null',
  },
  DomainAvailability: { domain: 'string', available: 'boolean', reason: 'string', other: 'array' },
  SshKey: {
    id: 'string',
    client_id: 'string',
    label: 'string',
    content: 'string',
    date_added: 'string',
    date_updated: 'string',
    custom_image_access: 'boolean',
    'users?': 'array',
  },
  SshKeyUser: { id: 'string', username: 'string', containers: 'array' },
  DnsDomain: {
    domain_id: 'string',
    client_id: 'string',
    domain: 'string',
    domain_r: 'string',
    date_created: 'string',
    template_id: 'string',
    allow_children: 'string',
    cdn_zone: 'any',
  },
  DnsTemplate: { client_id: 'string', template_id: 'string', template_name: 'string', domain_count: 'string' },
  MailDomain: {
    client_id: 'string',
    domain: 'string',
    parent_domain: 'string|null',
    catch_all: 'string',
    state: 'string',
    accounts: 'integer',
    nicknames: 'integer',
    forwarders: 'integer',
    total_used: 'integer',
  },
  BandwidthCounters: { peak_in: 'number', offpeak_in: 'number', peak_out: 'number', offpeak_out: 'number' },
  BandwidthDay: { DOMESTIC: 'object', INTERNATIONAL: 'object' },
  PagedList: {
    total_items: 'integer',
    current_items: 'integer',
    current_page: 'integer',
    total_pages: 'integer',
    data: 'array',
  },
  UpgradeResult: { cores: 'boolean', disk: 'object' },
  JobResult: { job_id: 'string' },
  StackCopyResult: { job_id: 'string', destination_stack: 'string' },
  SshKeyAddResult: { key_id: 'string' },
  MessageEnvelope: { msg: 'string', status: 'boolean' },
  Envelope: { msg: 'string', status: 'boolean', 'time?': 'number' },
  TimedEnvelope: { msg: 'string', status: 'boolean', time: 'number' },
};

/** Enumerations the description names for record fields. */
export const RECORD_ENUMS: Record<string, readonly string[]> = {
  'Server.product_type': PRODUCT_TYPES,
};
