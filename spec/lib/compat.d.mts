import type { Node } from './document.mjs';
export interface Fact {
  kind: 'operation' | 'request' | 'response';
  type?: string;
  required?: boolean;
  enum?: unknown[];
}
export declare function facts(doc: Node): Record<string, Fact>;
export declare function compare(oldDoc: Node, newDoc: Node): { breaking: string[]; compatible: string[] };
export declare const RELEASED: URL;
export declare function readReleased(): Node | undefined;
