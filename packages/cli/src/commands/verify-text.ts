/** `yinzhang verify` without --json: one block per signature, in the locale's language. */
import type { ChangeCode, SignatureProblem, SignatureReport } from '@yinzhang/pdf';
import type { Lang } from '../locale';

const TEXT = {
  zh: {
    none: '此 PDF 没有数字签名。',
    heading: (n: number, field: string) => `签名 ${n}（${field}）`,
    signer: '签名人',
    unknown: '未知',
    selfSigned: '自签名证书',
    time: '签名时间',
    fromTimestamp: '来自时间戳',
    fromM: '签名者电脑的时钟，未经证明',
    result: '结果',
    valid: '签名有效',
    invalid: '签名无效（文件已被改动）',
    changedAfter: '签名有效，但签名后有修改',
    whole: '覆盖整个文件',
    yes: '是',
    no: '否',
    certificate: '证书',
    trusted: '受信任',
    untrusted: '不受信任（未给出可信的根证书，或证书链不到根证书）',
    type: '类型',
    changes: '签名后的修改',
    problems: '问题',
    change: {
      PAGES_ADDED: '添加了页面',
      CONTENT_CHANGED: '修改了页面内容',
      ANNOTATIONS_CHANGED: '添加或修改了注释',
      FORM_FILLED: '填写了表单',
      SIGNATURE_ADDED: '添加了签名',
      OTHER: '其他修改',
    },
    problem: {
      BYTE_RANGE_INVALID: '签名的字节范围没有覆盖签名以外的整个文件',
      NOT_CMS: '签名数据不是 CMS SignedData',
      NO_SIGNER_CERTIFICATE: '签名中没有签名人的证书',
      SIGNATURE_INVALID: '签名校验不通过',
      TIMESTAMP_MISMATCH: '时间戳属于另一个签名',
      TIMESTAMP_INVALID: '时间戳的签名校验不通过',
      TIMESTAMP_UNREADABLE: '无法读取时间戳',
      CERTIFICATION_VIOLATED: '文件在认证签名之后被做了不允许的修改',
    },
    sep: '，',
  },
  en: {
    none: 'This PDF has no digital signatures.',
    heading: (n: number, field: string) => `Signature ${n} (${field})`,
    signer: 'Signer',
    unknown: 'unknown',
    selfSigned: 'self-signed certificate',
    time: 'Signed at',
    fromTimestamp: 'from a timestamp',
    fromM: "the signer's clock, not proven",
    result: 'Result',
    valid: 'valid',
    invalid: 'INVALID (the file was changed)',
    changedAfter: 'valid, but the file was changed after signing',
    whole: 'Covers the whole file',
    yes: 'yes',
    no: 'no',
    certificate: 'Certificate',
    trusted: 'trusted',
    untrusted: 'not trusted (no trust anchor given, or the chain does not reach one)',
    type: 'Type',
    changes: 'Changed after signing',
    problems: 'Problems',
    change: {
      PAGES_ADDED: 'pages added',
      CONTENT_CHANGED: 'page content changed',
      ANNOTATIONS_CHANGED: 'annotations added or changed',
      FORM_FILLED: 'form filled in',
      SIGNATURE_ADDED: 'signature added',
      OTHER: 'other changes',
    },
    problem: {
      BYTE_RANGE_INVALID: 'the byte range does not cover the file but the signature',
      NOT_CMS: 'the signature is not a CMS SignedData',
      NO_SIGNER_CERTIFICATE: 'the signature carries no signer certificate',
      SIGNATURE_INVALID: 'the signature does not verify',
      TIMESTAMP_MISMATCH: 'the timestamp is for another signature',
      TIMESTAMP_INVALID: 'the timestamp token does not verify',
      TIMESTAMP_UNREADABLE: 'the timestamp token cannot be read',
      CERTIFICATION_VIOLATED: 'the file was changed after a certification that does not allow it',
    },
    sep: ', ',
  },
} as const;

function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/**
 * One problem in the locale's language. A certification's forbidden changes are translated too; any
 * other detail is a library's English and is shown only in English.
 */
function problemText(p: SignatureProblem, lang: Lang, paren: (text: string) => string): string {
  const t = TEXT[lang];
  const text = t.problem[p.code];
  if (!p.detail) return text;
  if (p.code === 'CERTIFICATION_VIOLATED') {
    const changes = p.detail.split(', ').map((c) => t.change[c as ChangeCode] ?? c);
    return `${text}${paren(changes.join(t.sep))}`;
  }
  return lang === 'en' ? `${text}${paren(p.detail)}` : text;
}

export function renderReports(reports: readonly SignatureReport[], lang: Lang): string {
  const t = TEXT[lang];
  if (reports.length === 0) return `${t.none}\n`;
  const colon = lang === 'zh' ? '：' : ': ';
  const paren = (text: string) => (lang === 'zh' ? `（${text}）` : ` (${text})`);
  const blocks = reports.map((r, i) => {
    const lines = [t.heading(i + 1, r.field)];
    const line = (label: string, value: string) => lines.push(`  ${label}${colon}${value}`);
    line(t.signer, `${r.signer ?? t.unknown}${r.selfSigned ? paren(t.selfSigned) : ''}`);
    if (r.signedAt) {
      line(
        t.time,
        `${when(r.signedAt)}${paren(r.signedAtSource === 'timestamp' ? t.fromTimestamp : t.fromM)}`,
      );
    }
    line(t.result, !r.intact ? t.invalid : r.wholeDocument ? t.valid : t.changedAfter);
    line(t.whole, r.wholeDocument ? t.yes : t.no);
    line(t.certificate, r.trusted ? t.trusted : t.untrusted);
    line(t.type, r.subFilter);
    if (r.changesAfter.length > 0) {
      line(t.changes, r.changesAfter.map((c) => t.change[c]).join(t.sep));
    }
    if (r.problemCodes.length > 0) {
      line(
        t.problems,
        r.problemCodes.map((p) => problemText(p, lang, paren)).join(lang === 'zh' ? '；' : '; '),
      );
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
