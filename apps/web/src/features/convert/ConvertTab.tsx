import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import MergeTool from './merge/MergeTool';
import tool from './tool.module.css';
import '../../i18n/convert';

/** 文件转换 (SPEC §2): PDF合并 with its 合成 button. Loaded on first open. */
export default function ConvertTab() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={tool.card} aria-labelledby={id}>
      <div className={tool.heading}>
        <h2 id={id} className={tool.title}>
          {t('merge.title')}
        </h2>
        <p className={tool.hint}>{t('merge.hint')}</p>
      </div>
      <MergeTool />
    </section>
  );
}
