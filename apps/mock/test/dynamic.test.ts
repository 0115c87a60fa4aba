// --dynamic answers with data generated from the schemas; the same --seed gives the same data.
import { afterAll, expect, it } from 'vitest';
import { startCli, type RunningCli } from './helpers.js';

const running: RunningCli[] = [];
afterAll(() => Promise.all(running.map((mock) => mock.stop())));

it('generates repeatable data per seed, valid against the description', async () => {
  const [a, b, c] = await Promise.all(['7', '7', '8'].map((seed) => startCli(['--dynamic', '--seed', seed])));
  running.push(a!, b!, c!);
  const get = async (mock: RunningCli) => {
    const response = await fetch(`${mock.url}/1.3/ssh/key/get.json?apikey=k&client_id=293&key_id=41`);
    expect(response.status).toBe(200);
    return response.json();
  };
  const [first, second, other] = [await get(a!), await get(b!), await get(c!)];
  expect(first.status).toBe(true);
  expect(first).toEqual(second);
  expect(other).not.toEqual(first);
}, 60_000);
