/** Where an operation's saved page is, under the site: `prerendered/servers--listservers.html` for `#/servers/listservers`. */
export declare const prerenderedFile: (route: string) => string;
/** Saves the page of each route of `routes` into `dir`; resolves to the routes saved (none without Chromium). */
export declare function prerender(dir: string, routes: string[]): Promise<string[]>;
