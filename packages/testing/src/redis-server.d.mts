/** The redis-server the helper runs: $REDIS_SERVER_PATH, or redis-server on the PATH (Debian's package). */
export declare const REDIS_SERVER: string;

export interface RunningRedis {
  port: number;
  /** The running server's process id (a new one after start()). */
  readonly pid: number;
  /** `redis://127.0.0.1:<port>/<db>` (db 0 by default). */
  url(db?: number): string;
  /** What it wrote since it was last started. */
  output(): string;
  /** Shuts it down (SIGTERM); resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  kill(): Promise<void>;
}

/** Starts redis-server on a free port of 127.0.0.1, keeping nothing on disk; resolves once it accepts connections. */
export declare function startRedisServer(options?: { args?: string[] }): Promise<RunningRedis>;
