// What an answer means, read as @hostapi/client reads it (packages/client/src/core/envelope.ts):
// `status: false`, or a `msg` with neither `status` nor `return`, is the service saying no; an
// HTTP error without the envelope is an HTTP failure; a 2xx that is not the envelope is invalid.

export type Verdict =
  | { ok: true; label: 'Success' }
  | { ok: false; label: 'API failure' | 'HTTP error' | 'Invalid response' };

export function verdictOf(status: number, body: unknown): Verdict {
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (envelope && typeof envelope.msg === 'string' && (envelope.status === false || (envelope.status === undefined && !('return' in envelope)))) {
    return { ok: false, label: 'API failure' };
  }
  if (status < 200 || status > 299) return { ok: false, label: 'HTTP error' };
  if (!envelope) return { ok: false, label: 'Invalid response' };
  return { ok: true, label: 'Success' };
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
