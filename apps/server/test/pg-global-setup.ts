import type { TestProject } from 'vitest/node';
import { type Cluster, findPgBinDir, INSTALL_HINT, startCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may create databases, or '' when there is none. */
    pgAdminUrl: string;
    /** Why there is no PostgreSQL; tests that need one fail with it. */
    pgSetupError: string;
  }
}

/**
 * PostgreSQL for the storage tests: YINZHANG_TEST_DATABASE_URL when set, otherwise a throwaway
 * cluster started here and stopped after the run. Without one, only the tests that need it fail
 * (with how to install it); the rest still run.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  let cluster: Cluster | undefined;
  const given = process.env.YINZHANG_TEST_DATABASE_URL?.trim();
  let url = '';
  let error = '';
  if (given) {
    url = given;
  } else {
    const binDir = findPgBinDir();
    if (binDir === undefined) {
      error = `No PostgreSQL binaries (initdb, pg_ctl) found. ${INSTALL_HINT}`;
    } else {
      try {
        cluster = await startCluster(binDir);
        url = cluster.url;
      } catch (err) {
        error = `${(err as Error).message}\n${INSTALL_HINT}`;
      }
    }
  }
  project.provide('pgAdminUrl', url);
  project.provide('pgSetupError', error);
  return () => cluster?.stop();
}
