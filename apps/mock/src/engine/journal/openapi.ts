// The mock's own routes (routes.ts) described in OpenAPI 3.1, as WireMock describes its admin
// API: served by the mock server at `GET /__mock/openapi.json` (the MSW handlers serve none of the
// page's, nor this). Kept beside the routes it describes; test/journal-routes.test.ts validates it
// and checks each route it lists answers as described.
import { FAULT_NAMES } from '../faults.ts';
import type { Route } from '../mode.ts';
import { MAX_LIMIT } from './journal.ts';

const KEY = {
  name: 'apikey',
  in: 'query',
  required: true,
  description: "The API key whose requests (or state) the route concerns; a key never sees another key's.",
  schema: { type: 'string', minLength: 1 },
} as const;
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (description: string, ref: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const text = { type: 'string' } as const;
const nullable = (type: string) => ({ type: [type, 'null'] });

const NOTE = {
  type: 'object',
  required: ['location', 'code', 'message'],
  properties: {
    location: { type: 'array', items: text },
    severity: { enum: ['Error', 'Warning'] },
    code: text,
    message: text,
  },
};

export const MOCK_API = {
  openapi: '3.1.0',
  info: {
    title: "hostapi-mock's own routes",
    version: '1',
    description:
      'The routes of the mock itself, beside the API it mocks: the request journal and the reset of a key. ' +
      `Network faults are asked for per request with \`Prefer: fault=<name>\` (${FAULT_NAMES.join(', ')}).`,
  },
  paths: {
    '/__mock/reset': {
      post: {
        operationId: 'reset',
        summary: 'Restores a key: its sandbox state, its journal, its count of requests for --fault-rate',
        parameters: [KEY],
        responses: { '204': { description: 'Restored' }, '422': problem('No key given') },
      },
    },
    '/__sandbox/reset': {
      post: {
        operationId: 'resetSandbox',
        deprecated: true,
        summary: 'The same as POST /__mock/reset, served where the mode keeps state',
        parameters: [KEY],
        responses: { '204': { description: 'Restored' }, '422': problem('No key given') },
      },
    },
    '/__mock/journal': {
      get: {
        operationId: 'readJournal',
        summary: "The key's requests, oldest first",
        parameters: [
          KEY,
          { name: 'operation', in: 'query', description: 'Only requests of this operation', schema: text },
          {
            name: 'since',
            in: 'query',
            description: 'Only requests numbered after this',
            schema: { type: 'integer', minimum: 0 },
          },
          {
            name: 'limit',
            in: 'query',
            description: `At most this many (default and most: ${MAX_LIMIT})`,
            schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT },
          },
          {
            name: 'fields',
            in: 'query',
            description:
              'Any other name is a field of the API, by wire name (`label=laptop`, `params[Phone][Country]=64`)',
            style: 'form',
            explode: true,
            schema: { type: 'object', additionalProperties: text },
          },
        ],
        responses: {
          '200': json('The requests', 'JournalPage'),
          '404': problem('The mock keeps no journal (--no-journal)'),
          '422': problem('No key, or a filter it cannot take (`validation` names the parameter)'),
        },
      },
      delete: {
        operationId: 'clearJournal',
        summary: "Forgets the key's requests (their numbering goes on)",
        parameters: [KEY],
        responses: { '204': { description: 'Forgotten' }, '404': problem('No journal'), '422': problem('No key') },
      },
    },
    '/__mock/journal/verify': {
      post: {
        operationId: 'verifyJournal',
        summary: 'Whether the key sent the calls expected, and if not, the nearest requests',
        parameters: [KEY],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Expectation' } } },
        },
        responses: {
          '200': json('The verdict, verified or not', 'Verdict'),
          '404': problem('No journal'),
          '422': problem('No key, or an expectation it cannot take (`validation` names the field)'),
        },
      },
    },
    '/__mock/openapi.json': {
      get: {
        operationId: 'describe',
        summary: 'This description',
        responses: {
          '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Note: NOTE,
      Entry: {
        type: 'object',
        required: ['seq', 'time', 'operation', 'method', 'path', 'fields', 'departures', 'status', 'example', 'fault'],
        properties: {
          seq: { type: 'integer', minimum: 1, description: "Its number among the key's requests" },
          time: { type: 'string', format: 'date-time' },
          operation: { ...nullable('string'), description: 'null: a path the description does not have' },
          method: text,
          path: text,
          fields: { type: 'object', description: 'As the mock read them, nested; the key never' },
          fieldsNotKept: { type: 'integer', description: 'Fields of a large request not kept' },
          departures: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
          status: { ...nullable('integer'), description: 'null: a fault left the client without one' },
          example: nullable('string'),
          fault: { type: ['string', 'null'], enum: [...FAULT_NAMES, null] },
          problem: {
            type: 'object',
            required: ['title', 'detail'],
            properties: {
              title: text,
              detail: text,
              validation: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
            },
          },
        },
      },
      JournalPage: {
        type: 'object',
        required: ['entries', 'dropped', 'more'],
        properties: {
          entries: { type: 'array', items: { $ref: '#/components/schemas/Entry' } },
          dropped: { type: 'integer', minimum: 0, description: "The key's requests dropped to stay within the bounds" },
          more: { type: 'boolean', description: 'More matched than limit' },
        },
      },
      Expectation: {
        type: 'object',
        additionalProperties: false,
        properties: {
          operation: text,
          fields: { type: 'object', description: 'By wire name, or nested' },
          times: { type: 'integer', minimum: 0 },
          atLeast: { type: 'integer', minimum: 0 },
          atMost: { type: 'integer', minimum: 0 },
        },
      },
      Verdict: {
        type: 'object',
        required: ['verified', 'count', 'expected', 'message', 'nearest'],
        properties: {
          verified: { type: 'boolean' },
          count: { type: 'integer', minimum: 0 },
          expected: text,
          message: text,
          nearest: { type: 'array', items: { $ref: '#/components/schemas/Entry' } },
        },
      },
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status', 'detail'],
        properties: {
          type: text,
          title: text,
          status: { type: 'integer' },
          detail: text,
          validation: { type: 'array', items: { $ref: '#/components/schemas/Note' } },
        },
      },
    },
  },
};

/** The routes as `GET /` lists them: each with its key parameter, what it does, whether deprecated. */
export const LISTED = Object.entries(MOCK_API.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, operation]: [string, Record<string, unknown>]) => {
    const keyed = (operation.parameters as { name: string }[] | undefined)?.some(({ name }) => name === 'apikey');
    return {
      method: method.toUpperCase(),
      path: `${path}${keyed ? '?apikey=<key>' : ''}`,
      summary: operation.summary as string,
      ...(operation.deprecated ? { deprecated: true } : {}),
    };
  }),
);

/** `GET /__mock/openapi.json`. */
export function mockApiRoute(): Route {
  const json = JSON.stringify(MOCK_API, null, 2);
  return { method: 'GET', path: '/__mock/openapi.json', answer: () => ({ status: 200, json }) };
}
