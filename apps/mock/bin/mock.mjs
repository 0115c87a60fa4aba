#!/usr/bin/env node
// Starts Prism on the description: `mock` (default) answers from the examples, `proxy`
// forwards to an upstream and reports every request or response that breaks the description.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const USAGE = `Usage:
  mock [--host 127.0.0.1] [--port 4010] [--dynamic [--seed 1]] [--verbose]
  mock proxy --upstream <url> [--host 127.0.0.1] [--port 4010]   (logs every request)

  HOST and PORT in the environment set the defaults of --host and --port.`;

const require = createRequire(import.meta.url);
const PRISM = require.resolve('@stoplight/prism-cli/dist/index.js');
const SPEC_DOCUMENT = require.resolve('@hostapi/spec/openapi.json');

function fail(message) {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      host: { type: 'string', default: process.env.HOST || '127.0.0.1' },
      port: { type: 'string', default: process.env.PORT || '4010' },
      dynamic: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      upstream: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  fail(error.message);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const mode = positionals[0] ?? 'mock';
if (!['mock', 'proxy'].includes(mode) || positionals.length > 1) fail(`Unknown command: ${positionals.join(' ')}`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number, got ${values.port}`);
if (mode === 'proxy' && !values.upstream) fail('proxy needs --upstream <url>');
if (mode === 'proxy' && !URL.canParse(values.upstream)) fail(`--upstream is not a URL: ${values.upstream}`);
if (!/^[0-9]+$/.test(values.seed)) fail(`--seed must be a whole number, got ${values.seed}`);

const address = (port) => `http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${port}`;
const started = Date.now();

if (mode === 'mock') {
  // Prism's server in this process (no worker to fork), behind the guard of src/server.mjs.
  const { startMock } = await import('../src/server.mjs');
  try {
    const mock = await startMock({ host: values.host, port, dynamic: values.dynamic, seed: Number(values.seed), logLevel: values.verbose ? 'info' : 'silent' });
    const what = `mock${values.dynamic ? ` (dynamic, seed ${values.seed})` : ''}`;
    console.log(`hostapi ${what} on ${mock.url} (ready in ${Date.now() - started} ms)`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => mock.close().then(() => process.exit(0)));
  } catch (error) {
    console.error(`Cannot start the mock on ${values.host}:${port}: ${error.message ?? error}`);
    process.exit(1);
  }
} else {
  // The proxy is Prism's CLI; it logs each request (info) so that every violation follows the
  // request it belongs to. No --errors: traffic flows through and violations are reported.
  const args = ['proxy', SPEC_DOCUMENT, values.upstream, '-h', values.host, '-p', String(port), '-v', 'info'];
  const prism = spawn(process.execPath, [PRISM, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  prism.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => prism.kill(signal));

  // Announce the address once the port answers.
  (function waitForPort() {
    const socket = createConnection({ host: values.host, port }, () => {
      socket.end();
      console.log(`hostapi validating proxy to ${values.upstream} on ${address(port)} (ready in ${Date.now() - started} ms)`);
    });
    socket.on('error', () => {
      if (Date.now() - started > 60_000) {
        console.error('Prism did not start within 60 s');
        prism.kill('SIGTERM');
        process.exit(1);
      }
      setTimeout(waitForPort, 50);
    });
  })();
}
