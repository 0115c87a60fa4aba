// What an answer means: read by @hostapi/client itself (readEnvelope), so the console and the
// client never disagree on what is a success.
import { HostApiError, type HostApiErrorKind } from '@hostapi/client';
import { readEnvelope } from '@hostapi/client/paths';

export type Verdict = { ok: true; label: 'Success' } | { ok: false; label: string };

const LABELS: Record<HostApiErrorKind, string> = {
  api: 'API failure',
  'rate-limit': 'API failure (rate limit)',
  validation: 'Invalid request',
  http: 'HTTP error',
  'invalid-response': 'Invalid response',
  'response-too-large': 'Response too large',
  pagination: 'Pagination failure',
  network: 'Network failure',
  redirect: 'Redirect (not followed)',
  timeout: 'Timeout',
  aborted: 'Aborted',
};

/**
 * Only the error's kind is used: the operation and the key would name it in its message. An
 * answer the client cannot read at all (it threw something else) is an invalid response: the
 * console shows every answer, whatever it holds.
 */
export function verdictOf(status: number, text: string): Verdict {
  try {
    readEnvelope('', status, text, '');
    return { ok: true, label: 'Success' };
  } catch (error) {
    return { ok: false, label: LABELS[error instanceof HostApiError ? error.kind : 'invalid-response'] };
  }
}

/**
 * Any value parsed from an answer as text: a string as it is, anything else as JSON
 * (`{"toString":1}`, which String() cannot convert), nothing for undefined. JSON.parse takes any
 * depth but JSON.stringify throws on a few thousand levels: a server's header must not break the page.
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** The body as JSON, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
