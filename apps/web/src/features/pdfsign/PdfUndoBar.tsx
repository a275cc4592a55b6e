import { canRedo, canUndo } from '../../model/history';
import { useSeal } from '../../store';
import UndoBar from '../sign/UndoBar';

/** PDF签章's undo bar: the PDF's placements. */
export default function PdfUndoBar() {
  const undoable = useSeal((s) => canUndo(s.pdfHistory));
  const redoable = useSeal((s) => canRedo(s.pdfHistory));
  const any = useSeal((s) => s.pdfPlacements.length > 0);
  const undoPdfStamps = useSeal((s) => s.undoPdfStamps);
  const redoPdfStamps = useSeal((s) => s.redoPdfStamps);
  const clearPdfStamps = useSeal((s) => s.clearPdfStamps);
  return (
    <UndoBar
      tab="pdfsign"
      canUndo={undoable}
      canRedo={redoable}
      canClear={any}
      onUndo={undoPdfStamps}
      onRedo={redoPdfStamps}
      onClear={clearPdfStamps}
    />
  );
}
