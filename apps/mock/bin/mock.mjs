#!/usr/bin/env node
// hostapi-mock: the built command (src/bin.ts, compiled to dist/ by `pnpm build`).
//
// The journal keeps every request for a while, and V8 answers objects that outlive a collection
// by growing the young generation to its largest (about 100 MB more resident memory under load).
// Node's --max-semi-space-size keeps it small at the same throughput (docs/PERFORMANCE.md); the
// command starts itself again with it, unless the flag is given already or the platform cannot.
const SEMI_SPACE = '--max-semi-space-size';
const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes(SEMI_SPACE));
if (!given && typeof process.execve === 'function') {
  const [, script, ...args] = process.argv;
  try {
    process.execve(process.execPath, [process.execPath, `${SEMI_SPACE}=8`, ...process.execArgv, script, ...args]);
  } catch {
    // Refused (a sandboxed process may not exec): the mock runs as it is, with more memory.
  }
}
await import('../dist/bin.js');
