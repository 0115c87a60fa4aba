// mail/list_domains.
import type { Handler } from './context.ts';

export const listMailDomains: Handler = ({ server_name: server }, { state, reply }) => {
  const domains = state.read<Record<string, unknown>>('mail_domains');
  if (!Object.hasOwn(domains, server)) return reply.fail('serverNotFound');
  return reply.ok(domains[server]);
};
