/**
 * Serves the stock pdf.js viewer (the runtime of pdfjs-viewer-element) from our own origin under
 * `/pdfjs/`: the viewer, pdf.js and its worker, the viewer's CSS and images, CMaps, standard
 * fonts, ICC profiles, WebAssembly decoders, and our own zh-CN locale. Nothing is committed: the
 * files are read from node_modules and emitted into the build (or served by the dev server).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the files live in the built app; keep in step with src/features/pdfpage/viewerPaths.ts. */
export const VIEWER_DIR = 'pdfjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** The element's own runtime files (the same pdf.js build its viewer was made with). */
const ELEMENT_FILES = [
  'viewer.mjs',
  'pdf.mjs',
  'pdf.worker.min.mjs',
  'viewer.css',
  'paper-and-ink.css',
];
/** Data folders pdf.js loads at run time, from the pdfjs-dist the element depends on. */
const DATA_DIRS = ['cmaps', 'standard_fonts', 'iccs', 'wasm'];
const LOCALES: Record<string, string> = {
  'zh-cn': path.join(here, '../src/features/pdfpage/viewer-l10n/zh-CN.ftl'),
};

function walk(dir: string, prefix: string, into: Map<string, string>): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`, into);
    else into.set(`${prefix}${name}`, full);
  }
}

/** Path inside `/pdfjs/` -> file on disk. */
export function viewerFiles(): Map<string, string> {
  const elementDist = path.dirname(require.resolve('pdfjs-viewer-element'));
  const pdfjsDist = path.dirname(
    require.resolve('pdfjs-dist/package.json', { paths: [path.dirname(elementDist)] }),
  );
  const files = new Map<string, string>();
  for (const name of ELEMENT_FILES) files.set(name, path.join(elementDist, name));
  walk(path.join(elementDist, 'images'), 'images/', files);
  for (const dir of DATA_DIRS) walk(path.join(pdfjsDist, dir), `${dir}/`, files);
  for (const [locale, file] of Object.entries(LOCALES))
    files.set(`locale/${locale}/viewer.ftl`, file);
  return files;
}

const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.wasm': 'application/wasm',
  '.ftl': 'text/plain; charset=utf-8',
};

// The element finds its runtime with `new URL('./file', import.meta.url)`, which would make the
// bundler emit a second, hashed copy of each file. We point those at /pdfjs/ instead (the page also
// sets `assets-base`, so these defaults are never the ones used).
const RUNTIME_URL = /new URL\("\.\/([\w.-]+)",\s*import\.meta\.url\)/g;

export function pdfjsViewer(): Plugin {
  let base = '/';
  return {
    name: 'yinzhang:pdfjs-viewer',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes('/pdfjs-viewer-element/dist/')) return null;
      if (!code.includes('import.meta.url')) return null;
      return code.replace(
        RUNTIME_URL,
        (_, file: string) =>
          `new URL(${JSON.stringify(`${base}${VIEWER_DIR}/${file}`)},document.baseURI)`,
      );
    },
    generateBundle() {
      for (const [rel, file] of viewerFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `${VIEWER_DIR}/${rel}`,
          source: readFileSync(file),
        });
      }
    },
    configureServer(server) {
      const files = viewerFiles();
      server.middlewares.use(`/${VIEWER_DIR}/`, (req, res, next) => {
        const rel = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        const file = files.get(rel);
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
  };
}
