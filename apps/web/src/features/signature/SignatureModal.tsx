import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { exportSignature } from './exportSignature';
import styles from './SignatureModal.module.css';
import { useSignaturePad } from './useSignaturePad';

export const INKS = [
  { key: 'black', color: '#111111' },
  { key: 'blue', color: '#1d3fbf' },
  { key: 'red', color: '#c8102e' },
] as const;

interface Props {
  onClose(): void;
  /** Receives the cropped transparent PNG; the modal closes afterwards. */
  onSave(png: Blob): void;
}

/** 手写签名: draw with mouse, finger or stylus; 清除 撤销 重做 保存, Ctrl+Z and Ctrl+Shift+Z. */
export default function SignatureModal({ onClose, onSave }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [ink, setInk] = useState<(typeof INKS)[number]['key']>('black');
  const color = INKS.find((i) => i.key === ink)?.color ?? INKS[0].color;
  const pad = useSignaturePad(canvasRef, color);
  const [saving, setSaving] = useState(false);

  async function save() {
    const canvas = canvasRef.current;
    if (!canvas || saving) return;
    setSaving(true);
    try {
      const png = await exportSignature(canvas, pad.ratio);
      if (png) {
        onSave(png);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    if (!(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) pad.undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') pad.redo();
    else return;
    e.preventDefault();
  }

  return (
    <Modal
      title={t('signature.title')}
      closeLabel={t('signature.close')}
      onClose={onClose}
      onKeyDown={onKeyDown}
    >
      <p id={`${id}-hint`} className={styles.hint}>
        {t('signature.hint')}
      </p>
      <fieldset className={styles.inks}>
        <legend className={styles.legend}>{t('signature.ink')}</legend>
        {INKS.map((i) => (
          <label key={i.key} className={styles.ink}>
            <input
              type="radio"
              name={`${id}-ink`}
              value={i.key}
              checked={ink === i.key}
              onChange={() => setInk(i.key)}
            />
            <span className={styles.swatch} style={{ background: i.color }} aria-hidden="true" />
            <span>{t(`signature.${i.key}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.sheet}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          role="img"
          aria-label={t('signature.pad')}
          aria-describedby={`${id}-hint`}
        />
        <span className={styles.line} aria-hidden="true" />
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          disabled={pad.strokes === 0}
          onClick={pad.clear}
        >
          {t('signature.clear')}
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={!pad.canUndo}
          onClick={pad.undo}
          aria-keyshortcuts="Control+Z"
        >
          {t('signature.undo')}
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={!pad.canRedo}
          onClick={pad.redo}
          aria-keyshortcuts="Control+Shift+Z"
        >
          {t('signature.redo')}
        </button>
        <button
          type="button"
          className={styles.save}
          disabled={pad.strokes === 0 || saving}
          onClick={() => void save()}
        >
          {t('signature.save')}
        </button>
      </div>
    </Modal>
  );
}
