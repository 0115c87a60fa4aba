import type { Node } from '@hostapi/spec/document';
export declare function docsDescription(doc: Node): Node;
export declare function wireNamed(doc: Node, schema: Node, name: string): Node;
