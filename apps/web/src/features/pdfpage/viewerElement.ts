/**
 * JSX typing for <pdfjs-viewer-element> (the stock pdf.js viewer in an iframe). Importing this
 * module registers the element.
 */
import 'pdfjs-viewer-element';
import type { PdfjsViewerElement } from 'pdfjs-viewer-element';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

export type { PdfjsViewerElement };

type ViewerAttributes = Partial<
  Record<
    | 'src'
    | 'locale'
    | 'locale-src-template'
    | 'assets-base'
    | 'worker-src'
    | 'image-resources-path'
    | 'c-map-url'
    | 'standard-font-data-url'
    | 'wasm-url'
    | 'icc-url'
    | 'iframe-title'
    | 'viewer-css-theme'
    | 'zoom'
    | 'pagemode',
    string
  >
>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'pdfjs-viewer-element': DetailedHTMLProps<
        HTMLAttributes<PdfjsViewerElement>,
        PdfjsViewerElement
      > &
        ViewerAttributes;
    }
  }
}
