export declare const MOCK_DOCUMENT: string;
export declare const MAX_BODY_BYTES: number;
export interface MockOptions {
  host?: string;
  port?: number;
  dynamic?: boolean;
  seed?: number;
  /** Prism's log level (pino): 'silent' (default), 'info' logs every request as JSON lines. */
  logLevel?: string;
  document?: string;
}
export interface RunningMock {
  url: string;
  close(): Promise<void>;
}
export declare function startMock(options?: MockOptions): Promise<RunningMock>;
