import type { Ajv2020 } from 'ajv/dist/2020.js';
export declare function specAjv(document: Record<string, unknown>): Ajv2020;
export declare function specRef(...segments: Array<string | number>): string;
