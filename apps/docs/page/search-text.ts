// Redoc's search reads the text of each description parsed at build (a Markdoc tree) by joining
// its text nodes with nothing between them, so that words meet across the places where the page
// shows a space: a line break inside a paragraph, the end of a paragraph, a list item or a table
// cell ("with\nbracketed" was found as "withbracketed", a table's row as "returnobject or
// array"). Each such place is given its space in the tree itself, as the page renders it (a soft
// break renders as one); what Redoc renders from the tree is the same text. Run on the items
// prepareApiDocs() resolves to, before they are rendered and indexed, in the build and the browser.

/** A node of a Markdoc tree as Redoc's `MarkdocNode.content` holds it (its declared `Node`'s fields). */
interface MarkdocNode {
  $$mdtype: 'Node';
  type: string;
  attributes: Record<string, unknown>;
  children: MarkdocNode[];
}

/** The blocks whose text ends where the page shows a break: a space after each. */
const BLOCKS = new Set(['paragraph', 'item', 'th', 'td']);

const space = (): MarkdocNode => ({ $$mdtype: 'Node', type: 'text', attributes: { content: ' ' }, children: [] });

/** Spaces every Markdoc tree found in `items` (in place). */
export function spaceBlocks(items: unknown): void {
  const seen = new Set<object>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if ((value as MarkdocNode).$$mdtype === 'Node') return spaceTree(value as MarkdocNode);
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child);
  };
  visit(items);
}

function spaceTree(node: MarkdocNode): void {
  for (const child of node.children) spaceTree(child);
  if (node.type === 'softbreak') Object.assign(node, space());
  else if (BLOCKS.has(node.type)) {
    const inline = lastInline(node);
    if (inline && inline.children.at(-1)?.attributes.content !== ' ') inline.children.push(space());
  }
}

/** The last run of inline content in a block (its own, or its last paragraph's). */
const lastInline = (node: MarkdocNode): MarkdocNode | undefined =>
  node.type === 'inline' ? node : node.children.map(lastInline).filter(Boolean).at(-1);
