/**
 * Group commit: calls made while a write is pending or running are written together, in one
 * transaction, so one fsync serves them all. Each call still resolves only once its own item is
 * committed (or rejects with the batch's error), so callers keep the durability they had.
 *
 * Why: with SQLite at synchronous=FULL every commit is an fsync, and local libsql runs on the
 * event loop; one transaction per POST /v1/stamp/create capped it at ~170 req/s whatever the
 * drawing cost, and blocked every other request meanwhile (issue 16, issue 20's /healthz p99).
 */
export function groupCommit<T>(
  write: (items: readonly T[]) => Promise<void>,
  maxBatch: number,
): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      try {
        await write(batch.map((p) => p.item));
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
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
