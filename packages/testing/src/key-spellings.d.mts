export declare const SECRET: string;
export declare const SHORT: string;
export declare const KEY_NAMES: readonly string[];
export declare const ENCODINGS: Record<string, (text: string) => string>;
export interface KeyPlace {
  place: string;
  text: string;
}
export declare function keyPlaces(key: string): KeyPlace[];
export declare function carriesKey(text: string, key: string): boolean;
