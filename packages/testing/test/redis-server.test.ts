// The redis-server helper: a real server on a free port that answers, stops, and starts again on
// the same port.
import { createConnection } from 'node:net';
import { expect, it } from 'vitest';
import { isListening } from '../src/commands.mjs';
import { startRedisServer } from '../src/redis-server.mjs';

/** PING over a plain socket, in RESP: the server's answer. */
const ping = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (reply) => {
      socket.destroy();
      resolve(reply.toString());
    });
    socket.once('error', reject);
  });

it('starts redis-server on a free port, stops it, and starts it again on the same port', async () => {
  const redis = await startRedisServer();
  try {
    expect(redis.url(2)).toBe(`redis://127.0.0.1:${redis.port}/2`);
    expect(await ping(redis.port)).toBe('+PONG\r\n');
    await redis.stop();
    expect(await isListening(redis.port)).toBe(false);
    await redis.start();
    expect(await ping(redis.port)).toBe('+PONG\r\n');
  } finally {
    await redis.kill();
  }
  expect(await isListening(redis.port)).toBe(false);
});
