// Fields the sandbox computes from other records, the same way when it loads the fixture and when
// it answers after a write.
import type { Node } from '../api.ts';

/** `YYYY-MM-DD HH:MM:SS` (UTC) of a date: the service's timestamp format. */
export const timestamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
/** The service's timestamp of what has not happened (a record never updated, a domain not cancelled). */
export const NEVER = '0000-00-00 00:00:00';

/** `YYYY-MM-DD` (UTC) of a date. */
export const day = (date: Date) => date.toISOString().slice(0, 10);

/** A DNS zone's `domain_r`: its name with the characters reversed. */
export const reversed = (domain: string) => [...domain].reverse().join('');

export const PHONE_KINDS = ['Phone', 'Fax', 'Mobile'] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];
const PARTS = ['Country', 'Area', 'Local', 'Extension'] as const;
/** `[kind, part, field]` of each part of a contact's numbers: part Country of Phone is field PhoneCountry. */
export const PHONE_FIELDS = PHONE_KINDS.flatMap((kind) => PARTS.map((part) => [kind, part, `${kind}${part}`] as const));

/**
 * A contact's `Phone`, `Fax` or `Mobile`, once `changes` (fields) are made to it: the parts
 * joined as the description's example does (`+64.93095550`), an extension after `x`; empty
 * without a number.
 */
export function phoneText(contact: Node, kind: PhoneKind, changes: Node = {}): string {
  const value = (part: string) => changes[`${kind}${part}`] ?? contact[`${kind}${part}`];
  if (!value('Local')) return '';
  const extension = value('Extension') ? `x${value('Extension')}` : '';
  return `+${value('Country') ?? ''}.${value('Area') ?? ''}${value('Local')}${extension}`;
}

/** A contact's `DomainCount` (domains using it in any role) and `RegistrantCount`. */
export function contactCounts(contactId: string, registeredDomains: readonly Node[]) {
  let domains = 0;
  let registrant = 0;
  for (const d of registeredDomains) {
    if (d.RegistrantContactID === contactId) registrant++;
    if (d.RegistrantContactID === contactId || d.AdminContactID === contactId || d.TechnicalContactID === contactId)
      domains++;
  }
  return { DomainCount: String(domains), RegistrantCount: String(registrant) };
}

/** A server's `disk`: the sum of its partitions' sizes (GB). */
export const diskOf = (partitions: readonly Node[]) =>
  partitions.reduce((sum, partition) => sum + Number(partition.size), 0);
