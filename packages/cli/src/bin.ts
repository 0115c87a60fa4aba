#!/usr/bin/env node
// hostapi: the command line. Exit code 0 when done, 1 when the service answered a failure (or
// could not be reached, or a question was not answered yes), 2 for a usage error naming the flag.
import { ApiError, HostApiError, ValidationError } from '@hostapi/client';
import { readBundle } from '@hostapi/spec/document';
import { CommanderError } from 'commander';
import { UsageError } from './input.js';
import { commandsOf, flagOfWire } from './operations.js';
import { createProgram } from './program.js';
import { type Io, processIo } from './terminal.js';

/** A service's failure, readably: its message, and each invalid field with the flag that gives it. */
function failure(error: HostApiError, doc: ReturnType<typeof readBundle>): string {
  const command = commandsOf(doc).find((c) => c.operationId === error.operation);
  const where = command ? `${command.group} ${command.name}` : error.operation;
  // The service answers most failures with HTTP 200: a status says something only when it is not 2xx.
  const status = error instanceof ApiError && error.status && error.status > 299 ? ` (HTTP ${error.status})` : '';
  if (!(error instanceof ValidationError))
    return `${where}: ${error.message.slice(error.operation.length + 2)}${status}\n`;
  const lines = error.problems.map(({ field, message }) => {
    const flag = command && flagOfWire(command.flags, field)?.flag;
    return `  ${flag ? `--${flag.name} (${field})` : field || 'the request'}: ${message}`;
  });
  return `${where}: the request was refused as invalid (HTTP ${error.status}):\n${lines.join('\n')}\n`;
}

async function main(io: Io): Promise<number> {
  const doc = readBundle();
  const program = createProgram(doc, io);
  const error = (text: string) => io.err(`${io.paint('red', 'error:', 'err')} ${text}`);
  try {
    await program.parseAsync(process.argv.slice(2), { from: 'user' });
    return 0;
  } catch (thrown) {
    // Commander has said what is wrong (and shown help or the version, with exit code 0).
    if (thrown instanceof CommanderError) return thrown.exitCode === 0 ? 0 : 2;
    if (thrown instanceof HostApiError) {
      error(failure(thrown, doc));
      return 1;
    }
    // A usage error, a value the client cannot send (a TypeError naming the field), a question not
    // answered yes, or a fault of the CLI itself.
    error(`${thrown instanceof Error ? thrown.message : String(thrown)}\n`);
    return thrown instanceof UsageError || thrown instanceof TypeError ? 2 : 1;
  }
}

const io = processIo();
// A reader that stops early (`hostapi servers list | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
main(io).then((code) => {
  process.exitCode = code;
});
