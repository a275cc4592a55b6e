import { useTranslation } from 'react-i18next';
import FileDrop from '../../components/FileDrop';
import { pdfErrorKey } from '../../files/pdfErrors';
import { useSeal } from '../../store';
import { startDownload } from '../convert/download';
import ProgressBar from '../convert/ProgressBar';
import SortableList from '../convert/sortable/SortableList';
import tool from '../convert/tool.module.css';
import ImageOptionsForm from './ImageOptionsForm';
import styles from './Images.module.css';
import '../../i18n/convert';

/** 图片转PDF: images in page order, page settings, and the PDF, made in the worker. */
export default function ImagesTool() {
  const { t } = useTranslation();
  const items = useSeal((s) => s.imageItems);
  const busy = useSeal((s) => s.imagesBusy);
  const progress = useSeal((s) => s.imagesProgress);
  const pdf = useSeal((s) => s.imagesPdf);
  const error = useSeal((s) => s.imagesError);
  const addImages = useSeal((s) => s.addImages);
  const moveImage = useSeal((s) => s.moveImage);
  const removeImage = useSeal((s) => s.removeImage);
  const runImagesToPdf = useSeal((s) => s.runImagesToPdf);

  async function make() {
    const made = await runImagesToPdf();
    if (made) startDownload(made.url, made.fileName);
  }

  return (
    <div className={tool.tool}>
      <FileDrop
        multiple
        kind="image"
        label={t('images.pick')}
        cta={t('images.cta')}
        tip={t('images.tip')}
        compact={items.length > 0}
        disabled={busy}
        onFiles={addImages}
      />
      {items.length > 0 && (
        <SortableList
          items={items}
          label={t('images.list')}
          layout="grid"
          disabled={busy}
          nameOf={(item) => item.name}
          onMove={moveImage}
          onRemove={(item) => removeImage(item.id)}
        >
          {(item, index) => (
            <figure className={styles.figure}>
              <img src={item.url} alt={item.name} className={styles.thumb} draggable={false} />
              <figcaption className={styles.caption}>
                <span className={styles.page}>{t('images.page', { n: index + 1 })}</span>
                <span className={styles.name} title={item.name}>
                  {item.name}
                </span>
              </figcaption>
            </figure>
          )}
        </SortableList>
      )}
      <ImageOptionsForm disabled={busy} />
      <div className={tool.actions}>
        <button
          type="button"
          className={tool.primary}
          disabled={busy || items.length === 0}
          onClick={() => void make()}
        >
          {t('images.make')}
        </button>
        {busy && <span className={tool.note}>{t('images.making')}</span>}
      </div>
      {busy && progress !== null && <ProgressBar value={progress} label={t('images.progress')} />}
      {error && (
        <p role="alert" className={tool.error}>
          {t(pdfErrorKey(error.code), { file: error.file })}
        </p>
      )}
      {pdf && (
        <div role="status" className={tool.status}>
          <p>{t('images.done', { pages: pdf.pages })}</p>
          <p>
            <a href={pdf.url} download={pdf.fileName}>
              {t('images.download', { name: pdf.fileName })}
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
