// Every command's --help held to the description, read here on its own (operationsOf,
// requestFields, leavesOf): the operation's summary, method and versioned path, description and
// example; every field of its request (but the key) with its wire name, description, enumeration
// and whether it is required; and how its nested, list and map fields are typed.
import { operationsOf, readBundle } from '@hostapi/spec/document';
import { leavesOf, requestFields, shownName } from '@hostapi/spec/fields';
import { isKeyName } from '@hostapi/spec/wire';
import { describe, expect, it } from 'vitest';
import { hostapi } from './run.js';

const doc = readBundle();
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const kebab = (text: string) => text.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe.each(operationsOf(doc).map((o) => [o.op['x-client-method'] as string, o]))('%s --help', (_, operation) => {
  const { op, method, path } = operation;
  const [group, name] = String(op['x-client-method']).split('.').map(kebab) as [string, string];

  it('says what the description says of the operation and of each field', async () => {
    const { code, stdout } = await hostapi([group, name, '--help']);
    expect(code).toBe(0);
    const help = flat(stdout);
    expect(help).toContain(`Usage: hostapi ${group} ${name} [options]`);
    expect(help).toContain(`${op.summary}: ${method.toUpperCase()} ${path}`);
    expect(help).toContain(flat(op.description));
    expect(help).toContain(`Example: hostapi ${group} ${name}`);
    const leaves = requestFields(doc, operation)
      .filter((field) => !isKeyName(field.name))
      .flatMap(leavesOf);
    expect(leaves.length).toBeGreaterThan(0);
    for (const leaf of leaves) {
      const wire = shownName(leaf.segments);
      expect(help, wire).toContain(wire);
      expect(help, wire).toContain(flat(leaf.description ?? ''));
      if (leaf.required) expect(help, wire).toContain(`(required) ${flat(leaf.description ?? '')}`);
      const values = leaf.shape.schema.enum;
      if (values && !(values.length === 2 && values[0] === 0 && values[1] === 1))
        expect(help, wire).toContain(`(choices: ${values.map((v: unknown) => `"${v}"`).join(', ')})`);
    }
    // A yes/no field, a list, a map: the help says how each is typed, with this command's own flags.
    if (leaves.some((l) => l.segments.some((s) => typeof s === 'object' && s.slot === 'key')))
      expect(help).toMatch(/A map, one flag an entry: --[\w-]+ <key>=<value> sends \S+\[<key>\]=<value>/);
    if (leaves.some((l) => l.segments.some((s) => (typeof s === 'object' && s.slot === 'index') || s === '')))
      expect(help).toMatch(/A list, one flag a value: --([\w-]+) <a> --\1 <b> sends \S+=<a> and \S+=<b>/);
    if (leaves.some((l) => l.segments.length > 1)) expect(help).toContain('sends any field as it is named on the wire');
  });
});

it('the root help lists every group, the environment and the exit codes', async () => {
  const { code, stdout } = await hostapi(['--help']);
  expect(code).toBe(0);
  const groups = [...new Set(operationsOf(doc).map((o) => kebab(String(o.op['x-client-method']).split('.')[0]!)))];
  for (const group of groups) expect(stdout).toMatch(new RegExp(`^  ${group} `, 'm'));
  for (const variable of ['HOSTAPI_KEY', 'HOSTAPI_URL', 'HOSTAPI_PROFILE', 'NO_COLOR'])
    expect(stdout).toContain(variable);
  expect(flat(stdout)).toContain('Exit codes: 0 done; 1 the service answered a failure');
});

it('--version prints the package version', async () => {
  const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
  expect(await hostapi(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
});
