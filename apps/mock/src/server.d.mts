export declare const MOCK_DOCUMENT: string;
export interface MockOptions {
  host?: string;
  port?: number;
  dynamic?: boolean;
  seed?: number;
  document?: string;
}
export interface RunningMock {
  url: string;
  close(): Promise<void>;
}
export declare function startMock(options?: MockOptions): Promise<RunningMock>;
