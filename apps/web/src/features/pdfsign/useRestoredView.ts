import { useEffect } from 'react';
import type { PdfDoc } from '../../store/pdfsign';
import type { PDFDocumentProxy } from './pdfjs';
import { openFileForView } from './viewFile';

/**
 * Keeps pdf.js's view of the PDF in step with the store when the store changes it on its own: a
 * PDF put back after a reload (store/work.ts) is opened for view, a closed one let go.
 */
export function useRestoredView(
  pdfDoc: PdfDoc | null,
  viewDoc: PDFDocumentProxy | null,
  adopt: (doc: PDFDocumentProxy | null) => void,
): void {
  useEffect(() => {
    if (!pdfDoc) {
      if (viewDoc) {
        void viewDoc.destroy();
        adopt(null);
      }
      return;
    }
    if (viewDoc) return;
    let live = true;
    void pdfDoc.file
      .arrayBuffer()
      .then((bytes) => openFileForView(new Uint8Array(bytes), pdfDoc.file, pdfDoc.password))
      .then(
        (result) => {
          if (!result.ok) return;
          if (live) adopt(result.doc);
          else void result.doc.destroy();
        },
        () => {},
      );
    return () => {
      live = false;
    };
  }, [pdfDoc, viewDoc, adopt]);
}
