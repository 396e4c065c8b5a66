// The types of start-flags.mjs, so that the benchmark and the tests that import it are checked.
export declare function startNodeFlags(root: string, script?: string): string[];
