// Writes the README's generated tables (between their markers): the options, from the options
// table (src/options.ts), and the example names per operation, from the bundled description.
// `pnpm --filter @hostapi/mock generate`; a test checks both are current.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Node, operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { defaultOf, helpOf } from '../src/cli.ts';
import { flagName, OPTIONS, type OptionSpec } from '../src/options.ts';

export { readBundle };
export const README = fileURLToPath(new URL('../README.md', import.meta.url));

/** Every option: how it is typed, its name in startMock(), its default, what it does. */
export function optionsTable(): string {
  const options: readonly OptionSpec[] = OPTIONS;
  const code = (text: string) => `\`${text}\``;
  const rows = options.map((option) => {
    const negated = option.kind === 'flag' && option.default === true;
    const flag = flagName(option) && (negated ? `--no-${flagName(option)}` : `--${flagName(option)}`);
    const typed = flag ? code(`${flag}${option.placeholder ? ` ${option.placeholder}` : ''}`) : '';
    const name = option.cliOnly ? '' : code(negated ? `${option.name}: false` : option.name);
    const fallback = defaultOf(option, true) ?? '';
    const own = option.cliDefault === undefined ? '' : `; \`startMock()\`: ${option.default}`;
    return `| ${typed} | ${name} | ${fallback}${own} | ${helpOf(option)} |`;
  });
  return ['| option | `startMock()` | default | |', '|---|---|---|---|', ...rows].join('\n');
}

/** Each operation's named examples, by response. */
export function examplesTable(doc: Node): string {
  const operations = operationsOf(doc);
  const codes = [...new Set(operations.flatMap(({ op }) => Object.keys(op.responses)))].sort();
  const names = (op: Node, code: string) =>
    Object.keys(responseExamples(doc, op, code))
      .map((n) => `\`${n}\``)
      .join(', ');
  const rows = operations.map(({ path, method, op }) => {
    const cells = codes.map((code) => names(op, code)).join(' | ');
    return `| \`${op.operationId}\` | ${method.toUpperCase()} \`${path}\` | ${cells} |`;
  });
  return [
    `| operation | request | ${codes.map((code) => `HTTP ${code}`).join(' | ')} |`,
    `|---|---|${codes.map(() => '---|').join('')}`,
    ...rows,
  ].join('\n');
}

/** A text with the table between `<!-- name:start … -->` and `<!-- name:end -->` made anew. */
function withTable(text: string, name: string, table: string): string {
  const start = new RegExp(`<!-- ${name}:start[^>]*-->`).exec(text);
  const end = text.indexOf(`<!-- ${name}:end -->`);
  if (!start || end < start.index) throw new Error(`the README lacks the <!-- ${name}:start --> … end markers`);
  return `${text.slice(0, start.index + start[0].length)}\n${table}\n${text.slice(end)}`;
}

/** The README with both tables current. */
export const withTables = (readme: string, doc: Node) =>
  withTable(withTable(readme, 'options', optionsTable()), 'examples', examplesTable(doc));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(README, withTables(readFileSync(README, 'utf8'), readBundle()));
  console.log(`wrote the options and example tables into ${README}`);
}
