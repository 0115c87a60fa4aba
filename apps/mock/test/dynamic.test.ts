// --dynamic answers with data generated from the schemas; the same --seed gives the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/mock.mjs', import.meta.url));
const children: ChildProcess[] = [];

async function start(seed: string): Promise<string> {
  const port = 45000 + Math.floor(Math.random() * 15000);
  const child = spawn(process.execPath, [BIN, '--dynamic', '--seed', seed, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes(`(dynamic, seed ${seed}) on http://127.0.0.1:${port}`) && resolve());
    child.on('exit', (code) => reject(new Error(`mock exited (${code})`)));
  });
  return `http://127.0.0.1:${port}`;
}

afterAll(() => children.forEach((child) => child.kill('SIGINT')));

it('generates repeatable data per seed, valid enough to pass the mock\'s own --errors check', async () => {
  // One at a time: Prism is slow to start on a busy 2-core machine.
  const a = await start('7');
  const b = await start('7');
  const c = await start('8');
  const get = async (base: string) => {
    const response = await fetch(`${base}/1.3/ssh/key/get.json?apikey=k&client_id=293&key_id=41`);
    expect(response.status).toBe(200);
    return response.json();
  };
  const [first, second, other] = [await get(a), await get(b), await get(c)];
  expect(first).toEqual(second);
  expect(other).not.toEqual(first);
  expect(Object.keys(first)).toEqual(expect.arrayContaining(['msg']));
}, 180_000);
