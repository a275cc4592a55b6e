#!/usr/bin/env node
/**
 * Builds the command line into dist/: src/main.ts and the workspace code it uses (@yinzhang/seal,
 * @yinzhang/pdf) bundled by esbuild into ES modules, each command's heavy work in its own chunk
 * (split at the dynamic imports), plus the seal fonts. Only native addons stay outside the bundle:
 * sharp and @napi-rs/canvas are real dependencies of the published package.
 *
 * Every file is written to a temporary name and renamed, and chunk names carry a content hash, so
 * two processes building at once (the bin rebuilds a stale bundle on demand) write identical files
 * and a running process never reads a half-written one. dist/main.js is written last.
 *
 * `node scripts/build.mjs` builds; `--if-stale` builds only when a source is newer.
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exactFilter, LAZY_LIBS, lazyEntry, lazyLibs, recordResolved } from './lazy-libs.mjs';
import { isStale, SOURCE_ROOTS } from './stale.mjs';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(here, 'dist');
const require = createRequire(import.meta.url);

/** Native addons and their loaders: installed from the registry, never bundled. */
export const EXTERNAL = ['sharp', '@napi-rs/canvas'];

/**
 * A swap module's code: the library's namespace re-exported, with `names` taken instead from what
 * the shim's `fn` makes of it.
 */
const overriding = (fn, names) => (real, shim) =>
  `import * as real from ${real};
import { ${fn} } from ${shim};
export * from ${real};
const n = ${fn}(real);
${names.map((name) => `export const ${name} = n.${name};`).join('\n')}
`;

/**
 * The swaps of src/native-zlib.ts and src/native-crypto.ts, and who gets them (pako elsewhere is
 * another major version; the signing code keeps @noble's own functions).
 */
const NATIVE = {
  fflate: {
    shim: 'native-zlib.ts',
    importer: /./,
    code: overriding('nativeFflate', ['zlibSync', 'unzlibSync', 'Unzlib']),
  },
  pako: {
    shim: 'native-zlib.ts',
    importer: /node_modules\/@libpdf\/core\//,
    code: (real, shim) => `import real from ${real};
import { nativePako } from ${shim};
export * from ${real};
const n = nativePako(real);
export const inflate = n.inflate;
export const deflate = n.deflate;
export default { ...real, inflate, deflate };
`,
  },
  '@noble/hashes/sha2.js': {
    shim: 'native-crypto.ts',
    importer: /node_modules\/@libpdf\/core\//,
    code: overriding('nativeSha2', ['sha256', 'sha384', 'sha512']),
  },
  // The real AES stays where lazy-libs.mjs puts it (loaded on first use): imported by its name,
  // and read only when Node refuses a call.
  '@noble/ciphers/aes.js': {
    shim: 'native-crypto.ts',
    importer: /node_modules\/@libpdf\/core\//,
    code: (_real, shim) => `import * as real from '@noble/ciphers/aes.js';
import { nativeAes } from ${shim};
const n = nativeAes(real);
export const cbc = n.cbc;
export const ecb = n.ecb;
`,
  },
};

/**
 * An esbuild plugin: imports of fflate, and of pako, SHA-2 and AES from @libpdf/core, get a
 * module that re-exports the library with its one-shot zlib functions done by Node's zlib and its
 * hashes and ciphers by Node's crypto (src/native-zlib.ts and src/native-crypto.ts say why).
 */
const nativeLibs = {
  name: 'native',
  setup(b) {
    b.onResolve({ filter: exactFilter(Object.keys(NATIVE)) }, async (args) => {
      const swap = NATIVE[args.path];
      if (args.pluginData?.real || !swap.importer.test(args.importer)) return undefined;
      const real = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: { real: true },
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'native', pluginData: { name: args.path } };
    });
    b.onLoad({ filter: /./, namespace: 'native' }, (args) => ({
      contents: NATIVE[args.pluginData.name].code(
        JSON.stringify(args.path),
        JSON.stringify(join(here, 'src', NATIVE[args.pluginData.name].shim)),
      ),
      resolveDir: here,
      loader: 'js',
    }));
  },
};

/** The stylesheets the seal is drawn from (as in src/fonts.ts) and where their copies go. */
const FONT_SHEETS = [
  { css: '@fontsource/noto-serif-sc/700.css', dir: 'noto-serif-sc' },
  { css: '@fontsource/arimo/latin-700.css', dir: 'arimo' },
];

const tempName = (path) => join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);

function writeAtomic(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempName(path);
  writeFileSync(temp, contents);
  renameSync(temp, path);
}

/**
 * Copies the 700-weight stylesheets, only the .woff2 files they name (the browser's other formats
 * and weights stay behind: 4.8 MB instead of the package's 87 MB) and the font licence.
 */
function copyFonts() {
  for (const { css, dir } of FONT_SHEETS) {
    const sheet = require.resolve(css);
    const pkg = dirname(sheet);
    const out = join(dist, 'fonts', dir);
    const text = readFileSync(sheet, 'utf8');
    const woff2 = [...text.matchAll(/url\(\s*['"]?([^'")]+\.woff2)['"]?\s*\)/g)].map((m) => m[1]);
    // Keep only the woff2 source of each face, so the copy names no file it does not ship.
    const trimmed = text.replace(/,\s*url\([^)]*\.woff\)\s*format\('woff'\)/g, '');
    for (const file of woff2) {
      const target = join(out, file);
      mkdirSync(dirname(target), { recursive: true });
      const temp = tempName(target);
      copyFileSync(resolve(pkg, file), temp);
      renameSync(temp, target);
    }
    writeAtomic(join(out, basename(css)), trimmed);
    writeAtomic(join(out, 'LICENSE'), readFileSync(join(pkg, 'LICENSE')));
  }
}

/**
 * Removes chunks an earlier build wrote and this one did not, once they are old enough that no
 * process started before this build can still be about to load them; with `all`, at once (for a
 * package: the tarball must hold only this build's files). Chunks whose code did not change keep
 * their names, so a running process never loses a chunk it may still import.
 */
function pruneChunks(written, all) {
  const chunks = join(dist, 'chunks');
  let names = [];
  try {
    names = readdirSync(chunks);
  } catch {
    return;
  }
  const cutoff = all ? Infinity : Date.now() - 10 * 60_000;
  for (const name of names) {
    const path = join(chunks, name);
    if (!written.has(path) && statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
  }
}

/** The licence texts of every npm package whose code went into the bundle. */
function thirdPartyLicences(metafiles) {
  const packages = new Set();
  for (const input of metafiles.flatMap((m) => Object.keys(m.inputs))) {
    // The plugins' modules (namespace:path) stand for packages that are inputs themselves.
    if (/^(native|lazy-libs):/.test(input)) continue;
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.add(resolve(here, m[1]));
  }
  const sections = [];
  for (const dir of [...packages].sort()) {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((name) => /^licen[cs]e/i.test(name));
    const text = file ? readFileSync(join(dir, file), 'utf8').trim() : `License: ${pkg.license}`;
    sections.push(`${pkg.name} ${pkg.version} (${pkg.license})\n\n${text}`);
  }
  return `Code from these packages is bundled in dist/:\n\n${sections.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`;
}

/** Options both builds share. */
const COMMON = {
  absWorkingDir: here,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  // ES module builds first: esbuild tree-shakes them and evaluates them without the CommonJS
  // wrappers (pkijs, asn1js and their helpers ship both; CommonJS first cost ~50 ms per run).
  mainFields: ['module', 'main'],
  legalComments: 'none',
  metafile: true,
  minifySyntax: true,
  minifyWhitespace: true,
  sourcemap: false,
  write: false,
  logLevel: 'warning',
};

/**
 * The signing libraries as one CommonJS file, required on first use (scripts/lazy-libs.mjs);
 * `resolved` gets the file each library resolved to.
 */
async function buildLazy(esbuild, resolved) {
  const result = await esbuild({
    ...COMMON,
    stdin: { contents: lazyEntry(), resolveDir: here, sourcefile: 'lazy-libs.js', loader: 'js' },
    format: 'cjs',
    outfile: join(dist, 'chunks', 'lazy.cjs'),
    plugins: [recordResolved(resolved)],
  });
  for (const spec of Object.keys(LAZY_LIBS)) {
    if (!resolved.has(spec)) throw new Error(`the lazy build did not resolve ${spec}`);
  }
  const [file] = result.outputFiles;
  const hash = file.hash
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();
  return { file, path: join(dist, 'chunks', `lazy-${hash}.cjs`), result };
}

/** The engine's entry points the command line imports, by their key in the engine bundle. */
const ENGINE_ENTRIES = { index: '@yinzhang/pdf', merge: '@yinzhang/pdf/merge' };

/**
 * The PDF engine (@yinzhang/pdf with @libpdf/core) as one CommonJS file, which src/code-cache.ts
 * loads with V8's code cache, and the names each entry exports (for the stand-ins).
 */
async function buildEngine(esbuild, plugins) {
  const contents = Object.entries(ENGINE_ENTRIES)
    .map(([key, spec]) => `export * as ${key} from ${JSON.stringify(spec)};`)
    .join('\n');
  const result = await esbuild({
    ...COMMON,
    stdin: { contents, resolveDir: here, sourcefile: 'engine.js', loader: 'js' },
    format: 'cjs',
    outfile: join(dist, 'chunks', 'engine.cjs'),
    plugins,
  });
  // The exported names, from an ES module build of the same entries (a CommonJS build's
  // metafile does not list them); types are not among them.
  const names = await esbuild({
    ...COMMON,
    entryPoints: ENGINE_ENTRIES,
    format: 'esm',
    splitting: true,
    outdir: join(dist, 'names'),
    plugins,
    minifySyntax: false,
    minifyWhitespace: false,
  });
  const exports = {};
  for (const [path, out] of Object.entries(names.metafile.outputs)) {
    const key = basename(path, '.js');
    if (out.entryPoint && key in ENGINE_ENTRIES) exports[key] = out.exports;
  }
  const [file] = result.outputFiles;
  return { file, path: join(dist, 'chunks', `engine-${shortHash(file)}.cjs`), result, exports };
}

const shortHash = (file) =>
  file.hash
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8)
    .toUpperCase();

/**
 * The esbuild plugin for the main build: '@yinzhang/pdf' and '@yinzhang/pdf/merge' become
 * modules that take their exports from the engine bundle `file` (in dist/chunks/).
 */
function engineStandIns(file, exports) {
  const loader = JSON.stringify(join(here, 'src', 'code-cache.ts'));
  return {
    name: 'engine',
    setup(b) {
      const keys = Object.fromEntries(Object.entries(ENGINE_ENTRIES).map(([k, s]) => [s, k]));
      b.onResolve({ filter: /^@yinzhang\/pdf(\/merge)?$/ }, (args) => ({
        // Named for the chunks esbuild makes of them (engine-index-*.js, engine-merge-*.js).
        path: `engine-${keys[args.path]}`,
        namespace: 'engine',
      }));
      b.onLoad({ filter: /./, namespace: 'engine' }, (args) => {
        const key = args.path.slice('engine-'.length);
        const names = exports[key];
        if (!names) return { errors: [{ text: `no export list for ${key}` }] };
        return {
          contents: `import { loadEngine } from ${loader};
const engine = loadEngine(new URL(${JSON.stringify(`./${file}`)}, import.meta.url))[${JSON.stringify(key)}];
export const { ${names.join(', ')} } = engine;
`,
          resolveDir: here,
          loader: 'js',
        };
      });
    },
  };
}

export async function build({ clean = false } = {}) {
  const { build: esbuild } = await import('esbuild');
  const resolved = new Map();
  const lazy = await buildLazy(esbuild, resolved);
  const engine = await buildEngine(esbuild, [nativeLibs, lazyLibs(basename(lazy.path), resolved)]);
  const result = await esbuild({
    absWorkingDir: here,
    ...COMMON,
    entryPoints: { main: 'src/main.ts' },
    splitting: true,
    format: 'esm',
    outdir: dist,
    chunkNames: 'chunks/[name]-[hash]',
    external: EXTERNAL,
    // The byte-level merge (@yinzhang/pdf/merge-fast) is bundled here, outside the engine: its
    // inflating and deflating are native too.
    plugins: [nativeLibs, engineStandIns(basename(engine.path), engine.exports)],
    // Bundled CommonJS code (fontkit's dependencies) calls require() for Node built-ins.
    banner: {
      js: "import { createRequire as __yzRequire } from 'node:module'; const require = __yzRequire(import.meta.url);",
    },
  });
  checkPlacement(result.outputFiles, basename(engine.path));
  copyFonts();
  writeAtomic(
    join(dist, 'THIRD-PARTY-LICENSES.txt'),
    thirdPartyLicences([result.metafile, lazy.result.metafile, engine.result.metafile]),
  );
  const written = new Set();
  // main.js last: a process that sees the new main.js finds every chunk it names.
  const files = [
    { path: lazy.path, contents: lazy.file.contents },
    { path: engine.path, contents: engine.file.contents },
    ...result.outputFiles,
  ].sort((a, b) => Number(a.path.endsWith('/main.js')) - Number(b.path.endsWith('/main.js')));
  for (const file of files) {
    written.add(file.path);
    writeAtomic(file.path, file.contents);
  }
  pruneChunks(written, clean);
  return files.map((f) => relative(here, f.path));
}

/**
 * The stand-ins name the engine bundle relative to their own chunk: every output naming it must
 * be a chunk beside it in dist/chunks/, never main.js.
 */
function checkPlacement(outputs, name) {
  for (const out of outputs) {
    if (out.text.includes(name) && dirname(out.path) !== join(dist, 'chunks')) {
      throw new Error(`${relative(here, out.path)} loads ${name} but is not in dist/chunks/`);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || isStale(here)) {
    const started = performance.now();
    const files = await build({ clean: process.argv.includes('--clean') });
    const ms = Math.round(performance.now() - started);
    if (!process.argv.includes('--quiet')) {
      console.log(
        `yinzhang: built ${files.length} files in dist/ (${ms} ms) from ${SOURCE_ROOTS.length} source folders`,
      );
    }
  }
}
