// Client ↔ mock, for every operation of the description (enumerated from the bundle, so a new
// operation is covered the moment it is added): the operation method, called with the spec's
// example input, is accepted by the validating mock and resolves to the success example; every
// named failure example surfaces as the right typed error with the service's message.
import { ApiError, createHostApiClient, OPERATIONS, RateLimitError, type HostApiClient } from '@hostapi/client';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { describe, expect, inject, it } from 'vitest';

const spec = readBundle();
const methodOf = new Map(
  Object.entries(OPERATIONS).map(([id, { call }]) => [id, call.split('.') as [string, string]] as const),
);

/** A client whose every request carries `Prefer: <prefer>` (the mock's example selector). */
function client(prefer?: string, multipart = false): HostApiClient {
  return createHostApiClient({
    apiKey: 'contract-key',
    baseUrl: inject('mockUrl'),
    retries: 0,
    multipart,
    fetch: (input, init) =>
      fetch(input, prefer ? { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), prefer } } : init),
  });
}

function call(api: HostApiClient, id: string, input: object) {
  const [group, name] = methodOf.get(id)!;
  return (api as any)[group][name](input) as Promise<unknown>;
}

/** What the client resolves to for a success answer: `return`, or the envelope without `status`. */
const resultOf = (answer: Record<string, unknown>) => {
  const { status: _ok, ...envelope } = answer;
  return 'return' in answer ? answer.return : envelope;
};

const isFailure = (value: Record<string, unknown>) =>
  value.status === false || (!('return' in value) && value.status === undefined);

describe.each(operationsOf(spec).map(({ method, op }) => [op.operationId as string, method, op] as const))(
  '%s',
  (id, method, op) => {
    const input = exampleInput(spec, op, method);
    const examples = responseExamples(spec, op, '200');

    it('the example call is accepted by the mock and resolves to the success example', async () => {
      await expect(call(client(), id, input)).resolves.toEqual(resultOf(examples.success));
    });

    if (method === 'post') {
      it('the same call as multipart is accepted too', async () => {
        await expect(call(client(undefined, true), id, input)).resolves.toEqual(resultOf(examples.success));
      });
    }

    it('every named answer on HTTP 200 surfaces as its result or its typed error', async () => {
      for (const [name, value] of Object.entries(examples)) {
        const promise = call(client(`example=${name}`), id, input);
        if (isFailure(value)) {
          const error = await promise.then(
            () => undefined,
            (e: unknown) => e,
          );
          expect(error, name).toBeInstanceOf(ApiError);
          expect(error, name).toMatchObject({ operation: id, serviceMessage: value.msg, status: 200 });
        } else {
          await expect(promise, name).resolves.toEqual(resultOf(value));
        }
      }
    });

    it('every rate-limit answer (HTTP 500) surfaces as RateLimitError', async () => {
      for (const [name, value] of Object.entries(responseExamples(spec, op, '500'))) {
        const error = await call(client(`code=500, example=${name}`), id, input).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, name).toBeInstanceOf(RateLimitError);
        expect(error, name).toMatchObject({ operation: id, serviceMessage: value.msg, status: 500 });
      }
    });
  },
);
