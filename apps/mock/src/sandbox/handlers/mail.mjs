// mail/list_domains.

export function listMailDomains({ server_name: server }, { state, reply }) {
  const domains = state.read('mail_domains');
  if (!Object.hasOwn(domains, server)) return reply.fail('serverNotFound');
  return reply.ok(domains[server]);
}
