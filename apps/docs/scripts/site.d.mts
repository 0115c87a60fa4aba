import type { Node } from '@hostapi/spec/document';
export declare const DIST: string;
export declare const LIVE_PAGE: string;
export declare function readSite(): string;
export declare function readSiteDescription(): Node;
export declare const tagRoute: (tag: string) => string;
export declare const operationRoute: (tag: string, operationId: string) => string;
