import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileDrop from '../../components/FileDrop';
import { pdfErrorKey } from '../../files/pdfErrors';
import tool from '../convert/tool.module.css';
import SignaturePanel from '../digsig/SignaturePanel';
import styles from './PdfEditor.module.css';
import PdfViewer from './PdfViewer';
import '../../i18n/convert';

interface OpenDocument {
  url: string;
  name: string;
  file: File;
}

/** PDF编辑: choose a PDF, then annotate, print and save it in the embedded viewer. */
export default function PdfEditor() {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<OpenDocument | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const onError = useCallback((code: string) => setFailed(code), []);

  // The previous file's object URL is let go when another file is opened or the page closes.
  useEffect(() => () => (doc ? URL.revokeObjectURL(doc.url) : undefined), [doc]);

  return (
    <div className={tool.tool}>
      <FileDrop
        kind="pdf"
        label={t('pdfPage.pick')}
        cta={doc ? t('pdfPage.change') : t('pdfPage.cta')}
        tip={t('pdfPage.tip')}
        compact={doc !== null}
        onFile={(file) => {
          setFailed(null);
          setDoc({ url: URL.createObjectURL(file), name: file.name, file });
        }}
      />
      <p className={tool.hint}>{t('pdfPage.editHint')}</p>
      {doc && (
        <>
          <p className={styles.current}>{t('pdfPage.current', { name: doc.name })}</p>
          {failed && (
            <p role="alert" className={tool.error}>
              {t(pdfErrorKey(failed), { file: doc.name })}
            </p>
          )}
          {/* A file the viewer cannot open gets one message, not a second from the signature check. */}
          {!failed && <SignaturePanel file={doc.file} />}
          <PdfViewer url={doc.url} name={doc.name} onError={onError} />
        </>
      )}
    </div>
  );
}
