import type { PagingSealPart } from '@yinzhang/pdf';
import { type ColumnLayout, pageToColumn } from '../../model/column';
import styles from './PagingSeal.module.css';

interface Props {
  parts: readonly PagingSealPart[];
  src: string;
  layout: ColumnLayout;
  /** Pages drawn so far: strips go on those only. */
  loaded: number;
}

/**
 * The paging seal's strips on the pages, where the export will draw them (issue 18, item 1):
 * each page shows the whole seal clipped to its own strip at the chosen edge.
 */
export default function PagingStrips({ parts, src, layout, loaded }: Props) {
  return (
    <>
      {parts
        .filter((part) => part.page < loaded)
        .map((part) => {
          const clip = pageToColumn(layout, part.page, part.clip);
          const seal = pageToColumn(layout, part.page, part.box);
          return (
            <div
              key={part.page}
              className={styles.strip}
              data-paging-strip={part.page + 1}
              style={{ left: clip.x, top: clip.y, width: clip.width, height: clip.height }}
            >
              <img
                src={src}
                alt=""
                draggable={false}
                style={{
                  left: seal.x - clip.x,
                  top: seal.y - clip.y,
                  width: seal.width,
                  height: seal.height,
                }}
              />
            </div>
          );
        })}
    </>
  );
}
