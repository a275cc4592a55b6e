import { designFor, sealImageMm } from '@yinzhang/seal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../files/download';
import type { MadeFrom } from '../../../store';
import styles from './Designer.module.css';

/** Print resolution of the print PNG. */
export const PRINT_DPI = 600;

/** Pixels across the square print image of a seal `sealMm` wide at PRINT_DPI. */
export function printPx(sealMm: number): number {
  return Math.round((sealImageMm(sealMm) / 25.4) * PRINT_DPI);
}

/**
 * SVG and print-resolution PNG downloads of a seal made by name in this visit, drawn again from
 * what it was made from. The SVG code (fontkit) and the drawing load only when asked for.
 */
export default function ExportButtons({ from, name }: { from: MadeFrom; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const design = from.design ?? designFor('official');
  const sealMm = Math.max(design.widthMm, design.heightMm);

  async function run(kind: 'svg' | 'print') {
    setBusy(true);
    setError('');
    try {
      if (kind === 'svg') {
        const { designedSvg } = await import('./svgExport');
        downloadBlob(await designedSvg(from.input, design), `${name}.svg`);
      } else {
        const { renderDesignedSeal } = await import('../../../seal/renderDesigned');
        const png = await renderDesignedSeal(from.input, design, printPx(sealMm));
        downloadBlob(png, `${name}-${PRINT_DPI}dpi.png`);
      }
    } catch (e) {
      // The browser's words (a canvas too large, a font that did not load) to the debug log.
      console.debug('印章导出:', e);
      setError(t('designer.exportFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.exports}>
      <button
        type="button"
        className={styles.exportButton}
        disabled={busy}
        onClick={() => void run('svg')}
      >
        {t('designer.downloadSvg')}
      </button>
      <button
        type="button"
        className={styles.exportButton}
        disabled={busy}
        title={t('designer.printHint', { dpi: PRINT_DPI, mm: Math.round(sealMm * 10) / 10 })}
        onClick={() => void run('print')}
      >
        {t('designer.downloadPrint')}
      </button>
      <p aria-live="polite" className={styles.exportError}>
        {busy ? t('designer.exporting') : error}
      </p>
    </div>
  );
}
