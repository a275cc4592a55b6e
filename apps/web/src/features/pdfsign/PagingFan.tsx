import { DEFAULT_MAX_PAGES_PER_SEAL, type PagingSealPart, pageGroups } from '@yinzhang/pdf';
import styles from './PagingSeal.module.css';

interface Props {
  parts: readonly PagingSealPart[];
  pages: readonly { width: number; height: number }[];
  src: string;
  label: string;
}

/** The seal's width in the picture, CSS px. */
const SEAL_PX = 120;
const MARGIN_PX = 36;

/**
 * The paging seal's result beside the pages (issue 18, item 1): the first seal's pages fanned out
 * as they are when the paper is spread, page 1 on top, each page's strip where the export puts
 * it, so the strips line up into the whole seal.
 */
export default function PagingFan({ parts, pages, src, label }: Props) {
  const first = parts[0];
  const size = pages[0];
  if (!first || !size) return null;
  const group = parts.slice(0, pageGroups(pages.length, DEFAULT_MAX_PAGES_PER_SEAL)[0] ?? 0);
  const scale = SEAL_PX / (first.box.width * size.width);
  const sealHeight = first.box.height * size.height * scale;
  const height = Math.round(sealHeight + 2 * MARGIN_PX);
  return (
    <figure className={styles.fan} aria-label={label}>
      <div className={styles.fanStage} style={{ width: SEAL_PX + 2 * MARGIN_PX, height }}>
        {group.map((part, i) => {
          const page = pages[part.page] ?? size;
          const pw = page.width * scale;
          const ph = page.height * scale;
          return (
            <div
              key={part.page}
              className={styles.fanPage}
              data-fan-page={part.page + 1}
              style={{
                left: MARGIN_PX - part.box.x * pw,
                top: MARGIN_PX - part.box.y * ph,
                width: pw,
                height: ph,
                zIndex: group.length - i,
              }}
            >
              <div
                className={styles.strip}
                style={{
                  left: part.clip.x * pw,
                  top: part.clip.y * ph,
                  width: part.clip.width * pw,
                  height: part.clip.height * ph,
                }}
              >
                <img
                  src={src}
                  alt=""
                  draggable={false}
                  style={{
                    left: (part.box.x - part.clip.x) * pw,
                    top: (part.box.y - part.clip.y) * ph,
                    width: part.box.width * pw,
                    height: part.box.height * ph,
                  }}
                />
              </div>
            </div>
          );
        })}
      </div>
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
