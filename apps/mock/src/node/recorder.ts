// The proxy's --record: each exchange it relays appended to a YAML file (engine/recording.ts says
// what an exchange holds), written before its answer is passed back, so that a recording read
// meanwhile (or after a crash) holds every exchange answered. The file is written anew at start.
import { appendFileSync, writeFileSync } from 'node:fs';
import { dump } from 'js-yaml';
import { recordedOf } from '../engine/recording.ts';
import type { Exchange } from '../engine/journal/journal.ts';
import type { Answer } from '../engine/mode.ts';

export async function createRecorder({
  record: file,
  scrub,
  upstream,
}: {
  record: string;
  scrub: readonly string[];
  upstream: string;
}) {
  const origin = new URL(upstream).origin;
  writeFileSync(
    file,
    `# Recorded by hostapi-mock proxy from ${origin}, ${new Date().toISOString()}: one item per exchange,\n` +
      '# the key masked, scrubbed fields as [scrubbed]. Replay it with: hostapi-mock --replay <this file>\n',
  );
  return {
    async record(exchange: Exchange, answer: Answer) {
      const recorded = recordedOf(exchange, answer, scrub);
      // Appended at once, in the order answered: a write of a few kB is not worth a queue.
      if (recorded) appendFileSync(file, dump([recorded], { lineWidth: 120, noRefs: true }));
    },
    async close() {},
  };
}
