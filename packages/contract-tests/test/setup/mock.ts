// Starts the mock in this process, strict (every departure from the description refused), with
// request and answer validation, and hands its URL to every test file as inject('mockUrl').
import { startMock } from '@hostapi/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock({ strict: true });
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
