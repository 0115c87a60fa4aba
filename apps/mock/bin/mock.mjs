#!/usr/bin/env node
// Starts Prism on the description: `mock` (default) answers from the examples, `proxy`
// forwards to an upstream and reports every request or response that breaks the description.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `Usage:
  mock [--host 127.0.0.1] [--port 4010] [--dynamic [--seed 1]] [--verbose]
  mock proxy --upstream <url> [--host 127.0.0.1] [--port 4010] [--verbose]

  HOST and PORT in the environment set the defaults of --host and --port.`;

const require = createRequire(import.meta.url);
const PRISM = require.resolve('@stoplight/prism-cli/dist/index.js');
const MOCK_DOCUMENT = fileURLToPath(new URL('../dist/mock.json', import.meta.url));
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

// The proxy logs each request (info) so that every violation follows the request it belongs to.
const level = values.verbose || mode === 'proxy' ? 'info' : 'warn';
const common = ['-h', values.host, '-p', String(port), '-v', level];
const args =
  mode === 'mock'
    ? ['mock', MOCK_DOCUMENT, ...common, '--errors', ...(values.dynamic ? ['--dynamic', '--seed', values.seed] : [])]
    : // No --errors: traffic flows through, and every violation is reported in the log.
      ['proxy', SPEC_DOCUMENT, values.upstream, ...common];

const prism = spawn(process.execPath, [PRISM, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
prism.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => prism.kill(signal));

// Prism says nothing at the quiet log level: announce the address once the port answers.
const started = Date.now();
(function waitForPort() {
  const socket = createConnection({ host: values.host, port }, () => {
    socket.end();
    const what = mode === 'mock' ? `mock${values.dynamic ? ` (dynamic, seed ${values.seed})` : ''}` : `validating proxy to ${values.upstream}`;
    console.log(`hostapi ${what} on http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${port} (ready in ${Date.now() - started} ms)`);
  });
  socket.on('error', () => {
    if (Date.now() - started > 60_000) {
      console.error('Prism did not start within 60 s');
      prism.kill('SIGTERM');
      process.exit(1);
    }
    else setTimeout(waitForPort, 50);
  });
})();
