// What a redis-server says it did (INFO), asked over a plain socket in RESP: a benchmark counts
// the commands the mock sent it without a client library of its own.
import { createConnection } from 'node:net';

/** INFO `section` of the redis-server on 127.0.0.1:port, as its text. */
export function redisInfo(port, section) {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.write(`*2\r\n$4\r\nINFO\r\n$${section.length}\r\n${section}\r\n`);
    });
    let reply = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      reply = Buffer.concat([reply, chunk]);
      // A bulk string: $<length>\r\n<bytes>\r\n.
      const header = reply.indexOf('\r\n');
      if (header < 0) return;
      if (reply[0] !== 0x24) {
        socket.destroy();
        reject(new Error(`redis-server answered INFO with ${reply.toString('utf8', 0, header)}`));
        return;
      }
      const length = Number(reply.toString('utf8', 1, header));
      if (reply.length < header + 2 + length) return;
      socket.destroy();
      resolve(reply.toString('utf8', header + 2, header + 2 + length));
    });
    socket.on('error', reject);
  });
}

/**
 * How many times each command was called by clients (INFO commandstats): `{ evalsha: 1200, ... }`.
 * A script's own commands are counted under their names too, so round trips are the scripts'
 * calls (evalsha, eval) and the plain commands a client sends.
 */
export async function commandCalls(port) {
  const calls = {};
  for (const [, name, count] of (await redisInfo(port, 'commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    calls[name] = Number(count);
  return calls;
}
