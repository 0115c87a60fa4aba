// Fields the sandbox computes from other records, the same way when it loads the fixture and when
// it answers after a write.

/** `YYYY-MM-DD HH:MM:SS` (UTC) of a date: the service's timestamp format. */
export function timestamp(date = new Date()) {
  // Writes come many a second: the text of the last second is kept.
  const second = Math.floor(date.getTime() / 1000);
  if (second !== last.second) Object.assign(last, { second, text: date.toISOString().slice(0, 19).replace('T', ' ') });
  return last.text;
}
const last = { second: NaN, text: '' };

/** `YYYY-MM-DD` (UTC) of a date. */
export const day = (date) => date.toISOString().slice(0, 10);

/** A DNS zone's `domain_r`: its name with the characters reversed. */
export const reversed = (domain) => [...domain].reverse().join('');

export const PHONE_KINDS = ['Phone', 'Fax', 'Mobile'];
/** `[kind, part, field]` of each part of a contact's numbers: part Country of Phone is field PhoneCountry. */
export const PHONE_FIELDS = PHONE_KINDS.flatMap((kind) =>
  ['Country', 'Area', 'Local', 'Extension'].map((part) => [kind, part, `${kind}${part}`]),
);
// The fields of each kind's parts, in that order: PhoneCountry, PhoneArea, PhoneLocal, PhoneExtension.
const PARTS = Object.fromEntries(
  PHONE_KINDS.map((kind) => [kind, PHONE_FIELDS.filter(([k]) => k === kind).map(([, , field]) => field)]),
);

/**
 * A contact's `Phone`, `Fax` or `Mobile`, once `changes` (fields) are made to it: the parts
 * joined as the description's example does (`+64.93095550`), an extension after `x`; empty
 * without a number.
 */
export function phoneText(contact, kind, changes = {}) {
  const value = (field) => changes[field] ?? contact[field];
  const [country, area, local, extension] = PARTS[kind];
  if (!value(local)) return '';
  return `+${value(country) ?? ''}.${value(area) ?? ''}${value(local)}${value(extension) ? `x${value(extension)}` : ''}`;
}

/** A contact's `DomainCount` (domains using it in any role) and `RegistrantCount`. */
export function contactCounts(contactId, registeredDomains) {
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
export const diskOf = (partitions) => partitions.reduce((sum, partition) => sum + Number(partition.size), 0);
