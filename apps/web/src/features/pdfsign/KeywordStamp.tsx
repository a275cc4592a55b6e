/**
 * 关键字签章: finds words in the open PDF with the same kernel as `yinzhang stamp --at-text`
 * (@yinzhang/pdf's findTextInPdf, run in the PDF worker) and places the chosen seal centred on one
 * hit or on all of them, as ordinary placements (movable, deletable).
 */
import type { TextHit } from '@yinzhang/pdf';
import { type RefObject, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadImage } from '../../files/image';
import { errorCode, logEngineError, pdfErrorKey } from '../../files/pdfErrors';
import { sealStore, useSeal } from '../../store';
import styles from './KeywordStamp.module.css';
import type { PagesView } from './PdfPages';

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'found'; query: string; hits: readonly TextHit[] }
  | { state: 'message'; text: string };

export default function KeywordStamp({ viewRef }: { viewRef: RefObject<PagesView | null> }) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [placedNote, setPlacedNote] = useState<string | null>(null);
  const stamps = useSeal((s) => s.stamps);
  const [stampId, setStampId] = useState<string>('');
  const stamp = stamps.find((s) => s.id === stampId) ?? stamps[0];

  async function find(event: React.FormEvent) {
    event.preventDefault();
    setPlacedNote(null);
    const doc = sealStore.getState().pdfDoc;
    if (!doc) return setSearch({ state: 'message', text: t('keyword.needPdf') });
    if (query.trim() === '') return setSearch({ state: 'message', text: t('keyword.empty') });
    setSearch({ state: 'searching' });
    try {
      // In the PDF worker: a 100-page contract takes about a second, the page stays responsive.
      const { pdfJobs } = await import('../../workers/pdfJobs');
      const bytes = await doc.file.arrayBuffer();
      const { hits } = await pdfJobs().run({
        kind: 'findText',
        bytes,
        query,
        password: doc.password,
      });
      setSearch(
        hits.length === 0
          ? { state: 'message', text: t('keyword.none', { query }) }
          : { state: 'found', query, hits },
      );
    } catch (error) {
      // The engine's words to the debug log; the user reads ours, naming the file (issue 19).
      logEngineError('关键字签章', doc.name, error);
      setSearch({
        state: 'message',
        text: t(pdfErrorKey(errorCode(error)), { file: doc.name }),
      });
    }
  }

  async function place(hits: readonly TextHit[]) {
    const view = viewRef.current;
    if (!stamp) return setPlacedNote(t('keyword.noSeal'));
    if (!view) return;
    const img = await loadImage(stamp.url).catch(() => null);
    if (!img) return;
    const targets = hits.map((h) => ({
      page: h.page,
      x: h.box.x + h.box.width / 2,
      y: h.box.y + h.box.height / 2,
    }));
    sealStore
      .getState()
      .placePdfStampsAt(stamp, img.naturalWidth / img.naturalHeight, targets, view.layout);
    setPlacedNote(t('keyword.placed', { count: hits.length }));
  }

  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void find(e)} className={styles.row}>
        <label id={`${id}-title`} htmlFor={`${id}-q`} className={styles.title}>
          {t('keyword.title')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.input}
          value={query}
          placeholder={t('keyword.placeholder')}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className={styles.button} disabled={search.state === 'searching'}>
          {t('keyword.find')}
        </button>
      </form>
      {stamps.length > 1 && (
        <label className={styles.seal}>
          {t('keyword.seal')}
          <select value={stamp?.id ?? ''} onChange={(e) => setStampId(e.target.value)}>
            {stamps.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div role="status" className={styles.message}>
        {search.state === 'searching' && t('keyword.searching')}
        {search.state === 'message' && search.text}
        {search.state === 'found' && t('keyword.found', { count: search.hits.length })}
        {placedNote && ` ${placedNote}`}
      </div>
      {search.state === 'found' && (
        <>
          <button type="button" className={styles.all} onClick={() => void place(search.hits)}>
            {t('keyword.all')}
          </button>
          <ul className={styles.hits} aria-label={t('keyword.hits')}>
            {search.hits.map((h) => (
              <li key={`${h.page}:${h.box.x}:${h.box.y}`}>
                <button type="button" className={styles.hit} onClick={() => void place([h])}>
                  <span className={styles.page}>{t('keyword.page', { n: h.page + 1 })}</span>
                  <span className={styles.context}>{h.context}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
