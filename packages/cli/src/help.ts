// The help of each operation's command, from the description: its summary, method and versioned
// path and description; each flag's type, whether required, its enumeration (commander's
// `choices`), its description and the wire name it is sent under; how this command's nested,
// list and map fields are typed; and the description's example as a command line.
import type { Flag, OperationCommand } from './operations.js';

/** `integer`, `number` or `text`: what a flag's value is. */
export const typeOf = (flag: Flag): string => {
  const types = [flag.schema.type].flat();
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : 'text';
};

/** The flag as its help shows it: `--client-id <integer>`, `--upgrade-disk <key=integer>`, `--suggest`. */
export const usageOf = (flag: Flag): string =>
  flag.kind === 'switch'
    ? `--${flag.name}`
    : `--${flag.name} <${flag.kind === 'map' ? `key=${typeOf(flag)}` : typeOf(flag)}>`;

/** What a flag's help says after its description: how it is sent. */
function sentAs({ name, kind, wire }: Flag): string {
  switch (kind) {
    case 'switch':
      return `Yes/no: --${name} sends ${wire}=1, --no-${name} ${wire}=0.`;
    case 'list':
      return `Repeatable, an item each: ${wire}.`;
    case 'map':
      return `Repeatable, key=value: ${wire}.`;
    default:
      return `Sent as ${wire}.`;
  }
}

/** A flag's description in `--help`. */
export const describeFlag = (flag: Flag): string =>
  [flag.required && '(required)', flag.description, sentAs(flag)].filter(Boolean).join(' ');

const itemName = (flag: Flag, slot: string) => flag.wire.replace(flag.kind === 'map' ? '<key>' : '<n>', slot);

/** How this command's nested, list and map fields are typed, with its own flags as examples. */
function typing(command: OperationCommand): string[] {
  const { flags } = command;
  const lines: string[] = [];
  const nested = flags.find((f) => f.kind === 'value' && f.segments.length > 1);
  if (nested) lines.push(`Nested fields have flags of their own: --${nested.name} sends ${nested.wire}.`);
  for (const list of flags.filter((f) => f.kind === 'list')) {
    const group = list.segments.length > 2 && list.segments.at(-1) !== '';
    lines.push(
      `A list, one flag a value: --${list.name} <a> --${list.name} <b> sends ${itemName(list, '0')}=<a> and ` +
        `${itemName(list, '1')}=<b>` +
        `${list.wire.endsWith('[]') ? ' (empty brackets: this version sends no index)' : ''}.` +
        (group ? ' Its items are groups: the n-th value of each of its flags goes in item n.' : ''),
    );
    if (group) break;
  }
  const map = flags.find((f) => f.kind === 'map');
  if (map) {
    lines.push(
      `A map, one flag an entry: --${map.name} <key>=<value> sends ${itemName(map, '<key>')}=<value>; ` +
        'repeat it for more keys.',
    );
  }
  const yesNo = flags.find((f) => f.kind === 'switch');
  if (yesNo) lines.push(`Yes/no fields: --${yesNo.name} sends 1, --no-${yesNo.name} sends 0.`);
  if (command.dataOnly.length) lines.push(`Given with -d only: ${command.dataOnly.join(', ')}.`);
  const wire = (map ?? nested ?? flags[0])?.wire ?? 'name';
  lines.push(
    `-d '${wire}=<value>' sends any field as it is named on the wire, merged over the flags.`,
    'A value @path reads the file (~ is your home folder; one final line break is dropped), - reads standard',
    'input, @@text is @text.',
  );
  return lines;
}

/** The command's description (`.description()`): summary, method and path, description. */
export const describeCommand = (command: OperationCommand): string =>
  `${command.summary}: ${command.method} ${command.path}\n\n${command.description}`;

/** What follows the options: how fields are typed, the example, and what the command does to your account. */
export function helpAfter(command: OperationCommand): string {
  const notes = [
    command.callAll && 'A paged list: --all prints every record of every page, as the pages come.',
    command.destructive &&
      'Destructive (changes or removes what exists): asks before sending on a terminal; --yes to go ahead.',
  ].filter(Boolean);
  return [
    '',
    'Fields:',
    ...typing(command).map((line) => `  ${line}`),
    '',
    'Example:',
    `  ${command.example}`,
    ...(notes.length ? ['', ...notes] : []),
    '',
  ].join('\n');
}
