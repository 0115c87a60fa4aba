// The one logger of the mock and the proxy. The API key never reaches a log: every line goes
// through the one key mask (`maskKey` of @hostapi/spec/wire), given the keys the request carries
// as the reader decodes them, so that a key is masked where it is named and wherever its value is.
import { formPairs, isKeyName, maskKey, mediaTypeOf, type Pair, parseUrlEncoded } from '@hostapi/spec/wire';
import type { Note } from './problems.ts';
import { type EngineRequest, headerOf } from './read.ts';

/** The longest part of a body a log line shows; it is masked whole before it is cut. */
const BODY_IN_LOG = 2000;
/** At most this many notes of a request are logged, then how many more. */
const NOTES_IN_LOG = 20;

export interface Log {
  verbose: boolean;
  /** Written only when verbose. */
  info(line: string, keys?: readonly string[]): void;
  /** Always written. */
  warn(line: string, keys?: readonly string[]): void;
  error(line: string, keys?: readonly string[]): void;
}

/** A logger writing masked lines to `write`: `info` only when verbose, `warn` and `error` always. */
export function createLog({ verbose, write }: { verbose: boolean; write: (line: string) => void }): Log {
  const emit = (line: string, keys?: readonly string[]) => write(maskKey(line, keys));
  return {
    verbose,
    info: (line, keys) => verbose && emit(line, keys),
    warn: emit,
    error: emit,
  };
}

/** One exchange, as `--verbose` and the proxy log it: the request line, its body, its notes. */
export async function logExchange(log: Log, request: EngineRequest, status: number, notes: Note[], ms: number) {
  const keys = await keysIn(request);
  const query = request.search ? `?${request.search}` : '';
  log.info(`${request.method} ${request.path}${query} → ${status} (${ms.toFixed(1)} ms)`, keys);
  if (request.body.length) log.info(`  body: ${bodyText(request, keys)}`, keys);
  for (const note of notes.slice(0, NOTES_IN_LOG))
    log.info(`  ${note.severity?.toLowerCase()} Violation: ${note.location.join('.')} ${note.message}`, keys);
  if (notes.length > NOTES_IN_LOG) log.info(`  …and ${notes.length - NOTES_IN_LOG} more violations`, keys);
}

/** A body as a log line shows it: a form or JSON as text (masked before it is cut), anything else by its size. */
function bodyText(request: EngineRequest, keys: readonly string[]): string {
  const type = headerOf(request, 'content-type') ?? '';
  const size = `${request.body.length} bytes`;
  if (!/form|json/.test(mediaTypeOf(type))) return `(${size} of ${type || 'no content type'}, not shown)`;
  const text = maskKey(new TextDecoder().decode(request.body), keys);
  return `${JSON.stringify(text.slice(0, BODY_IN_LOG))}${text.length > BODY_IN_LOG ? ` (${size})` : ''}`;
}

/** The API keys a request carries, as the reader decodes them (any name `isKeyName` reads as the key). */
export async function keysIn(request: EngineRequest): Promise<string[]> {
  const pairs: Pair[] = parseUrlEncoded(request.search);
  const type = headerOf(request, 'content-type') ?? '';
  if (request.body.length && /form/i.test(type)) {
    try {
      pairs.push(...(await formPairs(request.body, type)));
    } catch {
      // An unreadable body is refused by the reader, and logged masked by name.
    }
  }
  return pairs.filter(([name]) => isKeyName(name)).map(([, value]) => value);
}
