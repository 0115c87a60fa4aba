import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMock } from '@hostapi/mock';
import { describe, it } from 'vitest';
import {
  consoleOperation as byId,
  curlCommand,
  heading,
  KEY,
  model,
  consoleSuite,
  pairsOf,
  panelOf,
  PLACEHOLDER,
  sendAndRead,
  type Answer,
} from './support/console.js';

const { running, freshPage, openConsole } = consoleSuite();

describe('the form', () => {
  /** The query or URL-encoded body the console sent, decoded. */
  const fieldsSent = (answer: Answer) =>
    pairsOf(
      answer.request.method() === 'GET' ? new URL(answer.request.url()).search.slice(1) : answer.request.postData()!,
    ).filter(([name]) => name !== 'apikey');

  it.concurrent('adds and removes indexed list items, and sends choices and text as typed', async ({ expect }) => {
    const watched = await freshPage();
    const { page } = watched;
    try {
      const panel = await openConsole(watched, byId('checkDomainAvailability'));
      const add = panel.getByRole('button', { name: 'Add an item to additional_tlds' });
      await add.click();
      await add.click();
      await add.click();
      await panel.getByLabel('additional_tlds[0]', { exact: true }).fill('com');
      await panel.getByLabel('additional_tlds[1]', { exact: true }).fill('net');
      await panel.getByLabel('additional_tlds[2]', { exact: true }).fill('org');
      await panel.getByRole('button', { name: 'Remove additional_tlds[1]' }).click();
      await panel.getByRole('combobox', { name: 'suggest', exact: true }).selectOption('1');
      const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
      expect(curl).toContain("-d 'additional_tlds[0]=com' \\\n  -d 'additional_tlds[1]=org' \\\n  -d 'suggest=1'");
      const answer = await sendAndRead(page, panel);
      expect(fieldsSent(answer)).toEqual([
        ['client_id', '293'],
        ['domain', 'example.co.nz'],
        ['additional_tlds[0]', 'com'],
        ['additional_tlds[1]', 'org'],
        ['suggest', '1'],
      ]);
      expect(answer.status).toBe(200);

      // Text that is not what the description asks for is sent as typed: the server says no.
      await panel.getByLabel('client_id', { exact: true }).fill('abc');
      const refused = await sendAndRead(page, panel);
      expect(fieldsSent(refused)[0]).toEqual(['client_id', 'abc']);
      expect(refused.status).toBe(422);
      expect(refused.verdict).toBe('failure');
      expect(refused.text).toContain('client_id');

      // A required input left blank is named, and nothing is sent.
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await panel.getByLabel('domain', { exact: true }).fill('');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      expect(await panel.getByRole('alert').innerText()).toBe('domain is required.');
      expect(requests).toEqual([]);
      await panel.getByRole('button', { name: 'Reset to the example' }).click();
      expect(await panel.getByLabel('domain', { exact: true }).inputValue()).toBe('example.co.nz');
      expect(await panel.getByLabel('client_id', { exact: true }).inputValue()).toBe('293');
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it.concurrent('edits maps by key, lists with [] and of groups; sends POST forms as multipart on request', async ({
    expect,
  }) => {
    const watched = await freshPage();
    const { page } = watched;
    try {
      let panel = await openConsole(watched, byId('upgradeServer'));
      // The example's entry.
      expect(await panel.getByLabel('upgrade[disk][xvda1]', { exact: true }).inputValue()).toBe('120');
      await panel.getByRole('button', { name: 'Add an entry to upgrade[disk]' }).click();
      await panel.getByLabel('Name of entry 2 of upgrade[disk]').fill('xvdb');
      await panel.getByLabel('upgrade[disk][xvdb]', { exact: true }).fill('40');
      await panel.getByRole('button', { name: 'Remove entry 1 of upgrade[disk]' }).click();
      const upgraded = await sendAndRead(page, panel);
      expect(fieldsSent(upgraded)).toEqual([
        ['client_id', '293'],
        ['name', 'web01'],
        ['upgrade[cores]', '4'],
        ['upgrade[disk][xvdb]', '40'],
      ]);
      expect(upgraded.status).toBe(200);

      await panel.getByRole('combobox', { name: 'Operation' }).selectOption('copyStack');
      await heading(page, byId('copyStack').summary).waitFor();
      panel = panelOf(page);
      const service = panel.getByRole('button', { name: 'Add an item to params[the service]' });
      await service.click();
      await service.click();
      const items = panel.getByLabel('params[the service][]', { exact: true });
      await items.nth(0).fill('shop-staging.example.co.nz');
      await items.nth(1).fill('www.shop-staging.example.co.nz');
      await panel.getByRole('button', { name: 'Remove params[database_users][0]' }).click();
      await panel.getByLabel('Send as multipart/form-data').check();
      const copied = await sendAndRead(page, panel);
      expect(copied.request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const parts = [...copied.request.postData()!.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map(
        ([, name, value]) => [name, value],
      );
      expect(parts).toEqual([
        ['apikey', KEY],
        ['client_id', '293'],
        ['source_server', 'cloud01'],
        ['name', 'shop'],
        ['destination_server', 'cloud01'],
        ['label', 'Shop staging'],
        ['params[the service][]', 'shop-staging.example.co.nz'],
        ['params[the service][]', 'www.shop-staging.example.co.nz'],
        ['params[copy_env_file]', '1'],
        ['params[shutdown]', '0'],
        ['params[databases][0][clone_db_from]', 'shop'],
        ['params[databases][0][mysql_host]', 'mysql8'],
        ['params[databases][0][db_name]', 'shop_staging'],
        ['params[databases][0][origin_container]', 'c8a1f3d2e4b5'],
      ]);
      expect(copied.status).toBe(200);
      expect(copied.verdict).toBe('success');
      // The curl shown sends those parts too (curlCommand's multipart is run by curl in curl.test.ts).
      const curl = await panel.getByRole('region', { name: 'curl' }).locator('pre').innerText();
      const placeheld = parts.map(([name, value]) => [name!, name === 'apikey' ? PLACEHOLDER : value!] as const);
      expect(curl).toBe(
        curlCommand({
          method: 'post',
          url: `${running.mock.url}${byId('copyStack').path}`,
          pairs: placeheld,
          multipart: true,
        }),
      );
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

describe('another server', () => {
  it.concurrent('is reached at the address typed in; what breaks the description is shown from sl-violations', async ({
    expect,
  }) => {
    // A server of one's own whose answer breaks the description, behind the mock's validating proxy.
    const upstream = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ return: { total_items: 'many' }, msg: 'Successful', status: true }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxy = await startMock({
      port: 0,
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      log: () => {},
    });
    const watched = await freshPage();
    const { page } = watched;
    try {
      const panel = await openConsole(watched, model.operations.find((op) => op.id === 'listServers')!);
      await panel.getByLabel('Server', { exact: true }).fill(`${proxy.url}/`);
      const answer = await sendAndRead(page, panel);
      expect(answer.request.url()).toMatch(new RegExp(`^${proxy.url}/1\\.3/server/list_servers\\.json\\?apikey=`));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ return: { total_items: 'many' }, msg: 'Successful', status: true });
      const violations = await panel.getByRole('region', { name: 'Violations' }).locator('li').allInnerTexts();
      expect(violations).toContain('Error Response body property return.total_items must be integer');
      expect(violations).toContain("Error Response body property return must have required property 'data'");
      await panel.getByText(/^Response headers/).click();
      expect(await panel.locator('tr', { hasText: 'sl-violations' }).innerText()).toContain(
        'return.total_items must be integer',
      );
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await page.context().close();
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  }, 120_000);
});
