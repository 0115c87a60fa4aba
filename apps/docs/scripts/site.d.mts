export declare const DIST: string;
export declare function readSite(): string;
