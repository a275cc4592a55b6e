import { useEffect, useState } from 'react';
import { type ColumnLayout, pageAt } from '../../model/column';

/**
 * The first and last page (0-based) the scrolling column shows, measured once per animation frame
 * while it scrolls.
 */
export function useViewRange(
  scroller: HTMLElement | null,
  layout: ColumnLayout,
): readonly [number, number] {
  const [range, setRange] = useState<readonly [number, number]>([0, 0]);
  useEffect(() => {
    if (!scroller) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const first = pageAt(layout, scroller.scrollTop);
      const last = pageAt(layout, scroller.scrollTop + scroller.clientHeight);
      setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scroller, layout]);
  return range;
}
