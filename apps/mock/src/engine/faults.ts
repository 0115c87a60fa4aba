// Network faults: what a client's timeouts, retries and error handling are tested against. A
// request asks for one (`Prefer: fault=<name>`), or --fault-rate answers that share of a run's
// requests with one of --faults, chosen by a seeded hash of the key and how many requests it has
// sent, so that a run repeats whatever other keys do meanwhile. The mode answers as usual first
// (a write is done, as when a connection drops on the way back); the fault is how that answer
// reaches the client, which the front carries out (node/faults.ts; engine/fetch.ts for MSW).
import { FAULT_NAMES, type FaultName } from '../options-traffic.ts';
import { quoted } from './departures.ts';
import type { Written } from './engine.ts';
import type { Preferences } from './prefer.ts';
import { unknownPreference } from './problems.ts';

export { FAULT_NAMES, type FaultName };

/** Faults across a run (the options faultRate, faultSeed and faults). */
export interface FaultPlan {
  rate: number;
  seed: number;
  names: readonly FaultName[];
}

/** A fault to carry out: its name, and for slow-body how long the body takes. */
export interface Fault {
  name: FaultName;
  ms: number;
}

/** How long a slow body takes, unless `Prefer: duration=<ms>` says; at most MAX_DURATION_MS. */
export const SLOW_BODY_MS = 30_000;
export const MAX_DURATION_MS = 600_000;
/** Keys whose requests are counted for --fault-rate; beyond, the first counted starts again. */
const COUNTED_KEYS = 10_000;

/** What a front proxy (nginx) answers when the server behind it is down; and a page with 200, as a captive portal's. */
const PAGES = {
  'html-502': {
    status: 502,
    title: '502 Bad Gateway',
    text: '<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>',
  },
  'html-200': { status: 200, title: 'Sign in', text: '<h1>Sign in to the network</h1>' },
};

export function createFaults(plan: FaultPlan | undefined) {
  const counts = new Map<string, number>();
  return {
    /**
     * The fault of a request: the one it prefers (`none`: none, even at a rate), or by the run's
     * rate; a 422 Problem names a bad preference. `key`: the partition the key's requests are counted in.
     */
    choose(prefer: Preferences, key: string): Fault | undefined {
      const asked = prefer.fault;
      if (asked === 'none') return undefined;
      const ms = () => (prefer.duration === undefined ? SLOW_BODY_MS : duration(prefer.duration));
      if (asked !== undefined) {
        if (!(FAULT_NAMES as readonly string[]).includes(asked))
          throw unknownPreference(`Prefer: fault=${quoted(asked)}: the faults are ${FAULT_NAMES.join(', ')} (or none)`);
        return { name: asked as FaultName, ms: ms() };
      }
      if (!plan || plan.rate === 0) return undefined;
      const n = (counts.get(key) ?? 0) + 1;
      counts.delete(key);
      counts.set(key, n);
      if (counts.size > COUNTED_KEYS) counts.delete(counts.keys().next().value as string);
      const draw = hash(plan.seed, key, n);
      if (draw / 2 ** 32 >= plan.rate) return undefined;
      return { name: plan.names[hash(plan.seed + 1, key, n) % plan.names.length] as FaultName, ms: ms() };
    },
    /** Counts a key's requests from 0 again (POST /__mock/reset), or every key's. */
    reset(key?: string) {
      if (key === undefined) counts.clear();
      else counts.delete(key);
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;

function duration(text: string): number {
  if (!/^[0-9]{1,7}$/.test(text) || Number(text) > MAX_DURATION_MS)
    throw unknownPreference(
      `Prefer: duration must be a whole number of ms up to ${MAX_DURATION_MS}, got "${quoted(text)}"`,
    );
  return Number(text);
}

/** A 32-bit hash of the seed, the key and the count (FNV-1a, then a final mix): the same inputs, the same draw. */
function hash(seed: number, key: string, n: number): number {
  let h = 2166136261 ^ seed;
  const text = `${key}\u0000${n}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether the front writes the fault's answer as any other (an HTML page in place of the API's answer). */
export const isPage = (fault: Fault): fault is Fault & { name: keyof typeof PAGES } => fault.name in PAGES;

/** The answer as the fault has it reach the client: a page in its place, or the answer marked for the front. */
export function withFault(written: Written, fault: Fault): Written {
  if (!isPage(fault)) return { ...written, fault };
  const { status, title, text } = PAGES[fault.name];
  const body = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n${text}\r\n</body>\r\n</html>\r\n`;
  return { status, headers: { 'content-type': 'text/html' }, body, fault };
}

/** The status a client sees of an answer so faulted: none for a reset before any answer or a hang. */
export function statusSeen(fault: Fault | undefined, status: number): number | null {
  if (fault?.name === 'reset' || fault?.name === 'hang') return null;
  return fault && isPage(fault) ? PAGES[fault.name].status : status;
}

/** The bytes of a body, to cut or dribble. */
export const bytesOf = (body: Written['body']): Uint8Array =>
  body === undefined ? new Uint8Array(0) : typeof body === 'string' ? new TextEncoder().encode(body) : body;
