import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { stampFileName, stampLabel } from './labels';

const t = i18n.getFixedT('zh-CN');

describe('stamp names', () => {
  it.each([
    [{ kind: 'made', name: '北京某某科技有限公司' }, '印章：北京某某科技有限公司'],
    [{ kind: 'saved', name: '' }, '印章'],
    [{ kind: 'extracted', name: 'contract' }, '提取的印章：contract'],
    [{ kind: 'signature', name: '1' }, '手写签名 1'],
    [{ kind: 'image', name: 'logo.png' }, '本地图片 logo.png'],
  ] as const)('%o is called %s', (entry, label) => {
    expect(stampLabel(entry, t)).toBe(label);
  });

  // Types, not Blobs, in the table: a Blob in a test title is costly to print.
  it.each([
    ['made', '北京某某', 'image/png', '北京某某.png'],
    ['signature', '2', 'image/png', 'signature-2.png'],
    ['image', 'logo.jpg', 'image/jpeg', 'logo.jpg'],
    ['image', 'logo.jpg', 'image/png', 'logo.png'],
    ['saved', '', '', 'seal.png'],
  ] as const)('a %s stamp named %j (%s) downloads as %s', (kind, name, type, fileName) => {
    const blob = type ? new Blob([], { type }) : undefined;
    expect(stampFileName({ kind, name, blob })).toBe(fileName);
  });
});
