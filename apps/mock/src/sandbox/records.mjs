// Fields the sandbox computes from other records, the same way when it loads the fixture and when
// it answers after a write.

/** `YYYY-MM-DD HH:MM:SS` (UTC) of a date: the service's timestamp format. */
export const timestamp = (date = new Date()) => date.toISOString().slice(0, 19).replace('T', ' ');

/** `YYYY-MM-DD` (UTC) of a date. */
export const day = (date) => date.toISOString().slice(0, 10);

/** A DNS zone's `domain_r`: its name with the characters reversed. */
export const reversed = (domain) => [...domain].reverse().join('');

/**
 * A contact's `Phone`, `Fax` or `Mobile`: the parts joined as the description's example does
 * (`+64.93095550`), an extension after `x`; empty without a number.
 */
export function phoneText(contact, kind) {
  const [country, area, local, extension] = ['Country', 'Area', 'Local', 'Extension'].map((part) => contact[`${kind}${part}`] ?? '');
  if (!local) return '';
  return `+${country}.${area}${local}${extension ? `x${extension}` : ''}`;
}

export const PHONE_KINDS = ['Phone', 'Fax', 'Mobile'];

/** A contact's `DomainCount` (domains using it in any role) and `RegistrantCount`. */
export function contactCounts(contactId, registeredDomains) {
  const uses = (d) => [d.RegistrantContactID, d.AdminContactID, d.TechnicalContactID].includes(contactId);
  return {
    DomainCount: String(registeredDomains.filter(uses).length),
    RegistrantCount: String(registeredDomains.filter((d) => d.RegistrantContactID === contactId).length),
  };
}

/** A server's `disk`: the sum of its partitions' sizes (GB). */
export const diskOf = (partitions) => partitions.reduce((sum, partition) => sum + Number(partition.size), 0);
