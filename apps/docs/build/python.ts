// The Python sample of one call: the `requests` library sending exactly the client's fields,
// `apikey` first, bracketed names, in the client's order. They go as a list of (name, value)
// pairs, not a dict: requests sends a list in its order and keeps repeated names (`list[]`). The
// key comes from the environment, as the client's sample takes it, so that no script holds one.
import { isKeyName, type Pair } from '@hostapi/spec/wire';

export interface PythonCall {
  /** `get` or `post` (any case): a GET sends the fields as its query (`params`), a POST as its form (`data`). */
  method: string;
  /** The operation's path, with its version segment. */
  path: string;
  /** The fields in wire order, `apikey` first. */
  pairs: readonly Pair[];
  /** Where the sample calls when the environment variable is unset or empty. */
  baseUrl: string;
  /** The environment variable the sample reads its base URL from (the curl samples' shell variable). */
  baseUrlVariable: string;
  /** The environment variable the sample reads the API key from (the client sample's). */
  keyVariable: string;
}

/** A Python string literal of `text` (a JSON string is one: the same escapes, in double quotes). */
export const pythonString = (text: string): string => JSON.stringify(text);

/** The sample: a script that prints the answer's JSON, and fails on an HTTP error. */
export function pythonSample({ method, path, pairs, baseUrl, baseUrlVariable, keyVariable }: PythonCall): string {
  const get = method.toLowerCase() === 'get';
  return [
    'import json',
    'import os',
    '',
    'import requests',
    '',
    `BASE_URL = os.environ.get(${pythonString(baseUrlVariable)}) or ${pythonString(baseUrl)}`,
    `API_KEY = os.environ[${pythonString(keyVariable)}]`,
    '',
    `response = requests.${get ? 'get' : 'post'}(`,
    `    BASE_URL + ${pythonString(path)},`,
    `    ${get ? 'params' : 'data'}=[`,
    ...pairs.map(
      ([name, value]) => `        (${pythonString(name)}, ${isKeyName(name) ? 'API_KEY' : pythonString(value)}),`,
    ),
    '    ],',
    '    timeout=30,',
    ')',
    'response.raise_for_status()',
    'print(json.dumps(response.json(), indent=2))',
    '',
  ].join('\n');
}
