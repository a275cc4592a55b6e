/**
 * Loading the PDF engine (dist/chunks/engine-*.cjs, one CommonJS bundle) with V8's code cache:
 * compiling the engine's ~900 KB at every start is a good part of what a short command costs
 * (Node 22's module.enableCompileCache would do this for ES modules; Node 20 has no such thing,
 * but vm.Script takes and makes cached data for a script). The first run in a cache folder
 * compiles as usual and, when the process exits, writes the code V8 compiled for the engine
 * (the functions that ran included) to the cache; later runs hand it to V8 and skip that work.
 *
 * The cache is an optimisation only: V8 checks cached data against the source and its own
 * version and flags and rejects what does not match (the file is then written anew); a cache
 * folder that cannot be made or written is skipped without a word. Files are written to a
 * temporary name and renamed, so a reader never sees half of one.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** Where the cache goes: $YINZHANG_CACHE_DIR, else the user's cache folder; '' turns it off. */
export function cacheDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string | undefined {
  const own = env.YINZHANG_CACHE_DIR;
  if (own !== undefined) return own === '' ? undefined : own;
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    return local ? join(local, 'yinzhang', 'Cache') : undefined;
  }
  if (platform === 'darwin') return home ? join(home, 'Library', 'Caches', 'yinzhang') : undefined;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg) return join(xdg, 'yinzhang');
  return home ? join(home, '.cache', 'yinzhang') : undefined;
}

/** What happened to the cache: used, made now, rejected by V8 (remade), or not kept. */
export type CacheState = 'used' | 'made' | 'rejected' | 'off';

export interface Loaded {
  readonly exports: Record<string, unknown>;
  readonly state: CacheState;
  /** Writes the cache for a later run when there was none worth keeping; never throws. */
  save(): void;
}

/** The cache file for `file` under this V8 and architecture. */
export function cacheFile(dir: string, file: string): string {
  return join(dir, `${basename(file)}.${process.versions.v8}.${process.arch}.bin`);
}

/** Runs the CommonJS file `file` as Node's require would, with a code cache in `dir`. */
export function loadCommonJs(file: string, dir: string | undefined): Loaded {
  const source = readFileSync(file, 'utf8');
  const cache = dir === undefined ? undefined : cacheFile(dir, file);
  let cachedData: Buffer | undefined;
  if (cache !== undefined) {
    try {
      cachedData = readFileSync(cache);
    } catch {
      // first run, or unreadable: compiled as usual
    }
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const state: CacheState =
    cache === undefined
      ? 'off'
      : cachedData === undefined
        ? 'made'
        : script.cachedDataRejected
          ? 'rejected'
          : 'used';
  const wrapper = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as Record<string, unknown> };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    state,
    save() {
      if (cache === undefined || state === 'used') return;
      try {
        writeCache(cache, basename(file), script.createCachedData());
      } catch {
        // a read-only or full disk: the next run compiles again
      }
    },
  };
}

function writeCache(path: string, file: string, data: Buffer): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(temp, data);
  renameSync(temp, path);
  // Caches of earlier builds of the same bundle (engine-<other hash>.cjs) are of no further use.
  const stem = /^(.*-)[A-Z0-9]+\.cjs$/.exec(file)?.[1];
  if (stem === undefined) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(stem) && !name.startsWith(`${file}.`) && name.endsWith('.bin')) {
      rmSync(join(dir, name), { force: true });
    }
  }
}

const engines = new Map<string, Record<string, unknown>>();

/**
 * The engine bundle's exports, loaded once per process (the stand-ins of '@yinzhang/pdf' and its
 * subpaths all call this), its code cache written when the process exits.
 */
export function loadEngine(url: URL): Record<string, unknown> {
  const known = engines.get(url.href);
  if (known) return known;
  const loaded = loadCommonJs(fileURLToPath(url), cacheDir());
  if (loaded.state !== 'used' && loaded.state !== 'off') process.once('exit', loaded.save);
  engines.set(url.href, loaded.exports);
  return loaded.exports;
}
