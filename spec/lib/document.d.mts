export type Node = Record<string, any>;
export interface DocOperation {
  path: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  op: Node;
}
export declare const BUNDLE: string;
export declare function readBundle(): Node;
export declare function deref(doc: Node, node: Node | undefined): Node;
export declare function operationsOf(doc: Node): DocOperation[];
export declare function responseExamples(doc: Node, op: Node, code: string): Record<string, any>;
export declare const INDEX_PATTERN: string;
export declare function isIndexedList(doc: Node, schema: Node | undefined): boolean;
export declare function exampleInput(doc: Node, op: Node, method: string): Record<string, unknown>;
export declare function propertiesOf(doc: Node, schema: Node): Record<string, Node>;
export declare function requiredOf(doc: Node, schema: Node): string[];
export declare function tagRoute(tag: string): string;
export declare function operationRoute(tag: string, operationId: string): string;
