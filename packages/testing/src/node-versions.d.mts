/** The Node versions the published packages support besides the development one, oldest first. */
export declare const SUPPORTED_NODES: readonly string[];
/** The path of Node `version`'s binary for this machine, fetched into the cache if not there yet. */
export declare function nodeBinary(version: string): Promise<string>;
