import type { ConsoleModel } from './src/model.ts';

export declare function bundleConsole(
  doc?: Record<string, any>,
): Promise<{ code: string; model: ConsoleModel; inputs: Record<string, number> }>;
export declare function buildConsole(dist: string): Promise<string>;
