import { looksComplete } from '@yinzhang/pdf';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileDrop from '../../components/FileDrop';
import { downloadBlob } from '../../files/download';
import { loadImage } from '../../files/image';
import { logEngineError, pdfErrorKey } from '../../files/pdfErrors';
import { mostVisiblePage, PAGE_GAP_PX, sameSizes, visibleMiddle } from '../../model/column';
import { tabDomId } from '../../model/tabs';
import { type StampEntry, sealStore, useSeal } from '../../store';
import DigitalSignature from '../digsig/DigitalSignature';
import { isSigningProblem } from '../digsig/problemText';
import SignaturePanel from '../digsig/SignaturePanel';
import { signingPlan } from '../digsig/signingStep';
import StampGallery from '../gallery/StampGallery';
import CloseDocument from '../sign/CloseDocument';
import layout from '../sign/SignLayout.module.css';
import { exportPlan, imagesUsed, type PlanOptions, pagingImageMm, signedName } from './exportPlan';
import KeywordStamp from './KeywordStamp';
import PdfPages, { type PagesView } from './PdfPages';
import styles from './PdfSignTab.module.css';
import { pagingSealEntry } from './pagingSeal';
import { type PDFDocumentProxy, preloadPdfjs } from './pdfjs';
import SignOptions from './SignOptions';
import { discardPreparedExport, prepareExport, signPdfInWorker } from './signPdf';
import FinishMessages, { type WriteNotice } from './trust/FinishMessages';
import PdfPasswordForm from './trust/PdfPasswordForm';
import PdfTrustPanel from './trust/PdfTrustPanel';
import { preflight, type Refusal, refusalOf, writeOptions } from './trust/trust';
import { usePdfTrust } from './trust/usePdfTrust';
import { useRestoredView } from './useRestoredView';
import { stampImage, useWarmExport } from './useWarmExport';
import { openFileForView } from './viewFile';

type Opening =
  | { state: 'idle' }
  | { state: 'opening' }
  | { state: 'password'; file: File; wrong: boolean };

type Export =
  | { state: 'idle' }
  | { state: 'working'; fraction: number }
  | { state: 'done'; name: string };

/** PDF签章: choose a PDF, place stamps from the gallery on its pages, and download it signed. */
export default function PdfSignTab() {
  const { t } = useTranslation();
  const id = useId();
  const viewRef = useRef<PagesView | null>(null);
  const [viewDoc, setViewDoc] = useState<PDFDocumentProxy | null>(null);
  const [opening, setOpening] = useState<Opening>({ state: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  // Said next to 编辑完成 (on a phone the notice at the top is out of sight).
  const [finishNote, setFinishNote] = useState<string | null>(null);
  // Signatures, password and permissions of the open file (issue 14), and why 编辑完成 refused.
  const trust = usePdfTrust();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [notices, setNotices] = useState<WriteNotice[]>([]);
  const [job, setJob] = useState<Export>({ state: 'idle' });
  // Each opened PDF gets a fresh page view (loaded pages, scroll position).
  const [serial, setSerial] = useState(0);
  // Settles once every page's size is read (they follow the first page, see openForView).
  const sizesRef = useRef<Promise<void>>(Promise.resolve());
  const openingRef = useRef(0);
  const pdfDoc = useSeal((s) => s.pdfDoc);
  const mode = useSeal((s) => s.pdfMode);
  const openPdfDoc = useSeal((s) => s.openPdfDoc);
  const setPdfMode = useSeal((s) => s.setPdfMode);
  const placePdfStamp = useSeal((s) => s.placePdfStamp);
  const setActiveTab = useSeal((s) => s.setActiveTab);

  const closePdfDoc = useSeal((s) => s.closePdfDoc);

  useEffect(preloadPdfjs, []);
  useWarmExport();
  // The export's worker (started with the tab, see useWarmExport) opens the file ahead once the
  // first page is drawn (opened with the file, it delayed the first page) or something is placed,
  // so that 编辑完成 only draws and saves (signPdf.ts). Not while an export works: it has both cores.
  const file = pdfDoc?.file;
  const [shown, setShown] = useState<Blob | null>(null);
  const onFirstDrawn = useCallback(() => setShown(sealStore.getState().pdfDoc?.file ?? null), []);
  const placed = useSeal((s) => s.pdfPlacements.length > 0 || s.pagingSealOption.enabled);
  const working = job.state === 'working';
  const openWith = pdfDoc ? writeOptions(pdfDoc.password, trust.choice) : undefined;
  const { password, decrypt, ignoreRestrictions } = openWith ?? {};
  useEffect(() => {
    if (!file || working || (!placed && shown !== file)) return;
    prepareExport(file, { password, decrypt, ignoreRestrictions });
  }, [file, placed, shown, working, password, decrypt, ignoreRestrictions]);
  useEffect(() => (file ? discardPreparedExport : undefined), [file]);
  // A PDF kept from before a reload is opened for view here, a closed one let go.
  useRestoredView(
    pdfDoc,
    viewDoc,
    useCallback((doc) => {
      setViewDoc(doc);
      setSerial((n) => n + 1);
    }, []),
  );

  async function open(file: File, pw?: string, removePassword = false) {
    const attempt = ++openingRef.current;
    setNotice(null);
    setOpening({ state: 'opening' });
    const bytes = new Uint8Array(await file.arrayBuffer());
    // pdf.js shows a file cut off at its end, but the export refuses it: say so now, not after
    // the stamps are placed.
    if (!looksComplete(bytes)) {
      setOpening({ state: 'idle' });
      setNotice(t('pdfsign.incomplete', { file: file.name }));
      return;
    }
    const result = await openFileForView(bytes, file, pw);
    if (!result.ok) {
      if (result.reason === 'broken') {
        setOpening({ state: 'idle' });
        // pdf.js's own words go to the debug log; the user reads ours (issue 19).
        logEngineError('pdf.js', file.name, result.message);
        setNotice(t('pdfsign.broken', { file: file.name }));
      } else {
        setOpening({ state: 'password', file, wrong: result.reason === 'wrongPassword' });
      }
      return;
    }
    void viewDoc?.destroy();
    setViewDoc(result.doc);
    setSerial((n) => n + 1);
    setOpening({ state: 'idle' });
    setJob({ state: 'idle' });
    setRefusal(null);
    trust.read(file, pw, removePassword);
    const opened = { name: file.name, file, password: pw };
    openPdfDoc({ ...opened, pages: result.pages });
    // Stamps wait for this (see place), so none is placed on a page whose size is a guess.
    sizesRef.current = result.allPages.then((pages) => {
      if (openingRef.current === attempt && !sameSizes(pages, result.pages)) {
        openPdfDoc({ ...opened, pages });
      }
    });
  }

  async function place(entry: StampEntry) {
    const view = viewRef.current;
    if (!sealStore.getState().pdfDoc || !view) {
      setNotice(t('pdfsign.needPdf'));
      return;
    }
    setNotice(null);
    const [img] = await Promise.all([loadImage(entry.url).catch(() => null), sizesRef.current]);
    const current = viewRef.current;
    if (!img || !current) return;
    const { layout, scroller, loaded } = current;
    const { scrollTop, clientHeight } = scroller;
    const page = mostVisiblePage(layout, scrollTop, clientHeight, loaded);
    const at = visibleMiddle(layout, page, scrollTop, clientHeight);
    placePdfStamp(entry, img.naturalWidth / img.naturalHeight, page, layout, at);
    scroller.scrollIntoView?.({ block: 'nearest' });
  }

  async function finish() {
    const state = sealStore.getState();
    const doc = state.pdfDoc;
    const view = viewRef.current;
    if (!doc || !view) {
      setFinishNote(t('pdfsign.needPdf'));
      return;
    }
    setFinishNote(null);
    setNotice(null);
    setNotices([]);
    setRefusal(preflight(trust.trust, trust.choice));
    if (preflight(trust.trust, trust.choice)) return;
    let pagingOption: PlanOptions['paging'];
    if (state.pagingSealOption.enabled) {
      const seal = pagingSealEntry(state.stamps, state.pdfPlacements);
      if (!seal) {
        setNotice(t('pdfsign.needSeal'));
        return;
      }
      pagingOption = {
        image: seal.id,
        edge: state.pagingSealOption.edge,
        y: state.pagingSealOption.y,
        widthMm: pagingImageMm(state.pagingSealOption.widthMm, seal.sizeMm),
      };
    }
    // 数字签名: the picked seal becomes the signature's appearance, so it is not stamped as well.
    const signing = state.digsigEnabled ? signingPlan(state, window.location.origin) : null;
    if (signing && !signing.ok) {
      state.setDigsigOutcome({ error: signing.error, warnings: [] });
      return;
    }
    const placements = signing
      ? state.pdfPlacements.filter((p) => p.id !== signing.appearanceId)
      : state.pdfPlacements;
    const passes = exportPlan(placements, {
      pageGap: PAGE_GAP_PX / Math.max(1, view.layout.width),
      batchPages: state.pdfBatchPages,
      paging: pagingOption,
    });
    if (passes.length === 0 && !signing) {
      setNotice(t('pdfsign.nothing'));
      return;
    }
    setJob({ state: 'working', fraction: 0 });
    try {
      const images: Record<string, ArrayBuffer> = {};
      const used = imagesUsed(passes);
      if (signing) used.push(signing.step.appearance.image);
      for (const stampId of new Set(used)) images[stampId] = await stampImage(state, stampId);
      state.setDigsigOutcome({ error: null, warnings: [] });
      const signed = await signPdfInWorker(
        {
          file: doc.file,
          ...writeOptions(doc.password, trust.choice),
          images,
          passes,
          signature: signing?.step,
        },
        (fraction) => setJob({ state: 'working', fraction }),
        (n) => setNotices((list) => [...list, n]),
        (warnings) => state.setDigsigOutcome({ warnings }),
      );
      const name = signedName(doc.name);
      downloadBlob(signed, name);
      setJob({ state: 'done', name });
    } catch (error) {
      setJob({ state: 'idle' });
      const code = (error as { code?: string } | null)?.code;
      const refused = refusalOf(code, trust.choice);
      if (refused) setRefusal(refused);
      else if (signing && isSigningProblem(code) && error instanceof Error) {
        logEngineError('数字签名', doc.name, error);
        state.setDigsigOutcome({ error: { code: code ?? 'FAILED', message: error.message } });
      } else {
        // Our sentence for what the engine said, in the user's language (a generic one for a
        // failure without a code); the engine's own words go to the debug log (issue 19).
        logEngineError('编辑完成', doc.name, error);
        setNotice(t(pdfErrorKey(code), { file: doc.name }));
      }
    }
  }

  return (
    <div className={layout.layout}>
      <div className={layout.head}>
        <h2 className={layout.title}>{t('tabs.pdfsign')}</h2>
        <FileDrop
          kind="pdf"
          label={t('pdfsign.choose')}
          cta={pdfDoc ? t('pdfsign.change') : t('pdfsign.chooseCta')}
          tip={t('pdfsign.tip')}
          compact={pdfDoc !== null}
          onFile={(file) => void open(file)}
        />
        {pdfDoc && (
          <CloseDocument
            label={t('pdfsign.close')}
            note={t('pdfsign.kept', { name: pdfDoc.name })}
            onClose={closePdfDoc}
          />
        )}
        {opening.state === 'opening' && <p role="status">{t('pdfsign.opening')}</p>}
        {opening.state === 'password' && (
          <PdfPasswordForm
            wrong={opening.wrong}
            onSubmit={(pw, remove) => void open(opening.file, pw, remove)}
          />
        )}
        {notice && (
          <p role="alert" className={layout.notice}>
            {notice}
          </p>
        )}
        <SignaturePanel file={pdfDoc?.file ?? null} password={pdfDoc?.password} />
      </div>
      <aside className={`${layout.side} ${styles.side}`}>
        <fieldset className={styles.modes}>
          <legend className={styles.legend}>{t('pdfsign.mode')}</legend>
          {(['normal', 'batch'] as const).map((m) => (
            <label key={m} className={`${styles.mode} ${mode === m ? styles.modeOn : ''}`}>
              <input
                type="radio"
                name={`${id}-mode`}
                checked={mode === m}
                onChange={() => setPdfMode(m)}
              />
              {t(`pdfsign.${m}`)}
            </label>
          ))}
        </fieldset>
        {mode === 'batch' && <p className={styles.small}>{t('pdfsign.batchHint')}</p>}
        <p className={styles.tip}>{t('pdfsign.saveTip')}</p>
        <DigitalSignature />
        <button
          type="button"
          className={styles.primary}
          onClick={() => void finish()}
          disabled={working}
        >
          {t('pdfsign.finish')}
        </button>
        {finishNote && !pdfDoc && (
          <p role="alert" className={layout.notice}>
            {finishNote}
          </p>
        )}
        <FinishMessages
          refusal={refusal}
          notices={job.state === 'done' ? notices : []}
          keptPassword={
            job.state === 'done' && trust.trust?.encrypted === true && !trust.choice.removePassword
          }
        />
        {working && (
          <div className={styles.progress} role="status">
            <span>{t('pdfsign.working')}</span>
            <progress
              max={100}
              value={Math.round(job.fraction * 100)}
              aria-label={t('pdfsign.progress')}
            />
          </div>
        )}
        {job.state === 'done' && (
          <p role="status" className={styles.small}>
            {t('pdfsign.done', { name: job.name })}
          </p>
        )}
        <SignOptions />
        <KeywordStamp viewRef={viewRef} />
        <StampGallery onPick={(entry) => void place(entry)} hint={t('pdfsign.pickHint')} />
        <button
          type="button"
          className={styles.link}
          onClick={() => {
            setActiveTab('make');
            // This button is hidden with its tab: the focus goes to the tab it opened.
            requestAnimationFrame(() => document.getElementById(tabDomId('make'))?.focus());
          }}
        >
          {t('pdfsign.makeSeal')}
        </button>
      </aside>
      <div className={layout.work}>
        {pdfDoc && viewDoc ? (
          <>
            <PdfTrustPanel state={trust} />
            <PdfPages key={serial} doc={viewDoc} viewRef={viewRef} onFirstDrawn={onFirstDrawn} />
          </>
        ) : (
          <p className={layout.hint}>{t('pdfsign.hint')}</p>
        )}
      </div>
    </div>
  );
}
