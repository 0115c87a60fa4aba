// srs/get_pricing_tiers, srs/get_domain, srs/domain_tlds_available, srs/create_domain,
// srs/cancel_domain, srs/update_contact.
import type { Node } from '../../api.ts';
import type { Reply } from '../replies.ts';
import { contactCounts, NEVER, PHONE_FIELDS, PHONE_KINDS, phoneText, timestamp } from '../records.ts';
import type { KeyState } from '../store.ts';
import type { Handler } from './context.ts';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})+$`);
const DAY_MS = 86_400_000;

/** The fields of a contact that srs/update_contact changes (`params[<field>]`), besides the numbers. */
const CONTACT_FIELDS = [
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
];

export const getPricingTiers: Handler = (_fields, { state, reply }) => reply.ok(state.read('pricing_tiers'));

export const getDomain: Handler = ({ domain }, { state, reply }) => {
  const name = domain.trim().toLowerCase();
  if (!DOMAIN_NAME.test(name)) return reply.fail('invalidDomain');
  const record = state.read('registered_domains').find((d) => d.Domain.toLowerCase() === name);
  return record ? reply.ok(record) : reply.fail('domainNotFound');
};

export const checkDomainAvailability: Handler = ({ domain, additional_tlds: additional = [] }, { state, reply }) => {
  const parsed = registrable(domain, state, reply);
  if ('refusal' in parsed) return parsed.refusal;
  const other = [];
  for (const tld of Object.values(additional as Record<string, string>)) {
    const extension = tld.trim().replace(/^\./, '').toLowerCase();
    if (!state.read<string[]>('tlds').includes(extension)) return reply.fail('unsupportedTld', { extension });
    const candidate = `${parsed.name}.${extension}`;
    other.push({ domain: candidate, available: !isTaken(state, candidate) });
  }
  const taken = isTaken(state, parsed.domain);
  // `suggest` is accepted; the sandbox has no suggestions to make.
  return reply.ok({ domain: parsed.domain, available: !taken, reason: taken ? 'Active' : '', other });
};

export const createDomain: Handler = (
  { domain, term, registrant_contact: registrantId, params = {} },
  { state, reply, now },
) => {
  const parsed = registrable(domain, state, reply);
  if ('refusal' in parsed) return parsed.refusal;
  if (isTaken(state, parsed.domain)) return reply.fail('domainTaken');
  const contacts = state.read('contacts');
  const contact = (id: unknown) => contacts.find((c) => Number(c.ContactID) === Number(id));
  const roles = [registrantId, params.AdminContact, params.TechContact, params.BillingContact];
  if (!roles.every((id) => id === undefined || contact(id))) return reply.fail('contactNotFound');
  const registrant = contact(registrantId) as Node;
  const billedUntil = new Date(now);
  billedUntil.setUTCMonth(billedUntil.getUTCMonth() + Number(term));
  const registered = state.add('registered_domains', {
    ClientID: registrant.ClientID,
    Domain: parsed.domain,
    State: 'Active',
    RState: 'Active',
    RegistrantName: registrant.RegistrantName || registrant.Organization || registrant.Name,
    DateRegistered: timestamp(now),
    DateModified: timestamp(now),
    DateBilledUntil: timestamp(billedUntil),
    DateCancelled: NEVER,
    DateLocked: NEVER,
    DateRenewed: NEVER,
    autorenew_term: String(Number(term)),
    autorenew_days_remaining: String(Math.round((billedUntil.getTime() - now.getTime()) / DAY_MS)),
    RegistrantContactID: registrant.ContactID,
    AdminContactID: contact(params.AdminContact ?? registrantId)?.ContactID,
    TechnicalContactID: contact(params.TechContact ?? registrantId)?.ContactID,
    Locked: '0',
    Pending: '0',
    TransferStatus: '',
    TransferID: '',
  });
  recount(state, registered);
  return reply.ok({ job_id: state.next('job_id') });
};

export const cancelDomain: Handler = ({ domain }, { state, reply }) => {
  const name = domain.trim().toLowerCase();
  const index = state.read('registered_domains').findIndex((d) => d.Domain.toLowerCase() === name);
  if (index < 0) return reply.fail('domainNotFound');
  recount(state, state.remove('registered_domains', index) as Node);
  return reply.ok({ job_id: state.next('job_id') });
};

export const updateDomainContact: Handler = ({ contact_id: contactId, params = {} }, { state, reply, now }) => {
  const contacts = state.read('contacts');
  const index = contacts.findIndex((c) => Number(c.ContactID) === Number(contactId));
  const contact = contacts[index];
  if (!contact) return reply.fail('contactNotFound');
  const changes: Node = {};
  for (const field of CONTACT_FIELDS) if (typeof params[field] === 'string') changes[field] = params[field];
  for (const [kind, part, field] of PHONE_FIELDS)
    if (typeof params[kind]?.[part] === 'string') changes[field] = params[kind][part];
  for (const kind of PHONE_KINDS) changes[kind] = phoneText(contact, kind, changes);
  changes.date_updated = timestamp(now);
  // The same fields sent again within a second change nothing: the same record, and answer.
  return reply.ok(state.update('contacts', index, changes));
};

/** The DomainCount and RegistrantCount of a domain's contacts, after it was registered or cancelled. */
function recount(state: KeyState, domain: Node) {
  const domains = state.read('registered_domains');
  for (const id of new Set([domain.RegistrantContactID, domain.AdminContactID, domain.TechnicalContactID])) {
    const index = state.read('contacts').findIndex((c) => c.ContactID === id);
    if (index >= 0) state.update('contacts', index, contactCounts(id, domains));
  }
}

/** The name one label under an offered extension, or the refusal. */
function registrable(domain: string, state: KeyState, reply: Reply) {
  const name = domain.trim().toLowerCase();
  if (!DOMAIN_NAME.test(name)) return { refusal: reply.fail('invalidDomain') };
  const labels = name.split('.');
  const tlds = state.read<string[]>('tlds');
  const at = labels.findIndex((_, i) => i > 0 && tlds.includes(labels.slice(i).join('.')));
  if (at < 0) return { refusal: reply.fail('unsupportedTld', { extension: labels.slice(1).join('.') }) };
  // shop.example.co.nz is a name under a domain, not one to register.
  if (at > 1) return { refusal: reply.fail('invalidDomain') };
  return { domain: name, name: labels[0] as string };
}

const isTaken = (state: KeyState, domain: string) =>
  state.read('registered_domains').some((d) => d.Domain.toLowerCase() === domain) ||
  state.read<string[]>('unavailable_domains').includes(domain);
