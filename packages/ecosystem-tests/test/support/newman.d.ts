// newman ships no types (and @types/newman stops at 5.x): the part of its API this suite uses.
declare module 'newman' {
  interface Counts {
    total: number;
    pending: number;
    failed: number;
  }
  export interface NewmanRunSummary {
    run: {
      stats: { requests: Counts; assertions: Counts };
      failures: { error: { message: string }; source?: { name?: string } }[];
    };
  }
  export interface NewmanRunOptions {
    collection: unknown;
    envVar?: { key: string; value: string }[];
    reporters?: string[];
  }
  function run(options: NewmanRunOptions, callback: (error: Error | null, summary: NewmanRunSummary) => void): unknown;
  const newman: { run: typeof run };
  export default newman;
}
