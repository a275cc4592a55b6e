import { canRedo, canUndo } from '../../model/history';
import { useSeal } from '../../store';
import UndoBar from './UndoBar';

/** 图片签章's undo bar: the image's placements. */
export default function ImageUndoBar() {
  const undoable = useSeal((s) => canUndo(s.signHistory));
  const redoable = useSeal((s) => canRedo(s.signHistory));
  const any = useSeal((s) => s.placements.length > 0);
  const undoStamps = useSeal((s) => s.undoStamps);
  const redoStamps = useSeal((s) => s.redoStamps);
  const clearStamps = useSeal((s) => s.clearStamps);
  return (
    <UndoBar
      tab="sign"
      canUndo={undoable}
      canRedo={redoable}
      canClear={any}
      onUndo={undoStamps}
      onRedo={redoStamps}
      onClear={clearStamps}
    />
  );
}
