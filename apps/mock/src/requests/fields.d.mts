/** The `[name, value]` pairs of URL-encoded text (a query string without `?`, or a form body), decoded, in order. */
export declare function parseUrlEncoded(text: string): [string, string][];
/** The nested object of well-formed pairs; `conflicts` names the fields given both as a value and as a group. */
export declare function nest(pairs: [string, string][]): { value: Record<string, unknown>; conflicts: string[] };
