// Evaluated before msw (the first import of msw.ts): on a Node that msw 3 cannot run on, importing
// @hostapi/mock/msw fails at once, naming the Node it needs, instead of every intercepted fetch
// failing later inside msw (`Promise.withResolvers is not a function` on Node 20). In a browser,
// which has no `process.versions.node`, it does nothing.

/** The oldest Node msw 3 runs on (its `engines`; a test checks they agree). */
export const MSW_NODE = '22.12.0';

const node = (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node;
if (typeof node === 'string' && isOlder(node, MSW_NODE))
  throw new Error(
    `@hostapi/mock/msw needs Node ${MSW_NODE} or later (msw 3 runs on no older Node); this is Node ${node}. ` +
      'Upgrade Node, or start the mock as a server, which runs on Node 20.19: startMock() or hostapi-mock.',
  );

/** Whether version `a` (`20.19.6`) comes before `b`. */
function isOlder(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split('.').map((part) => Number.parseInt(part, 10) || 0));
  for (let at = 0; at < 3; at++) if ((x?.[at] ?? 0) !== (y?.[at] ?? 0)) return (x?.[at] ?? 0) < (y?.[at] ?? 0);
  return false;
}
