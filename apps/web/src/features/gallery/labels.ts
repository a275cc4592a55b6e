import type { TFunction } from 'i18next';
import { baseName } from '../../files/download';
import type { StampEntry } from '../../store';

/** The stamp's accessible name: '印章：北京某某科技有限公司', '手写签名 1', '本地图片 logo.png'. */
export function stampLabel(entry: Pick<StampEntry, 'kind' | 'name'>, t: TFunction): string {
  const { kind, name } = entry;
  switch (kind) {
    case 'signature':
      return t('gallery.signatureName', { name });
    case 'image':
      return t('gallery.imageName', { name });
    case 'extracted':
      return name ? t('gallery.extracted', { name }) : t('gallery.sealUnnamed');
    default:
      return name ? t('gallery.seal', { name }) : t('gallery.sealUnnamed');
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The file name a downloaded stamp gets; its extension follows what the bytes are. */
export function stampFileName(entry: Pick<StampEntry, 'kind' | 'name' | 'blob'>): string {
  const ext = EXTENSIONS[entry.blob?.type ?? ''] ?? 'png';
  const base =
    entry.kind === 'signature'
      ? `signature-${entry.name}`
      : entry.kind === 'image'
        ? baseName(entry.name)
        : entry.name || 'seal';
  return `${base}.${ext}`;
}
