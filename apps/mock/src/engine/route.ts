// Which operation a request is for. The service serves its operations under other version
// segments than the one the description lists (the official Go SDK sends `1.5` for every call),
// so by default any segment from 1.0 to 1.5 reaches the listed operation, as a departure;
// `strict` answers 404 as for any unknown path.
import { type Api, type Operation, splitVersion } from './api.ts';
import { noMethod, noPath, type Note, versionNotListed } from './problems.ts';

const SERVED_VERSIONS = /^1\.[0-5]$/;

/** The operation of a method and path, and the departure of its version segment; throws a 404 or 405 Problem. */
export function route(
  api: Api,
  method: string,
  path: string,
  strict: boolean,
): { operation: Operation; departures: Note[] } {
  const found = lookup(api, path);
  if (!found) throw noPath(path);
  const { operation, version } = found;
  const departures: Note[] = [];
  if (version !== undefined) {
    if (strict) throw versionNotListed(path, operation.path);
    departures.push({
      location: ['path'],
      code: 'versionSegment',
      message:
        `Version segment ${version} instead of ${operation.version}: the description lists this operation as ` +
        operation.path,
    });
  }
  if (operation.method !== method) throw noMethod(path, method, [operation.method]);
  return { operation, departures };
}

/** The operation a path is for, with the other version segment it was asked under; undefined: none. */
export function lookup(api: Api, path: string): { operation: Operation; version?: string } | undefined {
  const operation = api.byPath.get(path);
  if (operation) return { operation };
  const { version, route: rest } = splitVersion(path);
  const listed = version && SERVED_VERSIONS.test(version) ? api.byRoute.get(rest) : undefined;
  return listed && version ? { operation: listed, version } : undefined;
}
