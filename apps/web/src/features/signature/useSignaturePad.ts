import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';

/** SPEC §9: the pen is 0.5 to 2.5 CSS px wide, thinner the faster it moves. */
export const PEN = { minWidth: 0.5, maxWidth: 2.5 } as const;

/** Canvas pixels per CSS pixel: the screen's, and never less than 2 so a saved signature is sharp. */
export function canvasRatio(devicePixelRatio: number): number {
  return Math.max(2, Math.ceil(devicePixelRatio || 1));
}

export interface SignaturePadControls {
  /** Strokes drawn (after undo). */
  strokes: number;
  canRedo: boolean;
  clear(): void;
  undo(): void;
  redo(): void;
  /** Canvas pixels per CSS pixel of the drawing. */
  ratio: number;
}

/**
 * Runs signature_pad on a canvas sized to its box at `canvasRatio`, with undo and redo over whole
 * strokes. A stroke keeps the ink it was drawn with; `color` applies to the next ones.
 */
export function useSignaturePad(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  color: string,
): SignaturePadControls {
  const padRef = useRef<SignaturePad | null>(null);
  const redoStack = useRef<PointGroup[]>([]);
  const [strokes, setStrokes] = useState(0);
  const [canRedo, setCanRedo] = useState(false);
  const [ratio] = useState(() => canvasRatio(window.devicePixelRatio));
  const colorRef = useRef(color);
  colorRef.current = color;

  const sync = useCallback(() => {
    setStrokes(padRef.current?.toData().length ?? 0);
    setCanRedo(redoStack.current.length > 0);
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
      redoStack.current = [];
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

  const undo = useCallback(() => {
    const pad = padRef.current;
    const data = pad?.toData() ?? [];
    const last = data.pop();
    if (!pad || !last) return;
    redoStack.current.push(last);
    pad.fromData(data);
    sync();
  }, [sync]);

  const redo = useCallback(() => {
    const pad = padRef.current;
    const next = redoStack.current.pop();
    if (!pad || !next) return;
    pad.fromData([...pad.toData(), next]);
    sync();
  }, [sync]);

  const clear = useCallback(() => {
    padRef.current?.clear();
    redoStack.current = [];
    sync();
  }, [sync]);

  return { strokes, canRedo, clear, undo, redo, ratio };
}
