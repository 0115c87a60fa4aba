import type { ConsoleModel } from './src/model.ts';

export declare const MOCK_URL: string;
export declare function consoleModel(doc: Record<string, any>): ConsoleModel;
