/**
 * Libraries the PDF engine imports statically but only signing, verifying and encrypted files
 * use: pkijs and asn1js (certificates, CMS) and @noble/ciphers' AES. Bundled with the engine they
 * are about 600 KB of its 1.5 MB chunk, compiled and evaluated at every start of every command
 * (about 30 ms of CPU), though stamp and merge of a plain PDF never call them.
 *
 * So they go into one CommonJS file of their own (dist/chunks/lazy-*.cjs), and every import of
 * them in the bundle gets a small CommonJS stand-in whose exports are getters: the first one read
 * require()s that file (synchronously, so the engine's code runs unchanged). esbuild reads a
 * CommonJS module's exports through such getters at each use, so nothing is loaded until a
 * signing or decryption function really runs. All importers share the one copy, as before (pkijs
 * checks asn1js objects by class, so @libpdf/core, pkijs and our signing code must see the same).
 *
 * One use is at load time: @libpdf/core declares `class CryptoEngine extends pkijs.CryptoEngine`
 * at the top level of its module. That base is a stand-in constructor that loads the real class
 * when first constructed (or when anything else loads the file) and puts the real class under
 * it, so instances, instanceof and inherited methods are the real ones.
 */
import { pathToFileURL } from 'node:url';

/** What is loaded lazily: import specifier, and its key in the lazy file's exports. */
export const LAZY_LIBS = { pkijs: 'pkijs', asn1js: 'asn1js', '@noble/ciphers/aes.js': 'aes' };

/** Classes read at module load to be extended (see above), per library. */
const BASES = { pkijs: ['CryptoEngine'] };

/** An esbuild filter matching exactly these import specifiers. */
export function exactFilter(specifiers) {
  return new RegExp(
    `^(${specifiers.map((s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
  );
}

const filter = exactFilter(Object.keys(LAZY_LIBS));

/** The entry of the lazy file: each library's namespace under its key. */
export function lazyEntry() {
  return Object.entries(LAZY_LIBS)
    .map(([spec, key]) => `export * as ${key} from ${JSON.stringify(spec)};`)
    .join('\n');
}

/** Where esbuild itself resolves an import (marked, so that our own hook lets it through). */
function resolveReal(b, args) {
  return b.resolve(args.path, {
    kind: args.kind,
    resolveDir: args.resolveDir,
    importer: args.importer,
    pluginData: { real: true },
  });
}

/** Records where each library resolved to in the lazy file's build. */
export function recordResolved(resolved) {
  return {
    name: 'lazy-record',
    setup(b) {
      b.onResolve({ filter }, async (args) => {
        if (args.pluginData?.real) return undefined;
        const real = await resolveReal(b, args);
        if (real.errors.length === 0) resolved.set(args.path, real.path);
        return real;
      });
    },
  };
}

function standInCode(key, names, bases, file) {
  const lines = [
    `let real;`,
    `const standIns = {};`,
    `function load() {`,
    `  if (real) return real;`,
    `  real = require(${JSON.stringify(`./${file}`)})[${JSON.stringify(key)}];`,
    `  for (const [name, standIn] of Object.entries(standIns)) {`,
    `    Object.setPrototypeOf(standIn.prototype, real[name].prototype);`,
    `    Object.setPrototypeOf(standIn, real[name]);`,
    `  }`,
    `  return real;`,
    `}`,
  ];
  for (const name of bases) {
    lines.push(
      `standIns[${JSON.stringify(name)}] = function ${name}(...args) {`,
      `  return Reflect.construct(load()[${JSON.stringify(name)}], args, new.target);`,
      `};`,
    );
  }
  lines.push(
    `for (const name of ${JSON.stringify(names)}) {`,
    `  Object.defineProperty(exports, name, {`,
    `    enumerable: true,`,
    `    get: () => (name in standIns ? standIns[name] : load()[name]),`,
    `  });`,
    `}`,
  );
  return lines.join('\n');
}

/**
 * The esbuild plugin for the main build: imports of the lazy libraries become the stand-ins
 * requiring `file` (a name in dist/chunks/). Each must resolve to the file the lazy build took.
 */
export function lazyLibs(file, resolved) {
  return {
    name: 'lazy-libs',
    setup(b) {
      b.onResolve({ filter }, async (args) => {
        if (args.pluginData?.real) return undefined;
        const real = await resolveReal(b, args);
        if (real.errors.length > 0) return { errors: real.errors };
        if (real.path !== resolved.get(args.path)) {
          return {
            errors: [
              {
                text: `${args.path} resolves to ${real.path} here but to ${resolved.get(args.path)} in the lazy file`,
              },
            ],
          };
        }
        return { path: args.path, namespace: 'lazy-libs', pluginData: { real: real.path } };
      });
      b.onResolve({ filter: /^\.\/lazy-.*\.cjs$/ }, (args) => ({
        path: args.path,
        external: true,
      }));
      b.onLoad({ filter: /./, namespace: 'lazy-libs' }, async (args) => {
        const names = Object.keys(await import(pathToFileURL(args.pluginData.real).href)).filter(
          (n) => n !== 'default',
        );
        const bases = BASES[args.path] ?? [];
        for (const base of bases) {
          if (!names.includes(base)) throw new Error(`${args.path} has no export ${base}`);
        }
        return {
          contents: standInCode(LAZY_LIBS[args.path], names, bases, file),
          loader: 'js',
          resolveDir: process.cwd(),
        };
      });
    },
  };
}
