// Which operation a request is for. The service serves its operations under other version
// segments than the one the description lists (the official Go SDK sends `1.5` for every call),
// so by default any segment from 1.0 to 1.5 reaches the listed operation, as a departure;
// `strict` answers 404 as for any unknown path.
import { splitVersion } from '../api.mjs';
import { noMethod, noPath, versionNotListed } from '../problems.mjs';

export const SERVED_VERSIONS = /^1\.[0-5]$/;

/** `{ operation, departures }` for a method and path, or throws a 404/405 Problem. */
export function route(api, method, path, { strict = false } = {}) {
  let operation = api.byPath.get(path);
  const departures = [];
  if (!operation) {
    const { version, route: rest } = splitVersion(path);
    const listed = version && SERVED_VERSIONS.test(version) ? api.byRoute.get(rest) : undefined;
    if (!listed) throw noPath(path);
    if (strict) throw versionNotListed(path, listed.path);
    operation = listed;
    departures.push({
      code: 'versionSegment',
      location: ['path'],
      message: `Version segment ${version} instead of ${listed.version}: the description lists this operation as ${listed.path}`,
    });
  }
  if (operation.method !== method) throw noMethod(path, method, [operation.method]);
  return { operation, departures };
}
