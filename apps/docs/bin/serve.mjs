#!/usr/bin/env node
// Serves the built site (dist/) on 127.0.0.1:8080; --host/--port or HOST/PORT change it (port 0:
// any free port). A leading `--` (which pnpm passes on) is ignored. With --mock-url (and
// --mock-command), as `pnpm start` runs it, the page names the mock started beside it, which the
// Try it console then calls by default and tells how to start.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import serveStatic from 'serve-static';
import { DIST } from '../build/site.ts';

const USAGE = `Usage: serve [--host 127.0.0.1] [--port 8080] [--mock-url <url> [--mock-command <command>]]
  (HOST and PORT in the environment set the defaults; port 0: any free port)`;
const args = process.argv.slice(2);
if (args[0] === '--') args.shift();

let values;
try {
  ({ values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
      port: { type: 'string', default: process.env.PORT || '8080' },
      'mock-url': { type: 'string' },
      'mock-command': { type: 'string', default: 'pnpm start' },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}\n${USAGE}`);
  process.exit(2);
}
const mockUrl = values['mock-url'];
if (mockUrl !== undefined && !/^https?:\/\/[^\s"<>]+$/.test(mockUrl)) {
  console.error(`--mock-url must be an http:// or https:// address, got ${mockUrl}\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(`${DIST}index.html`)) {
  console.error(`${DIST}index.html is missing: run \`pnpm --filter @hostapi/docs build\` first.`);
  process.exit(1);
}

// Express's static server (serve-static, on `send`): ranges as RFC 9110 has them (416 for an
// unsatisfiable one, a malformed one ignored), conditional requests, no path outside dist/, no
// dotfiles, no directory listing. (sirv, used before, died on `Range: bytes=100-50`.)
const files = serveStatic(DIST, { fallthrough: false, redirect: false, dotfiles: 'ignore', index: ['index.html'] });
const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** The page as built, naming the mock started beside it (read per request: the site may be rebuilt meanwhile). */
const pageWithMock = () =>
  readFileSync(`${DIST}index.html`, 'utf8').replace(
    '<head>',
    `<head>\n<meta name="hostapi-mock" content="${attribute(mockUrl)}"` +
      ` data-command="${attribute(values['mock-command'])}">`,
  );

/**
 * On every answer: no other site may frame the docs (it could have a reader click the console's
 * Send unseen); the page's own meta CSP cannot say so. And no type sniffing.
 */
const HEADERS = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
};

const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(HEADERS)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    req.resume();
    res
      .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      .end('Method Not Allowed: the docs are read with GET and HEAD\n');
    return;
  }
  if (mockUrl && /^\/(index\.html)?(\?.*)?$/.test(req.url)) {
    const page = pageWithMock();
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(page),
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : page);
    return;
  }
  files(req, res, (error) => {
    // A request it cannot serve (404, a malformed or forbidden path: 400, 403), as plain text.
    const status = error?.statusCode ?? error?.status ?? 404;
    if (status >= 500) console.error(`${req.method} ${req.url}: ${error?.message ?? error}`);
    if (res.headersSent) return res.destroy();
    res
      .writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
      .end(`${status === 404 ? 'Not Found' : status < 500 ? 'Bad Request' : 'Server Error'}\n`);
  });
});
server.on('error', (error) => {
  console.error(`Cannot serve on ${values.host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, values.host, () => {
  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  console.log(`hostapi docs on http://${host}:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
