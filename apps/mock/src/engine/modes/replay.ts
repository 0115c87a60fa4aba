// The replay mode: answers from recorded traffic (recording.ts). A request of the same operation
// with the same fields as a recorded one (a scrubbed field matching whatever is sent) gets its
// recorded answer; identical requests get theirs in the order they were recorded, then the last
// again, counted per API key (a reset starts a key again). Any other request falls back to the
// description's examples, or is a 404 saying nothing was recorded for it.
import type { ModeContext } from '../assemble.ts';
import type { Node } from '../api.ts';
import { partitionOf } from '../journal/journal.ts';
import type { Answer, Answerer } from '../mode.ts';
import { Problem } from '../problems.ts';
import { type Loaded, loadRecording, SCRUBBED } from '../recording.ts';
import { createDynamic } from './dynamic.ts';
import { createExamples } from './examples.ts';

/** Keys whose place in the recording is kept; beyond, the first seen starts again. */
const KEYS = 10_000;

export function createReplay(
  recording: { source: string; text: string } | Node,
  fallback: 'none' | 'examples',
  { api, schemas }: ModeContext,
): Answerer {
  const { source, exchanges } = loadRecording(recording, api, schemas);
  // Identical requests, in the order recorded: each group by operation and fields.
  const groups: Loaded[][] = [];
  for (const exchange of exchanges) {
    const same = groups.find(
      ([first]) => first?.operation === exchange.operation && equal(first.fields, exchange.fields),
    );
    if (same) same.push(exchange);
    else groups.push([exchange]);
  }
  const examples = fallback === 'examples' ? createExamples(createDynamic(api, 1)) : undefined;
  // Per key, how many answers of each group it has had.
  const places = new Map<string, Map<Loaded[], number>>();

  return {
    // What was recorded broke the description only where marked (invalid: …): passed on, named.
    validation: 'report-answers',
    async answer(request) {
      const { operation, fields } = request;
      const group = groups.find(([first]) => first?.operation === operation?.id && matches(first?.fields, fields));
      if (!group) {
        if (examples) return examples.answer(request);
        throw nothingRecorded(
          source,
          operation?.id,
          groups.filter(([first]) => first?.operation === operation?.id),
        );
      }
      const { name } = await partitionOf(request.apiKey, request.apiKeyBytes);
      let place = places.get(name);
      if (!place) {
        places.set(name, (place = new Map()));
        if (places.size > KEYS) places.delete(places.keys().next().value as string);
      }
      const n = place.get(group) ?? 0;
      place.set(group, n + 1);
      return (group[Math.min(n, group.length - 1)] as Loaded).answer as Answer;
    },
    async reset(apiKey, bytes) {
      if (apiKey === undefined) return places.clear();
      places.delete((await partitionOf(apiKey, bytes)).name);
    },
  };
}

/** Whether a request's fields are a recorded exchange's: the same names, the same texts, [scrubbed] any. */
function matches(recorded: unknown, sent: unknown): boolean {
  if (recorded === SCRUBBED) return sent !== undefined;
  if (recorded && typeof recorded === 'object') {
    if (!sent || typeof sent !== 'object') return false;
    const names = Object.keys(recorded);
    if (names.length !== Object.keys(sent).length) return false;
    return names.every(
      (name) => Object.hasOwn(sent, name) && matches((recorded as Node)[name], (sent as Record<string, unknown>)[name]),
    );
  }
  return typeof sent === 'string' && String(recorded) === sent;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function nothingRecorded(source: string, operation: string | undefined, same: Loaded[][]): Problem {
  const recorded = same.map(([first]) => first?.place).join('; ');
  const others = same.length ? `; it has ${operation} with other fields (${recorded})` : `; it has no ${operation}`;
  return new Problem({
    status: 404,
    type: 'urn:hostapi:mock:not-recorded',
    title: 'Not recorded',
    detail:
      `Nothing was recorded for this ${operation} request in ${source}${others}. ` +
      "--fallback examples answers such requests from the description's examples.",
  });
}
