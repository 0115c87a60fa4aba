// The @hostapi/mock README, and its docs with code to paste (modes, journal, faults, sandbox), each
// pasted into a fresh project outside the repository (lib/describe-readme.ts). The shared
// sandbox's Redis (`redis.internal` in docs/sandbox.md) is a real redis-server of this run.
// And what the README says of stopping it: `npx hostapi-mock &` then `kill $!` stops the mock, in
// the README's project once its sections ran.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { codeBlocks, freePort, isListening, shellCommands } from '@hostapi/testing/commands';
import { startRedisServer, type RunningRedis } from '@hostapi/testing/redis-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeReadme } from '../lib/describe-readme.js';
import { NPM_ENV, type Project } from '../lib/pasted.js';

let redis: RunningRedis | undefined;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(() => redis?.kill());

const MOCK = new URL('../../../apps/mock/', import.meta.url);
const readme = readFileSync(new URL('README.md', MOCK), 'utf8');

/** In the README's project, once its sections ran (it installed the mock as its Install section says). */
function stopsWithKill(project: () => Project) {
  describe('the mock README: `npx hostapi-mock &` then `kill $!` stops the mock', () => {
    const npx = codeBlocks(readme)
      .filter((block) => block.lang === 'sh')
      .flatMap(shellCommands)
      .find((command) => command.startsWith('npx hostapi-mock'));
    let script: ChildProcess | undefined;
    afterAll(() => {
      // The mock too, had it outlived npx: it stays in the script's process group.
      try {
        if (script?.pid) process.kill(-script.pid, 'SIGKILL');
      } catch {}
    });

    it('says so, and prints the command', () => {
      expect(npx).toBe('npx hostapi-mock');
      expect(readme).toContain('`npx hostapi-mock &` then `kill $!`');
    });

    it('in a script without a terminal: npx is stopped (SIGTERM), the port closes', async () => {
      const port = await freePort();
      // The script goes on (`read`) once the mock serves.
      script = spawn('sh', ['-c', `${npx} &\nread serving\nkill $!\nwait $!`], {
        cwd: project().dir,
        env: { ...process.env, ...NPM_ENV, PORT: String(port) },
        detached: true,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      let ended: number | null | undefined;
      const exited = new Promise((resolve) => script!.once('exit', (code) => resolve((ended = code))));
      // A script that ended before the mock served fails here at once, not after the poll's timeout.
      await expect.poll(async () => ended !== undefined || (await isListening(port)), { timeout: 60_000 }).toBe(true);
      expect(ended, 'the script ended before the mock served').toBeUndefined();
      script.stdin!.end('\n');
      expect(await exited).toBe(143); // `wait $!`: npx ended by SIGTERM
      await expect.poll(() => isListening(port), { timeout: 10_000, interval: 50 }).toBe(false);
    });
  });
}

describeReadme('mock', new URL('README.md', MOCK), { after: stopsWithKill });
describeReadme('mock-modes', new URL('docs/modes.md', MOCK));
describeReadme('mock-journal', new URL('docs/journal.md', MOCK));
describeReadme('mock-faults', new URL('docs/faults.md', MOCK));
describeReadme('mock-sandbox', new URL('docs/sandbox.md', MOCK), {
  placeholders: { 'redis://redis.internal:6379/0': () => redis!.url() },
});
