import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { canUndo, emptyHistory, type History, record, redo, undo } from '../../model/history';

/** SPEC §9: the pen is 0.5 to 2.5 CSS px wide, thinner the faster it moves. */
export const PEN = { minWidth: 0.5, maxWidth: 2.5 } as const;

/** Canvas pixels per CSS pixel: the screen's, and never less than 2 so a saved signature is sharp. */
export function canvasRatio(devicePixelRatio: number): number {
  return Math.max(2, Math.ceil(devicePixelRatio || 1));
}

export interface SignaturePadControls {
  /** Strokes drawn (after undo). */
  strokes: number;
  /** Something to undo: a stroke, or a 清除 (issue 18: 撤销 brings cleared strokes back). */
  canUndo: boolean;
  canRedo: boolean;
  clear(): void;
  undo(): void;
  redo(): void;
  /** Canvas pixels per CSS pixel of the drawing. */
  ratio: number;
}

/**
 * Runs signature_pad on a canvas sized to its box at `canvasRatio`, with undo and redo over whole
 * strokes and 清除 (model/history.ts over the pad's stroke list). A stroke keeps the ink it was
 * drawn with; `color` applies to the next ones.
 */
export function useSignaturePad(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  color: string,
): SignaturePadControls {
  const padRef = useRef<SignaturePad | null>(null);
  const history = useRef<History<PointGroup[]>>(emptyHistory());
  /** The strokes as of the last change, the state the next change records. */
  const current = useRef<PointGroup[]>([]);
  const [strokes, setStrokes] = useState(0);
  const [undoable, setUndoable] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [ratio] = useState(() => canvasRatio(window.devicePixelRatio));
  const colorRef = useRef(color);
  colorRef.current = color;

  const sync = useCallback(() => {
    // A copy: signature_pad hands out its own list, which it grows with the next stroke.
    current.current = [...(padRef.current?.toData() ?? [])];
    setStrokes(current.current.length);
    setUndoable(canUndo(history.current));
    setCanRedo(history.current.future.length > 0);
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { ...PEN, penColor: colorRef.current });
    padRef.current = pad;
    const fit = () => {
      const { width, height } = canvas.getBoundingClientRect();
      if (width === 0 || height === 0) return;
      const data = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(data);
    };
    fit();
    const resize = new ResizeObserver(fit);
    resize.observe(canvas);
    const onEnd = () => {
      history.current = record(history.current, current.current);
      sync();
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      resize.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef, ratio, sync]);

  useEffect(() => {
    if (padRef.current) padRef.current.penColor = color;
  }, [color]);

  const travel = useCallback(
    (step: typeof undo<PointGroup[]>) => {
      const pad = padRef.current;
      const moved = pad && step(history.current, current.current);
      if (!pad || !moved) return;
      history.current = moved.history;
      if (moved.state.length) pad.fromData(moved.state);
      else pad.clear();
      sync();
    },
    [sync],
  );
  const undoStroke = useCallback(() => travel(undo), [travel]);
  const redoStroke = useCallback(() => travel(redo), [travel]);

  const clear = useCallback(() => {
    const pad = padRef.current;
    if (!pad || pad.isEmpty()) return;
    history.current = record(history.current, current.current);
    pad.clear();
    sync();
  }, [sync]);

  return {
    strokes,
    canUndo: undoable,
    canRedo,
    clear,
    undo: undoStroke,
    redo: redoStroke,
    ratio,
  };
}
