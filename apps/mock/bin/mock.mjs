#!/usr/bin/env node
// hostapi-mock: the mock of the description (examples, --dynamic, --sandbox) or, with `proxy`,
// a validating proxy. `hostapi-mock --help` lists the options.
import { describe, parseCli, USAGE, UsageError } from '../src/cli.mjs';

const started = Date.now();
let cli;
try {
  cli = parseCli(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (cli.help) {
  console.log(USAGE);
  process.exit(0);
}

const { startMock } = await import('../src/index.mjs');
const { options } = cli;
try {
  const mock = await startMock(options);
  // Ready to be stopped before saying it is ready: whoever reads the line may Ctrl-C at once.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => mock.close().then(() => process.exit(0)));
  console.log(`hostapi ${describe(options)} on ${mock.url} (ready in ${Date.now() - started} ms)`);
} catch (error) {
  console.error(`Cannot start the mock on ${options.host}:${options.port}: ${error.message ?? error}`);
  process.exit(1);
}
