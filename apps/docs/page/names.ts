// Accessible names that say what a button shows (WCAG 2.5.3, label in name): Redoc names some
// buttons by their role alone (`aria-label="Example"`, `"Request media type"`) while they show
// the choice made ("First of two pages", "application/x-www-form-urlencoded"), so that a reader
// who says or sees that text cannot reach them by it. Each such button is named `label: text`,
// again whenever its text changes. (The page's own markup, through the DOM: nothing of Redoc's.)

/** Where a button's own name is kept once it has been extended. */
const OWN = 'data-hostapi-label';

function name(button: Element) {
  const shown = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
  const current = button.getAttribute('aria-label') ?? '';
  const kept = button.getAttribute(OWN);
  // Redoc may set a new label of its own: that is the label from then on.
  const own = kept !== null && current.startsWith(`${kept}: `) ? kept : current;
  const wanted = shown && !own.toLowerCase().includes(shown.toLowerCase()) ? `${own}: ${shown}` : own;
  if (wanted !== current) button.setAttribute('aria-label', wanted);
  if (wanted !== own) button.setAttribute(OWN, own);
}

const buttonsIn = (node: Node): Element[] => {
  const element = node instanceof Element ? node : node.parentElement;
  if (!element) return [];
  const around = element.closest('button[aria-label]');
  return [...(around ? [around] : []), ...element.querySelectorAll('button[aria-label]')];
};

/** Names every labelled button under `root` by what it shows, now and as the page changes. */
export function nameButtons(root: Element) {
  for (const button of root.querySelectorAll('button[aria-label]')) name(button);
  new MutationObserver((records) => {
    const buttons = new Set<Element>();
    for (const record of records) {
      if (record.type === 'attributes') continue;
      for (const node of [record.target, ...record.addedNodes])
        for (const button of buttonsIn(node)) buttons.add(button);
    }
    for (const button of buttons) name(button);
  }).observe(root, { subtree: true, childList: true, characterData: true });
}
