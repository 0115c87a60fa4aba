// The @hostapi/mcp README, pasted into a fresh project outside the repository (lib/describe-readme.ts).
// Its agent host configuration (`json`) is started as a host starts it: the SDK's client runs
// `command` with `args` and `env` from the project's folder and talks to it over stdio, the
// mock's address (the one the README's configuration names) being the mock this run started.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect } from 'vitest';
import { describeReadme } from '../lib/describe-readme.js';

interface HostConfiguration {
  mcpServers: Record<string, { command: string; args?: string[]; env?: Record<string, string> }>;
}

describeReadme('mcp', new URL('../../mcp/README.md', import.meta.url), {
  run: {
    json: async (text, { cwd, env }) => {
      const pasted = text.replaceAll(/http:\/\/127\.0\.0\.1:\d+/g, env.HOSTAPI_URL!);
      const servers = Object.values((JSON.parse(pasted) as HostConfiguration).mcpServers);
      expect(servers).toHaveLength(1);
      const { command, args = [], env: own = {} } = servers[0]!;
      const client = new Client({ name: 'readme-host', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args, env: own, cwd }));
      try {
        const { tools } = await client.listTools();
        expect(tools.length).toBeGreaterThan(0);
        const listed = await client.callTool({ name: 'servers_list', arguments: { client_id: 293 } });
        expect(listed.isError, JSON.stringify(listed)).toBeFalsy();
        expect(listed.structuredContent).toMatchObject({ result: { current_page: 1 } });
      } finally {
        await client.close();
      }
    },
  },
});
