export declare function isListening(port: number, host?: string): Promise<boolean>;
/** A port nothing listens on now, on 127.0.0.1. */
export declare function freePort(): Promise<number>;
export declare function waitForFreePorts(ports: number[], options?: { timeoutMs?: number }): Promise<void>;

export interface RunningCommand {
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGINT to its process group (Ctrl-C); resolves to how it exited. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether any process of its group is still alive. */
  groupAlive(): boolean;
}

export declare function startCommand(
  command: string,
  options: {
    cwd: string;
    env?: Record<string, string>;
    ports?: number[];
    ready: (output: string) => boolean;
    timeoutMs?: number;
  },
): Promise<RunningCommand>;

export interface CodeBlock {
  lang: string;
  text: string;
  /** The last heading above the block. */
  heading: string;
}
export declare function codeBlocks(markdown: string): CodeBlock[];
export declare function shellCommands(block: CodeBlock): string[];
