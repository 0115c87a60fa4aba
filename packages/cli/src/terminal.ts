// The terminal: everything written goes through the one key mask (@hostapi/spec/wire), colour
// only on a terminal and never with NO_COLOR, and the two questions the CLI asks (a key without
// echo, a yes/no) on standard error, read from standard input.
import { createInterface } from 'node:readline/promises';
import { isatty } from 'node:tty';
import { maskKey } from '@hostapi/spec/wire';

export interface Io {
  /** The keys known to this run (HOSTAPI_KEY, the profile's): masked in everything written. */
  readonly keys: string[];
  out(text: string): void;
  err(text: string): void;
  /** `text` styled, where the stream it goes to (`out` by default) shows colour. */
  paint(style: keyof typeof STYLES, text: string, on?: 'out' | 'err'): string;
  /** Standard output is a terminal: tables for lists. */
  readonly isTerminal: boolean;
  /** Standard input is a terminal: the CLI may ask. */
  readonly canAsk: boolean;
  /** The terminal's width (120 when not a terminal). */
  readonly columns: number;
  readonly env: NodeJS.ProcessEnv;
}

const STYLES = { bold: [1, 22], red: [31, 39] } as const;

/** The process's terminal: NO_COLOR (set and not empty) or a stream that is not a terminal means no colour. */
export function processIo(env: NodeJS.ProcessEnv = process.env): Io {
  const keys = [env.HOSTAPI_KEY].filter((key): key is string => Boolean(key));
  const colour = { out: Boolean(process.stdout.isTTY), err: Boolean(process.stderr.isTTY) };
  if (env.NO_COLOR) colour.out = colour.err = false;
  return {
    keys,
    out: (text) => void process.stdout.write(maskKey(text, keys)),
    err: (text) => void process.stderr.write(maskKey(text, keys)),
    paint: (style, text, on = 'out') =>
      colour[on] ? `\x1b[${STYLES[style][0]}m${text}\x1b[${STYLES[style][1]}m` : text,
    isTerminal: Boolean(process.stdout.isTTY),
    // Not process.stdin.isTTY: making process.stdin turns a piped standard input non-blocking, and
    // reading it whole (`login`, a `-` value) then fails (EAGAIN) when the writer is slower.
    canAsk: isatty(0),
    columns: process.stdout.columns || 120,
    env,
  };
}

/** Reads a line from the terminal without echoing it (the key); Ctrl-C cancels. */
export function askHidden(question: string, io: Io): Promise<string> {
  const { stdin } = process;
  // Echo off before the question shows: a key pasted as soon as it shows is not echoed either.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  io.err(question);
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (settle: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      io.err('\n');
      settle();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done(() => resolve(text));
        if (char === '\u0003') return done(() => reject(new Error('cancelled: nothing was saved')));
        text = char === '\u007f' || char === '\b' ? [...text].slice(0, -1).join('') : text + char;
      }
    };
    stdin.on('data', onData);
  });
}

/** Asks a yes/no question on the terminal; only `y` or `yes` is yes. */
export async function askYes(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await lines.question(question)).trim());
  } finally {
    lines.close();
  }
}
