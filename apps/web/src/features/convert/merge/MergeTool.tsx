import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileDrop from '../../../components/FileDrop';
import { useSeal } from '../../../store';
import { startDownload } from '../download';
import ProgressBar from '../ProgressBar';
import SortableList from '../sortable/SortableList';
import tool from '../tool.module.css';
import MergeFileRow from './MergeFileRow';
import MergeOutcome from './MergeOutcome';
import PasswordDialog from './PasswordDialog';
import '../../../i18n/convert';

/**
 * PDF合并 (SPEC §2, §4): pick or drop PDFs, order them, 合成. The one merge component, shown in
 * the 文件转换 tab and on the /pdf page; both show the same list (it lives in the store).
 */
export default function MergeTool() {
  const { t } = useTranslation();
  const files = useSeal((s) => s.mergeFiles);
  const merging = useSeal((s) => s.merging);
  const progress = useSeal((s) => s.mergeProgress);
  const addMergeFiles = useSeal((s) => s.addMergeFiles);
  const unlockMergeFile = useSeal((s) => s.unlockMergeFile);
  const moveMergeFile = useSeal((s) => s.moveMergeFile);
  const removeMergeFile = useSeal((s) => s.removeMergeFile);
  const runMerge = useSeal((s) => s.runMerge);
  const [asking, setAsking] = useState<string | null>(null);
  const asked = useRef(new Set<string>());

  // An encrypted file asks for its password once, as soon as it is found; later the row's button.
  useEffect(() => {
    if (asking) return;
    const locked = files.find((f) => f.problem === 'password' && !asked.current.has(f.id));
    if (!locked) return;
    asked.current.add(locked.id);
    setAsking(locked.id);
  }, [files, asking]);

  const reading = files.some((f) => f.status === null);
  const ready = files.some((f) => f.status === true);
  const askingFile = files.find((f) => f.id === asking);

  async function merge() {
    const merged = await runMerge();
    if (merged) startDownload(merged.url, merged.fileName);
  }

  return (
    <div className={tool.tool}>
      <FileDrop
        multiple
        kind="pdf"
        label={t('merge.pick')}
        cta={t('merge.cta')}
        tip={t('merge.tip')}
        compact={files.length > 0}
        disabled={merging}
        onFiles={(picked) => void addMergeFiles(picked)}
      />
      {files.length > 0 && (
        <SortableList
          items={files}
          label={t('merge.list')}
          layout="rows"
          disabled={merging}
          nameOf={(f) => f.name}
          onMove={moveMergeFile}
          onRemove={(f) => removeMergeFile(f.id)}
        >
          {(file) => <MergeFileRow file={file} onUnlock={() => setAsking(file.id)} />}
        </SortableList>
      )}
      <div className={tool.actions}>
        <button
          type="button"
          className={tool.primary}
          disabled={merging || reading || !ready}
          onClick={() => void merge()}
        >
          {t('merge.merge')}
        </button>
        {merging && <span className={tool.note}>{t('merge.merging')}</span>}
        {!merging && reading && <span className={tool.note}>{t('merge.waitReading')}</span>}
      </div>
      {merging && progress !== null && <ProgressBar value={progress} label={t('merge.progress')} />}
      <MergeOutcome />
      {askingFile && (
        <PasswordDialog
          fileName={askingFile.name}
          onSubmit={(password) => unlockMergeFile(askingFile.id, password)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
