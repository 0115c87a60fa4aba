// A key is its bytes. Two keys that differ on the wire are two sandboxes, however alike their
// text (`%FE` and `%FF` both read as U+FFFD). A key's state is kept under a name made of its
// bytes, or, beyond LONG_KEY bytes (so that a key costs the same whatever its length), of their
// SHA-256; the two kinds start with different characters, so no key can name another's state.

/** Keys longer than this (in bytes) are named by their SHA-256. */
export const LONG_KEY = 128;

/** The name of a key's state: `=` and its bytes (one character each), or `#` and their SHA-256. */
export async function keyName(bytes: Uint8Array): Promise<string> {
  if (bytes.length <= LONG_KEY) return `=${String.fromCharCode(...bytes)}`;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  return `#${btoa(String.fromCharCode(...digest))}`;
}
