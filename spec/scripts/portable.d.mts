import type { Node } from '../lib/document.ts';

/** dist/openapi.portable.json of this package. */
export declare const PORTABLE: string;
/** The portable description of a bundled canonical one (see scripts/portable.mjs). */
export declare function portable(doc: Node): Node;
