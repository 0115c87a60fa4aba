// A block of code in the console. It may scroll sideways, so it takes the focus: a reader on the
// keyboard scrolls it with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
import type { ComponentChildren } from 'preact';

export function Code({ kind, children }: { kind?: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
    <pre class={kind ? `code ${kind}` : 'code'} tabIndex={0}>
      {children}
    </pre>
  );
}
