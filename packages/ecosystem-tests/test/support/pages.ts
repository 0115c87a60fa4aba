// The two docs renderers as a team would host them, offline: Swagger UI (swagger-ui-dist) and
// Scalar (@scalar/api-reference's standalone bundle), each page loading the portable
// description from the same local server.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize } from 'node:path';
import { URL_ENCODED } from '@hostapi/spec/wire';
import { portable } from './calls.js';

const require = createRequire(import.meta.url);
const SWAGGER = dirname(require.resolve('swagger-ui-dist/package.json'));
// Its exports name no package.json: its root is found from its main module.
const scalarMain = require.resolve('@scalar/api-reference');
const SCALAR = join(
  scalarMain.slice(0, scalarMain.lastIndexOf('/@scalar/api-reference/') + '/@scalar/api-reference/'.length),
  'dist',
  'browser',
);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

const SWAGGER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hostapi: Swagger UI</title>
<link rel="stylesheet" href="/swagger/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/swagger/swagger-ui-bundle.js"></script>
<script>
  window.ui = SwaggerUIBundle({
    url: '/openapi.portable.json',
    dom_id: '#ui',
    // Offline: no call to validator.swagger.io.
    validatorUrl: null,
    // Swagger UI 5.35 keeps a form's values in a hash map and writes the body's fields in its
    // order, not the description's ("apikey comes after params[Suburb]"): the service reads the
    // key first and the fields in order. Put them back in the order of the operation's schema
    // (a field under a map or list field, upgrade[disk][xvda1], goes where that field is).
    requestInterceptor: (request) => {
      const type = request.headers['Content-Type'] ?? '';
      if (typeof request.body !== 'string' || !type.startsWith('${URL_ENCODED}')) return request;
      const spec = window.ui.specSelectors.specJson().toJS();
      const path = new URL(request.url).pathname;
      const schema = spec.paths[path]?.post?.requestBody?.content['${URL_ENCODED}']?.schema;
      if (!schema) return request;
      const names = Object.keys(schema.properties);
      const patterns = Object.keys(schema.patternProperties ?? {}).map((p) => new RegExp(p));
      const rank = (field) => {
        const at = names.findIndex((n) => field === n || field.startsWith(n + '['));
        if (at >= 0) return at;
        const matched = patterns.findIndex((p) => p.test(field));
        return names.length + (matched >= 0 ? matched : patterns.length);
      };
      const fields = [...new URLSearchParams(request.body)].map((pair, i) => ({ pair, rank: rank(pair[0]), i }));
      fields.sort((a, b) => a.rank - b.rank || a.i - b.i);
      request.body = new URLSearchParams(fields.map((f) => f.pair)).toString();
      return request;
    },
  });
</script></body></html>
`;

const SCALAR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>hostapi: Scalar</title></head>
<body><div id="app"></div>
<script src="/scalar/standalone.js"></script>
<script>
  Scalar.createApiReference('#app', {
    url: '/openapi.portable.json',
    // Offline: the bundled fonts' CSS loads them from fonts.scalar.com otherwise.
    withDefaultFonts: false,
    // Every tag open, so that the sidebar lists every operation.
    defaultOpenAllTags: true,
  });
</script></body></html>
`;

export interface Site {
  url: string;
  close(): Promise<void>;
}

/** Serves both pages and the portable description, its first server the given mock address. */
export async function startSite(mockUrl: string): Promise<Site> {
  // The description as published, but for `servers`: Try it out calls the test's mock.
  const description = JSON.stringify({
    ...portable,
    servers: [{ url: mockUrl, description: "The suite's strict mock" }],
  });
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url!, 'http://x').pathname);
    const send = (status: number, type: string, body: string | Buffer) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (path === '/swagger/' || path === '/swagger/index.html') return send(200, TYPES['.html']!, SWAGGER_PAGE);
    if (path === '/scalar/' || path === '/scalar/index.html') return send(200, TYPES['.html']!, SCALAR_PAGE);
    if (path === '/openapi.portable.json') return send(200, TYPES['.json']!, description);
    const [root, rest] = path.startsWith('/swagger/')
      ? [SWAGGER, path.slice(9)]
      : path.startsWith('/scalar/')
        ? [SCALAR, path.slice(8)]
        : [undefined, ''];
    const file = root && normalize(join(root, rest));
    if (!file || !root || !file.startsWith(root)) return send(404, 'text/plain', 'not found');
    try {
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      return send(404, 'text/plain', 'not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
