// The options, declared once (src/options.ts): parsing, --help and the README's table.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readBundle } from '@hostapi/spec/document';
import { expect, it } from 'vitest';
import { ENVIRONMENT, help, OPTIONS, optionsTable, parseOptions } from '../src/options.js';

const doc = readBundle();

it('reads the options, with their defaults', () => {
  expect(parseOptions([])).toEqual({
    readOnly: false,
    areas: undefined,
    http: false,
    port: 3000,
    help: false,
    version: false,
  });
  expect(parseOptions(['--read-only', '--tools', 'servers, dns', '--http', '--port', '0'])).toEqual({
    readOnly: true,
    areas: ['servers', 'dns'],
    http: true,
    port: 0,
    help: false,
    version: false,
  });
});

it('refuses what it does not know, saying what', () => {
  expect(() => parseOptions(['--readonly'])).toThrow("Unknown option '--readonly'");
  expect(() => parseOptions(['--http', '--port', '70000'])).toThrow(
    '--port must be a whole number from 0 to 65535, got 70000',
  );
  expect(() => parseOptions(['--port', '1.5'])).toThrow('got 1.5');
  expect(() => parseOptions(['servers'])).toThrow("Unexpected argument 'servers'");
  expect(() => parseOptions(['--tools'])).toThrow("Option '--tools <value>' argument missing");
});

it('--help prints every option and variable, with the description’s areas and server', () => {
  const printed = execFileSync(process.execPath, [new URL('../dist/bin.js', import.meta.url).pathname, '--help'], {
    encoding: 'utf8',
    env: {},
  });
  expect(printed).toBe(help(doc));
  for (const { name } of [...OPTIONS, ...ENVIRONMENT]) expect(printed).toContain(`  ${name}`);
  expect(printed).toContain('servers, dns, domains, accounts, sshKeys, cloud, bandwidth, mail.');
  expect(printed).toContain(`Default: ${doc.servers[0].url}.`);
});

it('the README’s options table is the one the table gives (pnpm --filter @hostapi/mcp generate)', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const table = /<!-- options:[^\n]*-->\n([\s\S]*?)\n<!-- \/options -->/.exec(readme)?.[1];
  expect(table).toBe(optionsTable(doc));
});
