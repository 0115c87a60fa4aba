// hostapi-mock: the mock of the description (examples, --dynamic, --sandbox) or, with `proxy`,
// a validating proxy. `hostapi-mock --help` lists the options.
import { describe, OptionError, parseCli, USAGE } from './cli.ts';
import { MANIFEST, readText } from './node/files.ts';
import { serve } from './node/serve.ts';

async function main() {
  const started = Date.now();
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (cli.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (cli.version) {
    console.log(`hostapi-mock ${JSON.parse(readText(MANIFEST)).version} (Node ${process.version})`);
    process.exit(0);
  }
  const { config } = cli;
  try {
    const mock = await serve(config);
    // Ready to be stopped before saying it is ready: whoever reads the line may Ctrl-C at once.
    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= mock.close().then(() => process.exit(0)));
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, stop);
    if (process.env.npm_lifecycle_event !== undefined) stopWithParent(stop);
    console.log(`hostapi ${describe(config)} on ${mock.url} (ready in ${Date.now() - started} ms)`);
  } catch (error) {
    console.error(`Cannot start the mock on ${config.host}:${config.port}: ${reason(error, config.port)}`);
    process.exit(1);
  }
}

/**
 * Started by a package manager (npx, `npm run`, `pnpm start`: it sets npm_lifecycle_event), the
 * mock's parent is the shell that runs the command. npx passes its SIGTERM to that shell only,
 * which dies without passing it on: the mock, left behind (its parent now another), stops too.
 */
function stopWithParent(stop: () => void) {
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && stop(), 250).unref();
}

/** Why it could not start; for a busy port, how to choose another (`pnpm start` holds 4010 in the repository). */
function reason(error: unknown, port: number): string {
  if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE')
    return (
      `port ${port} is in use (EADDRINUSE: another hostapi-mock, or \`pnpm start\`?): ` +
      'choose another with --port <n> or PORT=<n>'
    );
  return (error as Error)?.message ?? String(error);
}

main();
