import type pg from 'pg';

/**
 * Runs `fn` on a connection of its own from `pool`. While checked out a connection has no error
 * listener of the pool's, and one cut by the server would crash the process: this one holds it.
 * A connection whose work failed is thrown away rather than reused, since it may be mid-transaction
 * or dead.
 */
export async function withConnection<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const onError = () => {
    // The query in flight rejects with the same error; that is where it is handled.
  };
  client.on('error', onError);
  let failed = false;
  try {
    return await fn(client);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    client.removeListener('error', onError);
    client.release(failed);
  }
}

/** `fn` between BEGIN and COMMIT; ROLLBACK when it throws (the connection is then discarded). */
export async function inTransaction<T>(client: pg.PoolClient, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await fn();
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {
      // A dead connection has rolled back already, on the server's side.
    });
    throw err;
  }
}
