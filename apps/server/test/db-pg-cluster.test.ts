import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers';
import { binDirCandidates, findPgBinDir } from './pg-cluster';

describe('finding PostgreSQL for the tests', () => {
  it.each([
    [{}, [], []],
    [{ PATH: '/usr/local/bin:/usr/bin' }, [], ['/usr/local/bin', '/usr/bin']],
    [
      { PG_BINDIR: '/opt/pg/bin', PATH: '/usr/bin' },
      ['13', '15', 'notes', '9'],
      [
        '/opt/pg/bin',
        '/usr/lib/postgresql/15/bin',
        '/usr/lib/postgresql/13/bin',
        '/usr/lib/postgresql/9/bin',
        '/usr/bin',
      ],
    ],
  ])('env %o and Debian versions %o give %o', (env, versions, expected) => {
    expect(binDirCandidates(env, versions)).toEqual(expected);
  });

  it('needs both initdb and pg_ctl in one folder, and finds nothing without them', () => {
    const root = tempDir();
    const onlyInitdb = path.join(root, 'a');
    const both = path.join(root, 'lib', '16', 'bin');
    mkdirSync(onlyInitdb);
    mkdirSync(both, { recursive: true });
    writeFileSync(path.join(onlyInitdb, 'initdb'), '');
    expect(findPgBinDir({ PATH: onlyInitdb }, path.join(root, 'lib'))).toBeUndefined();
    writeFileSync(path.join(both, 'initdb'), '');
    writeFileSync(path.join(both, 'pg_ctl'), '');
    expect(findPgBinDir({ PATH: onlyInitdb }, path.join(root, 'lib'))).toBe(both);
  });
});
