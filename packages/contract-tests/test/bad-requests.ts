// The catalogue of bad requests across operations, written as bytes on the wire: each with the
// status and the text the strict mock answers it with. bad-requests.test.ts holds the mock to it;
// prism-parity.test.ts sends the same bytes to Prism and compares.

/** A request as bytes on the wire. */
export interface WireRequest {
  what: string;
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'HEAD' | 'OPTIONS';
  path: string;
  /** Query string as sent (brackets literal). */
  query?: string;
  /** URL-encoded body, or a raw body with its content type. */
  form?: string;
  raw?: { type: string; body: string | Uint8Array<ArrayBuffer> };
  headers?: Record<string, string>;
}

export interface BadRequest extends WireRequest {
  /** The strict mock's status for it. */
  status: number;
  /** Text the answer must contain: the field or the problem, named. */
  names: string;
}

// The paths as other clients write them, not read from our own tables.
export const SERVERS = '/1.3/server/list_servers.json';
const DB = '/1.5/cloud/db/get.json';
const SOA = '/1.0/dns/update_soa.json';
const CREATE = '/1.2/srs/create_domain.json';
const COPY = '/1.1/cloud/stack/copy.json';
export const CONTACT = '/1.2/srs/update_contact.json';
export const CANCEL = '/1.0/srs/cancel_domain.json';
const SOA_OK = 'apikey=k&client_id=293&domain=example.co.nz&ns=ns1&email=e&refresh=1&retry=1&expire=1&minimum=1';
const CREATE_OK = 'apikey=k&client_id=293&domain=x.nz&term=12&registrant_contact=3310';
const COPY_OK = 'apikey=k&client_id=293&source_server=cloud01&name=shop&destination_server=cloud01&label=S';
const required = (field: string) => `required property '${field}'`;

export const CATALOGUE: BadRequest[] = [
  // The API key
  {
    what: 'GET without apikey',
    path: SERVERS,
    query: 'client_id=293',
    status: 401,
    names: 'Invalid security scheme used',
  },
  {
    what: 'GET without apikey (no parameters at all)',
    path: '/1.5/server/list_images.json',
    status: 401,
    names: 'Invalid security scheme used',
  },
  {
    what: 'POST without apikey',
    method: 'POST',
    path: CANCEL,
    form: 'client_id=293&domain=x.nz',
    status: 422,
    names: required('apikey'),
  },
  {
    what: 'POST without apikey, multipart',
    method: 'POST',
    path: SOA,
    raw: {
      type: 'multipart/form-data; boundary=b',
      body: '--b\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n293\r\n--b--\r\n',
    },
    status: 422,
    names: required('apikey'),
  },
  // Each required parameter missing
  {
    what: 'list_servers without client_id',
    path: SERVERS,
    query: 'apikey=k',
    status: 422,
    names: required('client_id'),
  },
  {
    what: 'list_domains_using_template without template_id',
    path: '/1.5/dns/list_domains_using_template.json',
    query: 'apikey=k&client_id=293',
    status: 422,
    names: required('template_id'),
  },
  {
    what: 'get_domain without domain',
    path: '/1.3/srs/get_domain.json',
    query: 'apikey=k&client_id=293',
    status: 422,
    names: required('domain'),
  },
  {
    what: 'db get without server_name',
    path: DB,
    query: 'apikey=k&client_id=293&mysql_host=mysql8&database=shop',
    status: 422,
    names: required('server_name'),
  },
  {
    what: 'db get without mysql_host',
    path: DB,
    query: 'apikey=k&client_id=293&server_name=cloud01&database=shop',
    status: 422,
    names: required('mysql_host'),
  },
  {
    what: 'db get without database',
    path: DB,
    query: 'apikey=k&client_id=293&server_name=cloud01&mysql_host=mysql8',
    status: 422,
    names: required('database'),
  },
  {
    what: 'ssh key get without key_id',
    path: '/1.3/ssh/key/get.json',
    query: 'apikey=k&client_id=293',
    status: 422,
    names: required('key_id'),
  },
  {
    what: 'bandwidth without ip_addr',
    path: '/1.5/bandwidth/get_usage_by_day.json',
    query: 'apikey=k&client_id=293',
    status: 422,
    names: required('ip_addr'),
  },
  {
    what: 'mail list_domains without server_name',
    path: '/1.3/mail/list_domains.json',
    query: 'apikey=k&client_id=293',
    status: 422,
    names: required('server_name'),
  },
  {
    what: 'update_soa without minimum',
    method: 'POST',
    path: SOA,
    form: SOA_OK.replace('&minimum=1', ''),
    status: 422,
    names: required('minimum'),
  },
  {
    what: 'create_domain without term',
    method: 'POST',
    path: CREATE,
    form: CREATE_OK.replace('&term=12', ''),
    status: 422,
    names: required('term'),
  },
  {
    what: 'create_domain without registrant_contact',
    method: 'POST',
    path: CREATE,
    form: CREATE_OK.replace('&registrant_contact=3310', ''),
    status: 422,
    names: required('registrant_contact'),
  },
  {
    what: 'copy without destination_server',
    method: 'POST',
    path: COPY,
    form: COPY_OK.replace('&destination_server=cloud01', ''),
    status: 422,
    names: required('destination_server'),
  },
  {
    what: 'copy without label',
    method: 'POST',
    path: COPY,
    form: COPY_OK.replace('&label=S', ''),
    status: 422,
    names: required('label'),
  },
  {
    what: 'ssh key add without content',
    method: 'POST',
    path: '/1.2/ssh/key/add.json',
    form: 'apikey=k&client_id=293&label=l',
    status: 422,
    names: required('content'),
  },
  {
    what: 'backup without server',
    method: 'POST',
    path: '/1.2/cloud/stack/backup.json',
    form: 'apikey=k&client_id=293&name=shop',
    status: 422,
    names: required('server'),
  },
  {
    what: 'upgrade_plan without plan',
    method: 'POST',
    path: '/1.3/server/upgrade_plan.json',
    form: 'apikey=k&client_id=293&name=web01',
    status: 422,
    names: required('plan'),
  },
  // Wrong types
  {
    what: 'client_id not a number',
    path: SERVERS,
    query: 'apikey=k&client_id=abc',
    status: 422,
    // An identifier is a number or its digits (issue 37).
    names: 'client_id must match pattern "^[1-9][0-9]*$"',
  },
  {
    what: 'filters[page_size] not a number',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[page_size]=ten',
    status: 422,
    names: 'filters.page_size must be integer',
  },
  {
    what: 'template_id a fraction',
    path: '/1.5/dns/list_domains_using_template.json',
    query: 'apikey=k&client_id=293&template_id=1.5',
    status: 422,
    names: 'template_id must match pattern',
  },
  {
    what: 'refresh not a number',
    method: 'POST',
    path: SOA,
    form: SOA_OK.replace('refresh=1', 'refresh=soon'),
    status: 422,
    names: 'refresh must be integer',
  },
  {
    what: 'term not a number',
    method: 'POST',
    path: CREATE,
    form: CREATE_OK.replace('term=12', 'term=twelve'),
    status: 422,
    names: 'term must be integer',
  },
  {
    what: 'params[AdminContact] not a number',
    method: 'POST',
    path: CREATE,
    form: `${CREATE_OK}&params[AdminContact]=me`,
    status: 422,
    names: 'params.AdminContact must match pattern',
  },
  {
    what: 'upgrade[cores] not a number',
    method: 'POST',
    path: '/1.2/server/upgrade.json',
    form: 'apikey=k&client_id=293&name=web01&upgrade[cores]=many',
    status: 422,
    names: 'upgrade.cores must be integer',
  },
  // Outside an enumeration, pattern or range
  {
    what: 'filters[state] not On/Off/Other',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[state]=Running',
    status: 422,
    names: 'allowed values: On, Off, Other',
  },
  {
    what: 'filters[sort_dir] not ASC/DESC',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[sort_dir]=UP',
    status: 422,
    names: 'filters.sort_dir',
  },
  {
    what: 'filters[product_type] unknown',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[product_type]=VPS',
    status: 422,
    names: 'filters.product_type',
  },
  {
    what: 'mysql_host unknown',
    path: DB,
    query: 'apikey=k&client_id=293&server_name=cloud01&mysql_host=mysql9&database=shop',
    status: 422,
    names: 'mysql56, mysql57, mysql8',
  },
  {
    what: 'suggest neither 0 nor 1',
    path: '/1.3/srs/domain_tlds_available.json',
    query: 'apikey=k&client_id=293&domain=x.nz&suggest=2',
    status: 422,
    names: 'suggest',
  },
  {
    what: 'include_users as true instead of 1',
    path: '/1.3/ssh/key/get.json',
    query: 'apikey=k&client_id=293&key_id=41&include_users=true',
    status: 422,
    names: 'include_users',
  },
  {
    what: 'params[protect] neither "0" nor "1"',
    method: 'POST',
    path: CREATE,
    form: `${CREATE_OK}&params[protect]=yes`,
    status: 422,
    names: 'params.protect',
  },
  {
    what: 'params[copy_env_file] = 2',
    method: 'POST',
    path: COPY,
    form: `${COPY_OK}&params[copy_env_file]=2`,
    status: 422,
    names: 'params.copy_env_file',
  },
  {
    what: 'ip_addr without prefix length',
    path: '/1.5/bandwidth/get_usage_by_day.json',
    query: 'apikey=k&client_id=293&ip_addr=203.0.113.10',
    status: 422,
    names: 'ip_addr must match pattern',
  },
  {
    what: 'client_id 0',
    path: SERVERS,
    query: 'apikey=k&client_id=0',
    status: 422,
    names: 'client_id must match pattern',
  },
  {
    what: 'filters[updated_since] not a timestamp',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[updated_since]=yesterday',
    status: 422,
    names: 'filters.updated_since must match pattern',
  },
  // Malformed brackets
  {
    what: 'unclosed bracket in the query',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters[state=On',
    status: 422,
    names: 'Malformed query parameter name "filters[state"',
  },
  {
    what: 'stray closing bracket in the query',
    path: SERVERS,
    query: 'apikey=k&client_id=293&filters]state[=On',
    status: 422,
    names: 'Malformed query parameter name "filters]state["',
  },
  {
    what: 'empty brackets inside a form name',
    method: 'POST',
    path: CONTACT,
    form: 'apikey=k&client_id=293&contact_id=1&params[][x]=1',
    status: 422,
    names: 'Malformed body parameter name "params[][x]"',
  },
  {
    what: 'unclosed bracket in a form name',
    method: 'POST',
    path: CONTACT,
    form: 'apikey=k&client_id=293&contact_id=1&params[Phone=64',
    status: 422,
    names: 'Malformed body parameter name "params[Phone"',
  },
  // Bodies of the wrong kind or size, duplicated fields
  {
    what: 'a JSON body to a form operation',
    method: 'POST',
    path: CANCEL,
    raw: { type: 'application/json', body: '{"apikey":"k","client_id":293,"domain":"x.nz"}' },
    status: 415,
    names: 'Supported content types: application/x-www-form-urlencoded,multipart/form-data',
  },
  {
    what: 'a text body to a form operation',
    method: 'POST',
    path: CANCEL,
    raw: { type: 'text/plain', body: 'apikey=k' },
    status: 415,
    names: 'Invalid content type',
  },
  {
    what: 'an oversized body',
    method: 'POST',
    path: CANCEL,
    form: `apikey=k&client_id=293&domain=${'a'.repeat(2_000_000)}`,
    status: 413,
    names: "exceeds the mock's limit",
  },
  {
    what: 'client_id given twice in the query',
    path: SERVERS,
    query: 'apikey=k&client_id=293&client_id=294',
    status: 422,
    names: 'The query parameter "client_id" is given more than once',
  },
  {
    what: 'domain given twice in a form',
    method: 'POST',
    path: CANCEL,
    form: 'apikey=k&client_id=293&domain=a.nz&domain=b.nz',
    status: 422,
    names: 'The body parameter "domain" is given more than once',
  },
  // Paths, methods, versions
  {
    what: 'unknown path',
    path: '/1.3/server/delete_servers.json',
    query: 'apikey=k',
    status: 404,
    names: 'NO_PATH_MATCHED_ERROR',
  },
  {
    what: 'wrong version segment',
    path: '/1.5/server/list_servers.json',
    query: 'apikey=k&client_id=293',
    status: 404,
    names: 'NO_PATH_MATCHED_ERROR',
  },
  {
    what: 'no version segment',
    path: '/server/list_servers.json',
    query: 'apikey=k&client_id=293',
    status: 404,
    names: 'NO_PATH_MATCHED_ERROR',
  },
  {
    what: 'wrong method (DELETE)',
    method: 'DELETE',
    path: SERVERS,
    query: 'apikey=k&client_id=293',
    status: 405,
    names: 'NO_METHOD_MATCHED_ERROR',
  },
  {
    what: 'POST to a GET operation',
    method: 'POST',
    path: SERVERS,
    form: 'apikey=k&client_id=293',
    status: 405,
    names: 'NO_METHOD_MATCHED_ERROR',
  },
];

/** The bytes of a request, as fetch() sends them: `[url, init]` against `base`. */
export function requestOf(base: string, request: WireRequest): [string, RequestInit] {
  const url = `${base}${request.path}${request.query ? `?${request.query}` : ''}`;
  const body = request.form ?? request.raw?.body;
  const type = request.form !== undefined ? 'application/x-www-form-urlencoded' : request.raw?.type;
  const headers = { ...(type ? { 'content-type': type } : {}), ...request.headers };
  return [url, { method: request.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) }];
}
