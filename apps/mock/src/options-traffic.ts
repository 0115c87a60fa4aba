// The options of what the mock keeps of the traffic and does to it, part of the one options
// table (options.ts spreads them into OPTIONS): the request journal, network faults, and
// recorded traffic (the proxy's --record, the mock's --replay).
import type { OptionSpec } from './options.ts';

/** The faults a request may ask for (`Prefer: fault=<name>`), and that --fault-rate chooses from. */
export const FAULT_NAMES = [
  'reset',
  'reset-mid-body',
  'hang',
  'short-body',
  'slow-body',
  'html-502',
  'html-200',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export const JOURNAL_OPTIONS = [
  {
    name: 'journal',
    kind: 'flag',
    default: true,
    help: 'keep no request journal (by default every request is kept, per API key: GET /__mock/journal)',
  },
  {
    name: 'journalMax',
    flag: 'journal-max',
    placeholder: '<n>',
    kind: 'whole',
    min: 1,
    max: 1_000_000,
    default: 10_000,
    help: 'requests the journal keeps in all; beyond, the oldest are dropped (and counted as dropped)',
  },
  {
    name: 'journalMaxPerKey',
    flag: 'journal-max-per-key',
    placeholder: '<n>',
    kind: 'whole',
    min: 1,
    max: 1_000_000,
    default: 1000,
    help: "requests the journal keeps of one API key; beyond, that key's oldest are dropped",
  },
] as const satisfies readonly OptionSpec[];

export const FAULT_OPTIONS = [
  {
    name: 'faultRate',
    flag: 'fault-rate',
    placeholder: '<rate>',
    kind: 'rate',
    help:
      "answer this share of the API's requests (0 to 1) with a network fault of --faults instead (chaos); " +
      'a request may ask for one itself with Prefer: fault=<name>',
  },
  {
    name: 'faultSeed',
    flag: 'fault-seed',
    placeholder: '<number>',
    kind: 'whole',
    min: 0,
    with: 'faultRate',
    default: 1,
    help: "seed of which requests fail, so that runs repeat (each key's n-th request fails alike)",
  },
  {
    name: 'faults',
    placeholder: '<names>',
    kind: 'list',
    choices: FAULT_NAMES,
    with: 'faultRate',
    default: ['reset', 'reset-mid-body', 'short-body', 'html-502'],
    help: `the faults --fault-rate chooses from, among ${FAULT_NAMES.join(', ')}`,
  },
] as const satisfies readonly OptionSpec[];

export const REPLAY_OPTIONS = [
  {
    name: 'replay',
    placeholder: '<file>',
    kind: 'data',
    command: 'mock',
    conflicts: [
      { name: 'sandbox', why: 'are two modes: choose one' },
      { name: 'dynamic', why: 'are two modes: choose one' },
    ],
    help: 'answer from traffic the proxy recorded (--record), YAML or JSON (startMock() also takes the entries)',
  },
  {
    name: 'fallback',
    placeholder: '<mode>',
    kind: 'choice',
    choices: ['none', 'examples'],
    command: 'mock',
    with: 'replay',
    default: 'none',
    help: "what answers a request nothing was recorded for: a 404 saying so (none), or the description's examples",
  },
] as const satisfies readonly OptionSpec[];

export const RECORD_OPTIONS = [
  {
    name: 'record',
    placeholder: '<file>',
    kind: 'path',
    command: 'proxy',
    help: 'write every exchange to this YAML file (the key masked), for --replay',
  },
  {
    name: 'scrub',
    placeholder: '<names>',
    kind: 'list',
    command: 'proxy',
    with: 'record',
    help: 'fields and answer properties written as [scrubbed] (e.g. email,params[Phone]); password always is',
  },
] as const satisfies readonly OptionSpec[];
