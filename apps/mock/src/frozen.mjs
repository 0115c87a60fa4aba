// Values that cannot change: the description's examples, the sandbox's records and kept answers,
// and requests read before (requests/read-cache.mjs), shared by every request that uses them.

/** The value, with every object and array in it frozen. */
export function deepFreeze(value) {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
