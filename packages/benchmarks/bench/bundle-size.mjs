// Bundle size: what a browser application ships for the operation client, next to openapi-fetch
// alone and to the client with the path client (size-limit: esbuild, minified, gzip).
import limits from '../.size-limit.mjs';
import { bundleShares, bundleSizes } from '../lib/bundle.mjs';
import { format, report } from '../lib/report.mjs';

const sizes = await bundleSizes();
const shares = await bundleShares(limits.find((entry) => entry.name === 'operation client').import);
const ok = report(
  'Bundle size (minified + gzipped, dependencies included)',
  [
    `size-limit 12 on packages/client/dist; entries in .size-limit.mjs.`,
    `For scale: openapi-fetch alone ${format(sizes['openapi-fetch alone'], 'B')}; operation client + path ` +
      `client (openapi-fetch) ${format(sizes['operation client + path client'], 'B')}.`,
    "Where the operation client's bytes go (from packages/client/src; a share is the gzipped whole less the " +
      'whole without that module):',
    ...shares.map(
      ({ module, minified, gzipShare }) =>
        `  ${format(gzipShare, 'B').padStart(7)} gzipped, ${format(minified, 'B').padStart(7)} minified: ${module}`,
    ),
  ],
  [
    {
      figure: 'operation client: 22 operations, errors, retries, pagination',
      value: sizes['operation client'],
      limit: `openapi-fetch alone, ${format(sizes['openapi-fetch alone'], 'B')}`,
      budget: 'bundle.operationClientGzip',
    },
  ],
);
process.exitCode = ok ? 0 : 3;
