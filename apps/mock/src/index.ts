// @hostapi/mock as a library: the same mock the CLI starts, in your process.
import { commandOf, resolveOptions } from './config.ts';
import { MAX_BODY_BYTES } from './engine/fetch.ts';
import { DOCUMENT } from './node/files.ts';
import { type RunningMock, serve } from './node/serve.ts';
import type { MockOptions } from './options.ts';

export { DOCUMENT, MAX_BODY_BYTES };
export type { MockOptions, RunningMock };
export type { Answer, AnswerRequest, Answerer, Route } from './engine/mode.ts';
export type { EngineRequest } from './engine/read.ts';
export { Problem, type ProblemFields } from './engine/problems.ts';

/** Starts the mock (port 0, the default, picks a free port); the options are in options.ts and the README. */
export function startMock(options: MockOptions = {}): Promise<RunningMock> {
  return serve(resolveOptions(options, commandOf(options), false));
}
