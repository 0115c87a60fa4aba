// The curl command of one call, with exactly the bytes @hostapi/client sends. Pure and free of
// Node APIs: the build's code samples and the browser console both use it.
import { encodePairs } from '@hostapi/client';

const shell = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * `method` is `get` or `post`; `url` is the base URL and path; `pairs` are the `[name, value]`
 * fields in wire order, `apikey` first.
 */
export function curlCommand({ method, url, pairs }) {
  return method.toLowerCase() === 'get'
    ? `curl -g ${shell(`${url}?${encodePairs(pairs)}`)}`
    : [`curl ${url}`, ...pairs.map((pair) => `  -d ${shell(encodePairs([pair]))}`)].join(' \\\n');
}
