import { type ReactNode, useEffect, useRef, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import styles from './CropPanel.module.css';
import type { CropChoice } from './cropExport';
import {
  type CropView,
  cropBoxSide,
  initialZoom,
  MIN_ZOOM,
  MOVE_STEP_PERCENT,
  maxZoomFor,
  moveBy,
  rotateOnce,
  ZOOM_STEP,
  zoomBy,
} from './cropGeometry';
import RepeatButton from './RepeatButton';

interface Props {
  src: string;
  /** Called whenever the chosen area changes. */
  onChoice(choice: CropChoice): void;
}

function useSide(ref: React.RefObject<HTMLDivElement | null>): number {
  const [side, setSide] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setSide(el.clientWidth);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setSide(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return side;
}

const ICONS: Record<string, ReactNode> = {
  zoomIn: (
    <path d="M10 4a6 6 0 1 0 3.7 10.7l5.3 5.3 1.4-1.4-5.3-5.3A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM9 7v2H7v2h2v2h2v-2h2V9h-2V7z" />
  ),
  zoomOut: (
    <path d="M10 4a6 6 0 1 0 3.7 10.7l5.3 5.3 1.4-1.4-5.3-5.3A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM7 9v2h6V9z" />
  ),
  moveUp: <path d="M12 4l-6 6 1.4 1.4L11 7.8V20h2V7.8l3.6 3.6L18 10z" />,
  moveDown: <path d="M12 20l6-6-1.4-1.4-3.6 3.6V4h-2v12.2l-3.6-3.6L6 14z" />,
  moveLeft: <path d="M4 12l6 6 1.4-1.4L7.8 13H20v-2H7.8l3.6-3.6L10 6z" />,
  moveRight: <path d="M20 12l-6-6-1.4 1.4 3.6 3.6H4v2h12.2l-3.6 3.6L14 18z" />,
  rotate: <path d="M12 4a8 8 0 0 0-7.4 5H2l3.5 4L9 9H6.8A6 6 0 1 1 6 12H4a8 8 0 1 0 8-8z" />,
};

/**
 * The photo under a square crop box (85 % of the stage). Drag pans, the wheel and two fingers zoom,
 * the arrow keys move the photo while the box has focus; the buttons do the same in fixed steps.
 */
export default function CropPanel({ src, onChoice }: Props) {
  const { t } = useTranslation();
  const stageRef = useRef<HTMLDivElement>(null);
  const side = useSide(stageRef);
  const box = cropBoxSide(side);
  const [view, setView] = useState<CropView>({ crop: { x: 0, y: 0 }, zoom: 1, rotation: 0 });
  const [maxZoom, setMaxZoom] = useState(maxZoomFor(1));

  function start(media: MediaSize) {
    const zoom = initialZoom(stageRef.current?.clientWidth ?? side, media);
    setMaxZoom(maxZoomFor(zoom));
    setView({ crop: { x: 0, y: 0 }, zoom, rotation: 0 });
  }

  const report = (_: Area, area: Area) => onChoice({ area, rotation: view.rotation });

  const tools = [
    {
      id: 'zoomIn',
      label: t('extract.zoomIn'),
      act: (v: CropView) => zoomBy(v, ZOOM_STEP, maxZoom),
    },
    {
      id: 'zoomOut',
      label: t('extract.zoomOut'),
      act: (v: CropView) => zoomBy(v, -ZOOM_STEP, maxZoom),
    },
    { id: 'moveUp', label: t('extract.moveUp'), act: (v: CropView) => moveBy(v, 0, -1, box) },
    { id: 'moveDown', label: t('extract.moveDown'), act: (v: CropView) => moveBy(v, 0, 1, box) },
    { id: 'moveLeft', label: t('extract.moveLeft'), act: (v: CropView) => moveBy(v, -1, 0, box) },
    { id: 'moveRight', label: t('extract.moveRight'), act: (v: CropView) => moveBy(v, 1, 0, box) },
  ];

  return (
    <div className={styles.panel}>
      <div ref={stageRef} className={styles.stage}>
        <Cropper
          image={src}
          crop={view.crop}
          zoom={view.zoom}
          rotation={view.rotation}
          aspect={1}
          cropSize={box > 0 ? { width: box, height: box } : undefined}
          minZoom={MIN_ZOOM}
          maxZoom={maxZoom}
          restrictPosition={false}
          showGrid={false}
          keyboardStep={Math.max(1, (box * MOVE_STEP_PERCENT) / 100)}
          onCropChange={(crop) => setView((v) => ({ ...v, crop }))}
          onZoomChange={(zoom) => setView((v) => ({ ...v, zoom }))}
          onCropComplete={report}
          onCropAreaChange={report}
          onMediaLoaded={start}
          mediaProps={{ alt: t('extract.photo') }}
          cropperProps={{ role: 'group', 'aria-label': t('extract.cropArea') }}
          classes={{ containerClassName: styles.container, cropAreaClassName: styles.cropArea }}
          disableAutomaticStylesInjection
        />
      </div>
      <p className={styles.hint}>{t('extract.cropHint')}</p>
      <fieldset aria-label={t('extract.cropTools')} className={styles.tools}>
        {tools.map(({ id, label, act }) => (
          <RepeatButton key={id} className={styles.tool} onPress={() => setView(act)}>
            <ToolIcon id={id} />
            <span>{label}</span>
          </RepeatButton>
        ))}
        <button type="button" className={styles.tool} onClick={() => setView(rotateOnce)}>
          <ToolIcon id="rotate" />
          <span>{t('extract.rotate')}</span>
        </button>
      </fieldset>
    </div>
  );
}

function ToolIcon({ id }: { id: string }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[id]}
    </svg>
  );
}
