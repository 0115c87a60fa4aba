// The limit that clients and the mock are measured against: a plain node:http server, in its own
// process, answering fixed bytes per path (the spec's example bodies) and doing nothing else.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** answers: { [path]: body text }. Resolves to { url, pid, close() }. */
export function startFixedServer(answers) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fixed server exited (${code})`)));
    child.once('message', ({ port }) => {
      child.removeAllListeners('exit');
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid,
        close: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill();
          }),
      });
    });
    child.send(answers);
  });
}

/** The plain server: the answer of each path, read to the end of the request first. */
function serve(answers, port, listening) {
  const bodies = new Map(Object.entries(answers).map(([path, text]) => [path, Buffer.from(text)]));
  const server = createServer((req, res) => {
    const body = bodies.get(req.url.split('?')[0]);
    // Read the request to its end, as any real server must, before answering.
    req.resume();
    req.on('end', () => {
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(port, '127.0.0.1', () => listening(server.address().port));
}

if (process.argv[2] === '--serve') {
  // Ends with the benchmark, even one that crashed before closing it.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (answers) => serve(answers, 0, (port) => process.send({ port })));
}

// `node fixed-server.mjs --serve-on <port> <answers as JSON>`: the same server as a command of
// its own (mock-instructions runs it under valgrind); Ctrl-C stops it.
if (process.argv[2] === '--serve-on') {
  serve(JSON.parse(process.argv[4]), Number(process.argv[3]), () => {});
  process.once('SIGINT', () => process.exit(0));
}
