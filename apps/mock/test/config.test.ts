// The options are resolved once (src/config.ts) into one complete configuration: each default the
// options table's, for startMock() and the command line alike, and the mode one tagged value that
// every face (startMock, the CLI, the MSW handlers, the tests' createSandbox) assembles its mock from.
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli.ts';
import { commandOf, type MockConfig, resolveOptions } from '../src/config.ts';
import { handlers } from '../src/msw.ts';
import { HANDLER_MODES, MODES, OPTIONS, type OptionSpec } from '../src/options.ts';
import { spec } from './helpers.ts';

const table: readonly OptionSpec[] = OPTIONS;
/** The options that have a default, and options that bring them into play (their mode, their command). */
const defaulted = table.filter((option) => option.default !== undefined && !option.cliOnly);
const inPlay = (option: OptionSpec): { options: Record<string, unknown>; argv: string[] } => {
  if (option.command === 'proxy')
    return { options: { upstream: 'http://127.0.0.1:9' }, argv: ['proxy', '--upstream', 'http://127.0.0.1:9'] };
  if (option.with === 'store')
    return {
      options: { sandbox: true, store: 'redis://127.0.0.1:1/0' },
      argv: ['--sandbox', '--store', 'redis://127.0.0.1:1/0'],
    };
  // What the option it goes with takes: a flag, a rate, a file.
  const given: Record<string, [unknown, string[]]> = {
    faultRate: [0.5, ['--fault-rate', '0.5']],
    replay: ['/tmp/recording.yaml', ['--replay', '/tmp/recording.yaml']],
  };
  if (option.with && given[option.with]) {
    const [value, argv] = given[option.with]!;
    return { options: { [option.with]: value }, argv };
  }
  if (option.with) return { options: { [option.with]: true }, argv: [`--${option.with}`] };
  return { options: {}, argv: [] };
};
/** An option's value in a configuration: at its top, or in its mode (by the same name). */
const valueIn = (config: MockConfig, name: string) => ({ ...config, ...config.mode })[name as keyof MockConfig];

describe('the configuration', () => {
  it.each(defaulted.map((option) => [option.name, option]))(
    '%s: startMock() takes its default from the table',
    (_name, option) => {
      const { options } = inPlay(option);
      expect(valueIn(resolveOptions(options, commandOf(options), false), option.name)).toBe(option.default);
    },
  );

  it.each(defaulted.map((option) => [option.name, option]))('%s: so does the command line', (_name, option) => {
    const { argv } = inPlay(option);
    const parsed = parseCli(argv, {});
    expect('config' in parsed && valueIn(parsed.config, option.name)).toBe(option.cliDefault ?? option.default);
  });

  it('is complete: every option of the mode in play has a value, but those whose default is none', () => {
    const none = new Set(['rateLimit', 'fixture', 'store', 'log', 'document', 'faultRate', 'record']);
    for (const options of [{}, { dynamic: true }, { sandbox: true }, { upstream: 'http://127.0.0.1:9' }]) {
      const config = resolveOptions(options, commandOf(options), false);
      const missing = Object.entries({ ...config, ...config.mode }).filter(
        ([name, v]) => v === undefined && !none.has(name),
      );
      expect(missing, JSON.stringify(options)).toEqual([]);
    }
  });

  it('chooses the mode once, as one tagged value', () => {
    const answerer = { answer: () => ({ status: 200 }) };
    const kinds = [
      {},
      { dynamic: true, seed: 7 },
      { sandbox: true },
      { upstream: 'http://127.0.0.1:9' },
      { replay: '/tmp/recording.yaml' },
      { answerer },
    ].map((options) => resolveOptions(options, commandOf(options), false).mode);
    expect(kinds.map((mode) => mode.kind)).toEqual([...MODES]);
    expect(kinds[1]).toEqual({ kind: 'dynamic', seed: 7 });
    expect(kinds[3]).toEqual({
      kind: 'proxy',
      upstream: 'http://127.0.0.1:9',
      upstreamTimeoutMs: 60_000,
      record: undefined,
      scrub: [],
    });
    expect(kinds[4]).toEqual({ kind: 'replay', replay: '/tmp/recording.yaml', fallback: 'none' });
    // The proxy always logs.
    expect(resolveOptions({ upstream: 'http://127.0.0.1:9' }, 'proxy', false).verbose).toBe(true);
  });

  it('refuses what cannot work together, naming it as the command line or code names it', () => {
    expect(() => resolveOptions({ seed: 3 }, 'mock', false)).toThrow('seed goes with dynamic');
    expect(() => parseCli(['--seed', '3'], {})).toThrow('--seed goes with --dynamic');
    expect(() => resolveOptions({ maxKeys: 0, sandbox: true }, 'mock', false)).toThrow(
      'maxKeys must be a whole number ≥ 1, got 0',
    );
  });
});

describe('the MSW handlers', () => {
  const servers: ReturnType<typeof setupServer>[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  const BASE = spec.servers[0].url as string;
  const listen = (options: Parameters<typeof handlers>[0]) => {
    const server = setupServer(...handlers(options));
    server.listen({ onUnhandledFrame: 'error' });
    servers.push(server);
  };
  const addKey = (apikey: string) =>
    fetch(`${BASE}/1.2/ssh/key/add.json`, {
      method: 'POST',
      body: new URLSearchParams({
        apikey,
        client_id: '293',
        label: 'laptop',
        content: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s me@laptop',
      }),
    });

  it('take the modes the table declares for them, by name', () => {
    expect(HANDLER_MODES.every((mode) => (MODES as readonly string[]).includes(mode))).toBe(true);
    expect(() => handlers({ mode: 'proxy' as 'examples' })).toThrow(`mode must be one of ${HANDLER_MODES.join(', ')}`);
  });

  it("take the sandbox's options by the server's names, checked alike", async () => {
    expect(() => handlers({ mode: 'examples', maxKeys: 1 })).toThrow('maxKeys goes with sandbox');
    listen({ mode: 'sandbox', maxKeys: 1 });
    const added = await (await addKey('key-a')).json();
    await addKey('key-b');
    // key-a's state was dropped to keep one key's: its SSH key is gone, and its next answer says so.
    const read = await fetch(`${BASE}/1.3/ssh/key/get.json?apikey=key-a&client_id=293&key_id=${added.return.key_id}`);
    expect((await read.json()).status).toBe(false);
    const violations = JSON.parse(read.headers.get('sl-violations') ?? '[]');
    expect(violations.map((note: { code: string }) => note.code)).toEqual(['sandboxStateDropped']);
  });
});
