// dns/list_ips, dns/list_domains_using_template, dns/domain_templates/list_templates, dns/update_soa.
import { page, sorted } from '../list.ts';
import type { Handler } from './context.ts';

export const listIps: Handler = ({ filters = {} }, { state, reply }) => {
  const ips = page(sorted(state.read('ips'), filters), filters).data;
  // Observed: no addresses is `[]`, not `{}`.
  return reply.ok(ips.length ? Object.fromEntries(ips.map((ip) => [ip.ip_addr, ip])) : []);
};

export const listDnsTemplates: Handler = (_fields, { state, reply }) => reply.ok(state.read('dns_templates'));

export const listDomainsUsingTemplate: Handler = ({ template_id: templateId }, { state, reply }) => {
  if (!state.read('dns_templates').some((t) => Number(t.template_id) === Number(templateId)))
    return reply.fail('templateNotFound');
  const zones = state.read('dns_domains').filter((zone) => Number(zone.template_id) === Number(templateId));
  return reply.ok(Object.fromEntries(zones.map((zone) => [zone.domain, zone])));
};

export const updateSoa: Handler = ({ domain }, { state, reply }) => {
  // No operation reads a SOA record back: the sandbox checks the zone and accepts the change.
  if (!state.read('dns_domains').some((zone) => zone.domain === domain.toLowerCase()))
    return reply.fail('domainNotFound');
  return reply.done();
};
