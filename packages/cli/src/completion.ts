// `hostapi completion <shell>`: the scripts of @bomb.sh/tab, which ask `hostapi complete -- <words>`
// for the candidates of the commands and options commander holds (the same ones `--help` shows).
import tab from '@bomb.sh/tab/commander';
import type { Command } from 'commander';
import type { Io } from './terminal.js';

/**
 * tab's bash script reads the words with bash-completion's `_get_comp_words_by_ref`; where that
 * package is not loaded (macOS's bash, a slim container), the words as bash splits them do.
 */
const BASH_WITHOUT_BASH_COMPLETION = `# Without bash-completion: the words as bash splits them.
if ! declare -F _get_comp_words_by_ref >/dev/null; then
  _get_comp_words_by_ref() {
    cur="\${COMP_WORDS[COMP_CWORD]}"
    prev="\${COMP_WORDS[COMP_CWORD-1]}"
    words=("\${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  }
fi
`;

const firstLine = (text: string) => text.split('\n')[0]!.trim();

/** Adds `completion <shell>` and the hidden `complete -- <words>` it calls back, once every command is added. */
export function addCompletion(program: Command, io: Io): void {
  const completion = tab(program, { completionCommandName: 'completion' });
  // tab answers one line per candidate: commands by their summaries, every description one line.
  for (const [path, command] of completion.commands) {
    const named = path
      .split(' ')
      .reduce<Command | undefined>((parent, name) => parent?.commands.find((c) => c.name() === name), program);
    command.description = named?.summary() || firstLine(command.description);
    for (const option of command.options.values()) option.description = firstLine(option.description);
  }
  program.commands
    .find((command) => command.name() === 'completion')!
    .description('Print the completion script of a shell (bash, zsh, fish, powershell): see hostapi --help.')
    .action((shell: string) => {
      if (shell === 'bash') io.out(BASH_WITHOUT_BASH_COMPLETION);
      completion.setup('hostapi', 'hostapi', shell);
    });
}
