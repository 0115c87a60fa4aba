// Requests built exactly as the provider's official Go SDK builds them (github.com/sitehostnz/gosh,
// read at commit 13f5db6; no code of it here, its steps rewritten):
//
// - pkg/api/client.go NewClient: the base URL is `<base>/1.5/` (defaultVersion) whatever the
//   operation; SetBaseURL(`<base>/<version>`) replaces it, version included.
// - client.go NewRequest(method, uri, body): the query becomes
//   `net.Encode({apikey, client_id}, ["apikey", "client_id"]) + "&" + <the uri's own query>`, so
//   the key and client come first on every call, POST included, and a call without a query of
//   its own ends in `&`. A non-empty body is sent with `Content-Type:
//   application/x-www-form-urlencoded`; every request has `Accept: application/json` and
//   `User-Agent: gosh`.
// - pkg/net/url.go Encode(values, keys): `key=value` pairs in the order of `keys`, both escaped
//   with Go's url.QueryEscape (brackets as %5B %5D, space as +); names not in `keys` dropped.
// - POST operations (server/upgrade.go, ssh/key/create.go, ...): the body is Encode(values,
//   keys) of the operation's fields in the documented order, `client_id` among them (so it is
//   in the query and in the body) except where the SDK leaves it out (ssh/key/create.go).
// - GET operations with fields put them in the uri (`ssh/key/get.json?key_id=41`), or, as in
//   cloud/db/get.go, re-read the query NewRequest built, add `client_id` again and re-encode
//   it: `client_id` then appears twice with the same value.

export const SDK_VERSION = '1.5';

/** Go's url.QueryEscape: unreserved characters kept, space as `+`, the rest %XX. */
export const queryEscape = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** net.Encode: the values of `keys`, in that order, escaped. */
export const encode = (values: [string, string][], keys: string[]) =>
  keys
    .flatMap((key) =>
      values.filter(([name]) => name === key).map(([name, value]) => `${queryEscape(name)}=${queryEscape(value)}`),
    )
    .join('&');

/** `[name, value]` pairs with bracketed names (lists indexed, or `[]` where the spec says so). */
export function flatten(
  value: unknown,
  prefix = '',
  emptyBrackets: string[] = [],
  out: [string, string][] = [],
): [string, string][] {
  if (Array.isArray(value))
    value.forEach((v, i) =>
      flatten(v, emptyBrackets.includes(prefix) ? `${prefix}[]` : `${prefix}[${i}]`, emptyBrackets, out),
    );
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}[${k}]` : k, emptyBrackets, out);
  else if (value !== undefined && value !== null) out.push([prefix, String(value)]);
  return out;
}

export interface SdkCall {
  /** The operation's path under its version, as the SDK's uri: `server/list_servers.json`. */
  route: string;
  method: 'GET' | 'POST';
  /** The operation's own fields (without apikey and client_id), in documented order. */
  fields: [string, string][];
  apiKey: string;
  clientId: string;
  /** The SDK's base URL: `<mock>/1.5` by default, or SetBaseURL's. */
  base: string;
  /** cloud/db/get.go: client_id added to the query a second time. */
  clientIdTwice?: boolean;
  /** POST: whether the body repeats client_id (all but ssh/key/create.go). */
  clientIdInBody?: boolean;
}

/** The URL and fetch() options of a call as the SDK sends it. */
export function sdkRequest(call: SdkCall): { url: string; init: RequestInit } {
  const auth = encode(
    [
      ['apikey', call.apiKey],
      ['client_id', call.clientId],
    ],
    ['apikey', 'client_id'],
  );
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'gosh' };
  let query: string;
  let body = '';
  if (call.method === 'GET') {
    const own = encode(
      call.fields,
      call.fields.map(([name]) => name),
    );
    query = call.clientIdTwice
      ? encode(
          [['apikey', call.apiKey], ['client_id', call.clientId], ['client_id', call.clientId], ...call.fields],
          ['apikey', 'client_id', ...call.fields.map(([name]) => name)],
        )
      : `${auth}&${own}`;
  } else {
    query = `${auth}&`;
    const values: [string, string][] = [
      ...(call.clientIdInBody === false ? [] : [['client_id', call.clientId] as [string, string]]),
      ...call.fields,
    ];
    body = encode(
      values,
      values.map(([name]) => name),
    );
  }
  if (body) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return {
    url: `${call.base}/${call.route}?${query}`,
    init: { method: call.method, headers, ...(body ? { body } : {}) },
  };
}
