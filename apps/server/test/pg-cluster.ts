import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** What to run to get PostgreSQL for the tests; part of every "cannot start" message. */
export const INSTALL_HINT =
  'Install PostgreSQL (Debian: `apt-get install postgresql`; .ci/run does this) or point ' +
  'YINZHANG_TEST_DATABASE_URL at a server where that user may CREATE DATABASE.';

const NEEDED = ['initdb', 'pg_ctl'] as const;
const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * Folders that may hold initdb and pg_ctl, best first: $PG_BINDIR, Debian's
 * /usr/lib/postgresql/<version>/bin (newest first), then $PATH. Pure, for testing.
 */
export function binDirCandidates(
  env: Record<string, string | undefined>,
  debianVersions: readonly string[],
  debianRoot = DEBIAN_ROOT,
): string[] {
  const versions = [...debianVersions]
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return [
    ...(env.PG_BINDIR ? [env.PG_BINDIR] : []),
    ...versions.map((v) => path.join(debianRoot, v, 'bin')),
    ...(env.PATH ?? '').split(path.delimiter).filter((d) => d !== ''),
  ];
}

export function findPgBinDir(
  env: Record<string, string | undefined> = process.env,
  debianRoot = DEBIAN_ROOT,
): string | undefined {
  const debian = existsSync(debianRoot) ? readdirSync(debianRoot) : [];
  return binDirCandidates(env, debian, debianRoot).find((dir) =>
    NEEDED.every((tool) => existsSync(path.join(dir, tool))),
  );
}

export interface Cluster {
  /** Superuser URL on loopback, no password (trust). */
  readonly url: string;
  /** The postmaster's process id (the storage fault tests freeze it and its children). */
  postmasterPid(): number;
  stop(): void;
}

/**
 * A throwaway cluster in a temp dir on a free loopback port. initdb refuses to run as root, so
 * as root the tools run as the `postgres` user (which owns the temp dir).
 */
export async function startCluster(binDir: string): Promise<Cluster> {
  // As root the cluster runs as `postgres`, which must reach the folder: /tmp, not a private TMPDIR.
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'yinzhang-pg-'));
  const run = (tool: string, args: string[]) => {
    const cmd = path.join(binDir, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
  };
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const stop = () => {
    try {
      if (existsSync(path.join(data, 'postmaster.pid'))) {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const port = await freePort();
    // fsync off: the tests kill the app's processes, never PostgreSQL, so its durability is not
    // under test here and the cluster goes away afterwards.
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', '-o', options, 'start']);
    const postmasterPid = () =>
      Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, postmasterPid, stop };
  } catch (err) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? '';
    try {
      stop();
    } catch {
      // the first failure is the one to report
    }
    throw new Error(
      `Could not start a test PostgreSQL with ${binDir}: ${(err as Error).message}\n${stderr}${tail}`,
    );
  }
}
