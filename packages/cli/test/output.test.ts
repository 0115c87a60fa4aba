// Output: a table of the useful columns for lists on a terminal (bold headers, no colour with
// NO_COLOR), JSON when piped or asked for, YAML; --fields, --query (JMESPath); --all streaming
// every record of every page as the pages come.
import { spawn } from 'node:child_process';
import { type RunningMock, startMock } from '@hostapi/mock';
import { TOO_DEEP } from '@hostapi/spec/wire';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, HOSTAPI, hostapi, onTerminal } from './run.js';
import { startServer, success } from './server.js';

let mock: RunningMock;
let env: Record<string, string>;
beforeAll(async () => {
  mock = await startMock({ port: 0, sandbox: true, log: () => {} });
  env = { HOSTAPI_KEY: `cli-output-${process.pid}`, HOSTAPI_URL: mock.url };
});
afterAll(() => mock?.close());

const list = ['servers', 'list', '--client-id', '293'];

describe('on a terminal', () => {
  it('a list is a table of the columns that vary, bold headers; the page said on stderr', async () => {
    const { stdout, code } = await onTerminal(`${HOSTAPI} ${list.join(' ')} --page-size 4`, env);
    expect(code).toBe(0);
    const [header, ...rows] = stdout.trim().split('\n');
    expect(header).toMatch(/^\x1b\[1mSERVER_ID +NAME +LABEL .*STATE/);
    expect(header).not.toContain('CLIENT_ID'); // the same on every row
    expect(rows.slice(0, 4).map((row) => row.split(/\s{2,}/)[1])).toEqual(['web01', 'db01', 'cloud01', 'cloud02']);
    expect(rows.at(-1)).toBe('Page 1 of 3 (9 in all): --all prints every page.');
  });

  it('NO_COLOR: no colour', async () => {
    const { stdout } = await onTerminal(`${HOSTAPI} ${list.join(' ')} --fields name,state`, { ...env, NO_COLOR: '1' });
    expect(stdout).not.toContain('\x1b[');
    expect(stdout.split('\n').slice(0, 3)).toEqual(['NAME     STATE', 'web01    On', 'db01     Off']);
  });

  it('a record that is not a list: JSON', async () => {
    const { stdout } = await onTerminal(`${HOSTAPI} domains get --client-id 293 --domain example.co.nz`, env);
    expect(JSON.parse(stdout)).toMatchObject({ Domain: 'example.co.nz' });
  });
});

describe('piped', () => {
  it('JSON, no colour; --fields keeps those fields of each record', async () => {
    const { stdout } = await hostapi([...list, '--fields', 'name,state', '--page-size', '2'], env);
    expect(stdout).not.toContain('\x1b[');
    expect(JSON.parse(stdout)).toMatchObject({
      total_items: 9,
      data: [
        { name: 'web01', state: 'On' },
        { name: 'db01', state: 'Off' },
      ],
    });
    expect(Object.keys(JSON.parse(stdout).data[0])).toEqual(['name', 'state']);
  });

  it('--query: what the JMESPath expression selects', async () => {
    const { stdout } = await hostapi([...list, '--query', "data[?state=='Off'].name"], env);
    expect(JSON.parse(stdout)).toEqual(['db01', 'vds01']);
  });

  it('-o yaml: the same result as YAML', async () => {
    const [json, yaml] = await Promise.all([hostapi(list, env), hostapi([...list, '-o', 'yaml'], env)]);
    expect(load(yaml.stdout)).toEqual(JSON.parse(json.stdout));
  });

  it('-o table when piped: the table, no colour', async () => {
    const { stdout } = await hostapi(['dns', 'list-templates', '--client-id', '293', '-o', 'table'], env);
    expect(stdout.split('\n')[0]).toBe('TEMPLATE_ID  TEMPLATE_NAME  DOMAIN_COUNT');
  });
});

describe('--all', () => {
  it('every record of every page, as one JSON list, and as YAML', async () => {
    const { stdout } = await hostapi([...list, '--all', '--page-size', '2', '--fields', 'name'], env);
    expect(JSON.parse(stdout).map((s: { name: string }) => s.name)).toHaveLength(9);
    const yaml = await hostapi([...list, '--all', '--page-size', '4', '-o', 'yaml'], env);
    expect(load(yaml.stdout)).toEqual(JSON.parse((await hostapi([...list, '--all'], env)).stdout));
    const queried = await hostapi([...list, '--all', '--page-size', '4', '--query', 'length(@)'], env);
    expect(queried.stdout).toBe('9\n');
  });

  it('an answer nested 100,000 levels deep: printed to MAX_JSON_DEPTH levels, the rest named', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const server = await startServer(() => ({ body: `{"return":{"templates":${deep}},"msg":"ok","status":true}` }));
    try {
      const { stdout, stderr, code } = await hostapi(['dns', 'list-templates', '--client-id', '293'], {
        HOSTAPI_KEY: 'k',
        HOSTAPI_URL: server.url,
      });
      expect([code, stderr]).toEqual([0, '']);
      expect(JSON.stringify(JSON.parse(stdout))).toContain(TOO_DEEP);
    } finally {
      await server.close();
    }
  });

  it('streams: the first page is printed before the last is asked for', async () => {
    let printed: () => void = () => {};
    const firstShown = new Promise<void>((resolve) => {
      printed = resolve;
    });
    const server = await startServer(async ({ target }) => {
      const page = Number(/page_number%5D=(\d+)|page_number\]=(\d+)/.exec(target)!.slice(1).find(Boolean));
      // The last page waits until the first page's record is on the CLI's standard output.
      if (page === 2) await firstShown;
      return success({ current_page: page, total_pages: 2, total_items: 2, data: [{ name: `server-${page}` }] });
    });
    try {
      const child = spawn(process.execPath, [BIN, ...list, '--all'], {
        env: { PATH: process.env.PATH, HOSTAPI_KEY: 'k', HOSTAPI_URL: server.url },
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (out.includes('server-1')) printed();
      });
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(0);
      expect(JSON.parse(out)).toEqual([{ name: 'server-1' }, { name: 'server-2' }]);
      expect(server.received).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('a table on a terminal', async () => {
    const { stdout } = await onTerminal(`${HOSTAPI} ${list.join(' ')} --all --page-size 2 --fields name`, env);
    expect(stdout.trim().split('\n')).toHaveLength(10);
  });
});
