/** Progress of a long job, for a progress bar (browser) or a status line (command line). */
export interface Progress {
  readonly phase: 'read' | 'draw' | 'copy' | 'write';
  /** Units done in this phase (pages, or files for merging). */
  readonly done: number;
  readonly total: number;
}

export type OnProgress = (progress: Progress) => void;
