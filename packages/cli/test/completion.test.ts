// Shell completion: the bash script loaded in a real bash (as `source <(hostapi completion bash)`
// in ~/.bashrc loads it), its completion function asked as bash asks it on TAB, and what it
// answers; the zsh and fish scripts call back the same `hostapi complete`.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, hostapi } from './run.js';

/** A folder on PATH holding `hostapi`, the built bin run by this Node (as npm links a bin). */
const path = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-cli-path-'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'hostapi'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
  return `${join(dir, 'bin')}:${process.env.PATH}`;
})();

/** What bash offers after `line` (TAB), with the completion script loaded as a user loads it. */
function complete(line: string): Promise<string[]> {
  const words = line.split(' ');
  const script = [
    'source <(hostapi completion bash)',
    `COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})`,
    `COMP_CWORD=${words.length - 1}`,
    `COMP_LINE='${line}'`,
    `COMP_POINT=${line.length}`,
    // The function the script registered for `hostapi`, called as bash calls it on TAB.
    'fn=$(complete -p hostapi | sed -E "s/.*-F ([^ ]+).*/\\1/")',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${...}
    '"$fn" hostapi "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${...}
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  return new Promise((resolve, reject) =>
    execFile('bash', ['--norc', '--noprofile', '-c', script], { env: { PATH: path, HOME: tmpdir() } }, (e, out) =>
      e ? reject(e) : resolve(out.split('\n').filter(Boolean)),
    ),
  );
}

describe('bash', () => {
  it('completes the groups, then a group’s commands', async () => {
    expect(await complete('hostapi ')).toEqual(expect.arrayContaining(['servers', 'ssh-keys', 'login', 'completion']));
    expect(await complete('hostapi ss')).toEqual(['ssh-keys']);
    const commands = ['help', 'list', 'list-images', 'upgrade', 'upgrade-plan'];
    expect((await complete('hostapi servers ')).sort()).toEqual(commands);
    expect((await complete('hostapi servers li')).sort()).toEqual(['list', 'list-images']);
  });

  it('completes a command’s flags, and the values of an enumeration', async () => {
    expect(await complete('hostapi servers list --st')).toEqual(['--state']);
    expect(await complete('hostapi servers list --state ')).toEqual(['On', 'Off', 'Other']);
    expect(await complete('hostapi ssh-keys add --cont')).toEqual(['--content']);
  });

  it('the script is valid bash and registers for hostapi only', async () => {
    const { stdout, code } = await hostapi(['completion', 'bash']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^complete -F \S+ hostapi$/m);
    const checked = await new Promise<number>((resolve) =>
      execFile('bash', ['-n', '-c', stdout], (error) => resolve(error ? Number(error.code) : 0)),
    );
    expect(checked).toBe(0);
  });
});

it.each(['zsh', 'fish', 'powershell'])('%s: a script that asks hostapi complete', async (shell) => {
  const { stdout, code } = await hostapi(['completion', shell]);
  expect(code).toBe(0);
  expect(stdout).toContain('hostapi');
  expect(stdout).toMatch(/hostapi complete (--|'--')/);
});

it('complete -- answers one line per candidate, with its summary', async () => {
  const { stdout } = await hostapi(['complete', '--', 'servers', 'li']);
  expect(stdout).toBe('list-images\tList images\nlist\tList servers\n:4\n');
});
