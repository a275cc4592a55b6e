/**
 * How the embedded pdf.js viewer is set up: every file from our own origin (the build copies them
 * to /pdfjs/, see plugins/pdfjsViewer.ts), our zh-CN locale, and the viewer options we change.
 */

const BASE = `${import.meta.env.BASE_URL}pdfjs/`;

/**
 * The element's resource attributes. Absolute URLs: the viewer runs in an `about:srcdoc` frame,
 * and pdf.js resolves some of these against that frame's location, which has no host.
 */
export function viewerAttributes(origin: string) {
  const at = (path: string) => `${origin}${BASE}${path}`;
  return {
    'assets-base': at(''),
    'worker-src': at('pdf.worker.min.mjs'),
    'image-resources-path': at('images/'),
    'c-map-url': at('cmaps/'),
    'standard-font-data-url': at('standard_fonts/'),
    'wasm-url': at('wasm/'),
    'icc-url': at('iccs/'),
    // Fetched from a blob: URL made by the element, so it cannot be relative.
    'locale-src-template': at('locale/{locale}/viewer.ftl'),
  } as const;
}

/** The viewer's locale for the app's language; none (the viewer's built-in English) otherwise. */
export function viewerLocale(language: string): string | undefined {
  // The element only loads locales it knows, by their lower-case code.
  return language === 'zh-CN' ? 'zh-cn' : undefined;
}

/**
 * PDFViewerApplicationOptions we set (names as in pdf.js's AppOptions). SPEC §9's editor limits
 * (free-text size, ink thickness and opacity, highlight thickness) are not options: they are the
 * ranges of the stock viewer's own sliders, which already match the spec; e2e/pdfpage.e2e.ts
 * reads them from the running viewer.
 */
export const VIEWER_OPTIONS = {
  // No JavaScript from documents: it would need pdf.js's sandbox bundle, which we do not serve.
  enableScripting: false,
  // Links inside a document open in a new tab instead of replacing the viewer's frame.
  externalLinkTarget: 2,
  // Selecting text offers a one-click highlight.
  enableHighlightFloatingButton: true,
} as const;

/**
 * Added to the viewer's own styles. In a frame as narrow as a phone, the stock toolbar runs a
 * little wider than the frame and pushes its tools menu (print, save, properties) out of reach;
 * a slimmer page-number field brings it back.
 */
export const VIEWER_CSS = `@media all and (max-width: 400px) {
  #toolbarViewer #pageNumber { width: 36px; }
}`;

/** Our error code for why pdf.js refused a file (its exceptions are told apart by name). */
export function pdfjsErrorCode(reason: unknown): string {
  const { name, code } = (reason ?? {}) as { name?: unknown; code?: unknown };
  // pdf.js's PasswordResponses: 1 needs a password (the prompt was closed), 2 a wrong one.
  if (name === 'PasswordException') return code === 2 ? 'PASSWORD_WRONG' : 'PASSWORD_REQUIRED';
  if (name === 'InvalidPDFException') return 'BROKEN_PDF';
  return 'FAILED';
}
