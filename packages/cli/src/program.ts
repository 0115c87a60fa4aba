// The command line, on commander: the options every command takes (declared once, below), one
// command per operation in its client group (src/operations.ts), `login` and `logout`, and
// `completion <shell>` (@bomb.sh/tab, from the same commands).
import type { Node } from '@hostapi/spec/document';
import { Command, InvalidArgumentError, Option } from 'commander';
import { addCompletion } from './completion.js';
import { describeCommand, describeFlag, helpAfter, usageOf } from './help.js';
import { dataField, flagValue, readValue, UsageError } from './input.js';
import { commandsOf, type Flag, type OperationCommand } from './operations.js';
import { FORMATS } from './output.js';
import { checkUrl, DEFAULT_PROFILE, profilesFile, readProfiles, writeProfiles } from './profiles.js';
import { type Globals, runOperation } from './send.js';
import { askHidden, type Io } from './terminal.js';
import { VERSION } from './version.js';

/** A parser that names the problem as commander names the flag: `option '--x <v>' argument 'y' is invalid. <why>`. */
const checked =
  (parse: (text: string) => unknown, repeat = false) =>
  (text: string, previous: unknown): any => {
    try {
      const value = parse(text);
      return repeat ? [...((previous as unknown[]) ?? []), value] : value;
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };

function header(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = text.slice(0, colon).trim();
  if (colon < 1 || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name))
    throw new Error(`expected "Name: value", got ${JSON.stringify(text)}`);
  return [name, text.slice(colon + 1).trim()];
}

/** The options of every command. */
export const OPTIONS: readonly Option[] = [
  new Option(
    '-o, --output <format>',
    'table, json or yaml. Default: a table for lists on a terminal, else JSON.',
  ).choices(FORMATS),
  new Option(
    '--fields <names>',
    'Only these fields of each record, comma-separated (the table\u2019s columns).',
  ).argParser((text) =>
    text
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  ),
  new Option(
    '-q, --query <jmespath>',
    'Print what this JMESPath expression selects of the result (https://jmespath.site).',
  ),
  new Option('--profile <name>', 'Use the key (and address) saved by hostapi login --profile <name>.'),
  new Option(
    '--base-url <url>',
    'The service, or a mock of it. Default: HOSTAPI_URL, the profile\u2019s, the service.',
  ),
  new Option(
    '-v, --verbose',
    'Show each request as sent (the key masked), and its answer\u2019s status and headers, on stderr.',
  ),
  new Option('--dry-run', 'Print the request that would be sent, byte for byte but the key, and send nothing.'),
  new Option('-y, --yes', 'Send a destructive write without asking.'),
  new Option(
    '-d, --data <name=value>',
    "A field as named on the wire: -d 'upgrade[disk][xvda1]=120'. Repeatable.",
  ).argParser(checked(dataField, true)),
  new Option(
    '-H, --header <name: value>',
    "A header to send: -H 'Prefer: example=keyNotFound' (the mock's).",
  ).argParser(checked(header, true)),
  new Option('--multipart', 'Send a POST\u2019s fields as multipart/form-data (URL-encoded by default).'),
];

/** The environment, as the root's help shows it. */
export const ENVIRONMENT: readonly [string, string][] = [
  ['HOSTAPI_KEY', 'Your API key; used unless --profile (or HOSTAPI_PROFILE) names a profile.'],
  ['HOSTAPI_URL', 'The service\u2019s address, or a mock\u2019s (http://127.0.0.1:4010).'],
  ['HOSTAPI_PROFILE', 'The profile to use when --profile is not given.'],
  ['NO_COLOR', 'Set and not empty: no colour (there is none when the output is not a terminal either).'],
];

/** A flag as commander's option: yes/no as `--x` and a hidden `--no-x`. */
function optionOf(flag: Flag): Option {
  const option = new Option(usageOf(flag), describeFlag(flag));
  if (flag.kind === 'switch') return option;
  if (Array.isArray(flag.schema.enum)) option.choices(flag.schema.enum.map(String));
  // After choices: this parser checks the enumeration too, with the value read (@file).
  return option.argParser(checked((text) => flagValue(flag, text), flag.kind === 'list' || flag.kind === 'map'));
}

function operationCommand(group: Command, command: OperationCommand, io: Io): void {
  const sub = group
    .command(command.name)
    .summary(command.summary)
    .description(describeCommand(command))
    .addHelpText('after', helpAfter(command));
  const reserved = new Set(OPTIONS.map((o) => o.attributeName()));
  const options = new Map<Flag, Option>();
  for (const flag of command.flags) {
    const option = optionOf(flag);
    if (reserved.has(option.attributeName()))
      throw new Error(`${command.operationId}: --${flag.name} is an option of every command`);
    sub.addOption(option);
    if (flag.kind === 'switch') sub.addOption(new Option(`--no-${flag.name}`).hideHelp());
    options.set(flag, option);
  }
  if (command.callAll) sub.option('--all', 'Every record of every page, streamed as the pages come.');
  sub.action(async (_, self: Command) => {
    const values = self.opts();
    const given = new Map([...options].map(([flag, option]) => [flag, values[option.attributeName()]]));
    await runOperation(command, given, self.optsWithGlobals<Globals>(), io);
  });
}

async function login(self: Command, io: Io): Promise<void> {
  const { profile = DEFAULT_PROFILE, baseUrl } = self.optsWithGlobals<Globals>();
  if (baseUrl) checkUrl(baseUrl, '--base-url');
  // From a terminal, asked for without echo; piped, read from standard input.
  const key = (io.canAsk ? await askHidden('API key: ', io) : readValue('-', 'login')).trim();
  if (!key) throw new UsageError('login: no key given (type it at the prompt, or pipe it in)');
  io.keys.push(key);
  const profiles = readProfiles(io);
  profiles[profile] = { key, ...(baseUrl && { url: baseUrl }) };
  const file = writeProfiles(io.env, profiles);
  io.err(`Saved profile ${JSON.stringify(profile)} in ${file} (readable by you only).\n`);
}

function logout(self: Command, io: Io): void {
  const { profile = DEFAULT_PROFILE } = self.optsWithGlobals<Globals>();
  const profiles = readProfiles(io);
  if (!profiles[profile])
    throw new UsageError(`logout: no profile ${JSON.stringify(profile)} in ${profilesFile(io.env)}`);
  delete profiles[profile];
  writeProfiles(io.env, profiles);
  io.err(`Removed profile ${JSON.stringify(profile)}.\n`);
}

/** The whole command line, from the bundled description. */
export function createProgram(doc: Node, io: Io): Command {
  const program = new Command('hostapi')
    .description(`The ${doc.info.title} from your shell: one command per operation.`)
    .version(VERSION, '-V, --version')
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (text, write) => write(io.paint('red', text, 'err')),
    })
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError()
    .exitOverride();
  for (const option of OPTIONS) program.addOption(option);
  const width = Math.max(...ENVIRONMENT.map(([name]) => name.length));
  program.addHelpText(
    'after',
    [
      '',
      'Environment:',
      ...ENVIRONMENT.map(([name, text]) => `  ${name.padEnd(width)}  ${text}`),
      '',
      'Exit codes: 0 done; 1 the service answered a failure (or could not be reached); 2 a usage error.',
      'Run hostapi <group> <command> --help for a command\u2019s flags.',
      '',
    ].join('\n'),
  );
  const groups = new Map<string, Command>();
  for (const command of commandsOf(doc)) {
    let group = groups.get(command.group);
    if (!group) {
      group = program.command(command.group).description(`${command.tags.join(', ')}.`);
      groups.set(command.group, group);
    }
    operationCommand(group, command, io);
  }
  program
    .command('login')
    .description(
      `Save your API key as a profile (--profile, default "${DEFAULT_PROFILE}"), with --base-url if given. The key ` +
        'is asked for without echo on a terminal, or read from standard input. Saved in the config folder, readable ' +
        'by you only: $XDG_CONFIG_HOME/hostapi or ~/.config/hostapi (Linux), ~/Library/Application Support/hostapi ' +
        '(macOS), %APPDATA%\\hostapi (Windows).',
    )
    .action((_, self: Command) => login(self, io));
  program
    .command('logout')
    .description(`Remove a saved profile (--profile, default "${DEFAULT_PROFILE}").`)
    .action((_, self: Command) => logout(self, io));
  addCompletion(program, io);
  return program;
}
