import { useTranslation } from 'react-i18next';
import FileDrop from '../../../components/FileDrop';
import { useSeal } from '../../../store';

interface Props {
  /** A photo is already chosen: a slim bar to change it. */
  compact: boolean;
  /** The visitor is about to use the box (hover, focus, drag). */
  onIntent(): void;
}

/** 上传印章照片: the photo to extract a seal from. */
export default function UploadBox({ compact, onIntent }: Props) {
  const { t } = useTranslation();
  const choosePhoto = useSeal((s) => s.choosePhoto);
  return (
    <FileDrop
      kind="image"
      label={t('extract.upload')}
      cta={compact ? t('extract.change') : t('extract.uploadCta')}
      tip={t('extract.uploadTip')}
      compact={compact}
      onFile={(file) => choosePhoto(file, file.name)}
      onIntent={onIntent}
    />
  );
}
