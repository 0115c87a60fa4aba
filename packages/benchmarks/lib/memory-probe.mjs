// Loaded into a measured process (`node --expose-gc --import ./memory-probe.mjs`): on the
// message 'memory', collects garbage and answers with process.memoryUsage(), so that what is
// measured is what the process keeps, not garbage it has yet to collect.
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc();
  globalThis.gc();
  process.send(process.memoryUsage());
});
// The IPC channel must not keep a process alive that would otherwise exit.
process.channel?.unref();
