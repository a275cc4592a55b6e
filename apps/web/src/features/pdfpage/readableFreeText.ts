/**
 * Issue 18, item 5: a note typed with the viewer's FreeText tool in Chinese is saved by pdf.js
 * with a Helvetica appearance, which other readers (poppler, Acrobat) show as nothing. Every file
 * the viewer hands to its download manager (保存 / 下载) first goes through outlineFreeText, which
 * redraws such notes with the glyph outlines of the app's own Noto Serif SC (the seal font, already
 * in the offline cache), as one appended update. The code loads on the first save only.
 */
type Download = (data: unknown, url: string, filename: string, ...rest: unknown[]) => void;

/** The saved PDF with its Chinese FreeText notes drawn as outlines; the input if there are none. */
export async function readableFreeText(data: Uint8Array): Promise<Uint8Array> {
  const [{ outlineFreeText }, { glyphOutlines }, { pageFontSources }] = await Promise.all([
    // The sub-path, not the package: a dynamic import of the whole package would put all of it,
    // PDF engine included, into one chunk that PDF签章's small static imports then load too.
    import('@yinzhang/pdf/freetext'),
    import('@yinzhang/seal/svg'),
    import('../make/designer/svgExport'),
    // Brings the seal font's @font-face rules (the files themselves are fetched per character).
    import('../../seal/localSeal'),
  ]);
  const outline = glyphOutlines(pageFontSources().filter((s) => s.font === 'seal'));
  const { bytes } = await outlineFreeText(data, (char) => outline('seal', char).catch(() => null));
  return bytes;
}

/**
 * Routes the viewer's downloads through readableFreeText. A file that cannot be read here (one
 * opened with a password the page does not know, say) is downloaded as pdf.js wrote it.
 */
const patched = new WeakSet<object>();

export async function fixDownloads(viewerApp: object): Promise<void> {
  const app = viewerApp as {
    initializedPromise?: Promise<void>;
    downloadManager?: { download: Download } | null;
  };
  // The manager is made while the viewer initializes.
  await app.initializedPromise;
  const manager = app.downloadManager;
  // The viewer keeps one manager; a second document must not wrap it twice.
  if (!manager || patched.has(manager)) return;
  patched.add(manager);
  const original: Download = manager.download.bind(manager);
  manager.download = (data, url, filename, ...rest) => {
    // The bytes come from the viewer's frame, another realm: `instanceof Uint8Array` is false there.
    if (!ArrayBuffer.isView(data)) {
      original(data, url, filename, ...rest);
      return;
    }
    const bytes = new Uint8Array(
      data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
    );
    readableFreeText(bytes).then(
      (fixed) => original(fixed, url, filename, ...rest),
      (error: unknown) => {
        console.warn('FreeText notes kept as pdf.js wrote them:', error);
        original(data, url, filename, ...rest);
      },
    );
  };
}
