export declare const DIST: string;
export declare function readSite(): string;
export declare const tagRoute: (tag: string) => string;
export declare const operationRoute: (tag: string, operationId: string) => string;
