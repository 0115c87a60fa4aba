import type { Browser, Page } from 'playwright-core';

export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare function launchChromium(): Promise<Browser>;

export interface Watched {
  page: Page;
  /** Requests that tried to leave localhost (blocked). */
  external: string[];
  consoleErrors: string[];
}
export declare function watchedPage(
  browser: Browser,
  options?: { viewport?: { width: number; height: number } },
): Promise<Watched>;
