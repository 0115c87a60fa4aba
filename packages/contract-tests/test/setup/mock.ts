// Starts the mock in this process (Prism with request and response validation, security
// checks and `errors` on) and hands its URL to every test file as inject('mockUrl').
import { startMock } from '@hostapi/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock();
  project.provide('mockUrl', mock.url);
  return () => mock.close();
}
