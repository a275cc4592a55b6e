/** Settings every section receives. */
export interface BenchOptions {
  /** Seconds each load case runs. */
  readonly durationS: number;
  /** Concurrent connections for HTTP cases. */
  readonly connections: number;
}

/** A running API server for the sections that need one. */
export interface ServerHandle {
  readonly url: string;
  /** The server's process id, for its CPU time (lib/proc-cpu.ts). */
  readonly pid?: number | undefined;
}

export interface BenchContext {
  readonly options: BenchOptions;
  /** Starts the server on first call (shared by every section), then returns the same one. */
  server(): Promise<ServerHandle>;
}

export type Cell = string | number;

/** What a section reports: one table, printed as is and kept in the JSON output. */
export interface BenchTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
  /** Things a reader must know (failed requests, a missing reference tool). */
  readonly warnings: readonly string[];
}

/**
 * One benchmark area (server throughput today; seal extraction, PDF work against qpdf later).
 * Add a section by writing one of these and listing it in run.ts.
 */
export interface BenchSection {
  readonly name: string;
  readonly description: string;
  run(ctx: BenchContext): Promise<BenchTable>;
}
