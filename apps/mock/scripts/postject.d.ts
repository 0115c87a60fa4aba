// postject publishes no types; what scripts/build-binary.ts calls of it.
declare module 'postject' {
  export function inject(
    file: string,
    name: string,
    data: Uint8Array,
    options: { sentinelFuse: string },
  ): Promise<void>;
}
