// The derivation on its own: names, the wire name a flag stands for, the example as a command
// line, and a description whose two fields would make one flag refused when the CLI starts.
import { readBundle } from '@hostapi/spec/document';
import { expect, it } from 'vitest';
import { commandLine, commandsOf, flagOfWire, kebab } from '../src/operations.js';

const commands = commandsOf(readBundle());
const command = (group: string, name: string) => commands.find((c) => c.group === group && c.name === name)!;

it('names groups, commands and flags in kebab case', () => {
  expect(['sshKeys', 'listAllSubAccounts', 'PostalAddress2', 'the service', 'client_id'].map(kebab)).toEqual([
    'ssh-keys',
    'list-all-sub-accounts',
    'postal-address2',
    'the-service',
    'client-id',
  ]);
  expect(command('domains', 'update-contact').flags.map((f) => f.name)).toContain('params-phone-country');
  expect(command('servers', 'list').flags.map((f) => f.name)).toContain('state');
  expect(command('bandwidth', 'get-usage-by-day').flags.map((f) => f.name)).toEqual([
    'client-id',
    'ip-addr',
    'from',
    'to',
  ]);
});

it('finds the flag of a wire name, and what fills its slot', () => {
  const upgrade = command('servers', 'upgrade');
  expect(flagOfWire(upgrade.flags, 'upgrade[disk][xvda1]')).toMatchObject({
    flag: { name: 'upgrade-disk' },
    slot: 'xvda1',
  });
  expect(flagOfWire(command('cloud', 'backup-stack').flags, 'containers[1]')).toMatchObject({ slot: '1' });
  expect(flagOfWire(command('cloud', 'backup-stack').flags, 'containers[x]')).toBeUndefined();
  expect(flagOfWire(upgrade.flags, 'upgrade[gpu]')).toBeUndefined();
});

it('writes wire fields as flags, a list item out of order and unknown fields with -d', () => {
  const { flags } = command('cloud', 'backup-stack');
  const pairs: [string, string][] = [
    ['containers[0]', 'a'],
    ['containers[2]', 'c'],
    ['params[label]', "it's"],
    ['extra', 'x y'],
  ];
  expect(commandLine(flags, pairs)).toEqual([
    '--containers a',
    "-d 'containers[2]=c'",
    "--params-label 'it'\\''s'",
    "-d 'extra=x y'",
  ]);
  expect(command('servers', 'upgrade').example).toBe(
    'hostapi servers upgrade --client-id 293 --name web01 --upgrade-cores 4 --upgrade-disk xvda1=120',
  );
});

it('refuses a description whose two fields make one flag', () => {
  const schema = {
    type: 'object',
    properties: { a_b: { type: 'string' }, a: { type: 'object', properties: { b: { type: 'string' } } } },
  };
  const doc = {
    paths: {
      '/x': {
        post: {
          operationId: 'x',
          'x-client-method': 'things.make',
          requestBody: { content: { 'application/x-www-form-urlencoded': { schema, examples: { e: { value: {} } } } } },
        },
      },
    },
  };
  expect(() => commandsOf(doc)).toThrow('x: a[b] and another field both make --a-b');
});
