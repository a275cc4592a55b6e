/**
 * Group commit: calls made while a write is pending or running are written together, in one
 * transaction, so one fsync serves them all. Each call still resolves only once its own item is
 * committed (or rejects with the batch's error), so callers keep the durability they had.
 *
 * Why: with SQLite at synchronous=FULL every commit is an fsync, and local libsql runs on the
 * event loop; one transaction per POST /v1/stamp/create capped it at ~170 req/s whatever the
 * drawing cost, and blocked every other request meanwhile (issue 16, issue 20's /healthz p99).
 */
export interface GroupCommitOptions {
  /**
   * When a batch of several items fails with an error this accepts (one that can be a single
   * item's fault, such as a duplicate key), write each item again alone, so that the bad one
   * fails only its own call, as it would have without grouping. `write` must be all or nothing
   * (one transaction): nothing of the failed batch was kept. Other errors (a busy or full disk)
   * fail the whole batch at once rather than once per item.
   */
  readonly aloneOnFailure?: (err: unknown) => boolean;
}

export function groupCommit<T>(
  write: (items: readonly T[]) => Promise<void>,
  maxBatch: number,
  options: GroupCommitOptions = {},
): (item: T) => Promise<void> {
  type Pending = { item: T; resolve: () => void; reject: (err: unknown) => void };
  let pending: Pending[] = [];
  let scheduled = false;

  async function settle(batch: readonly Pending[]): Promise<void> {
    try {
      await write(batch.map((p) => p.item));
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1 || options.aloneOnFailure?.(err) !== true) {
        for (const p of batch) p.reject(err);
        return;
      }
      for (const p of batch) await settle([p]);
    }
  }

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      await settle(batch);
    }
    scheduled = false;
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      // After the current I/O phase: requests parsed in the same turn join this batch.
      setImmediate(() => void flush());
    });
}
