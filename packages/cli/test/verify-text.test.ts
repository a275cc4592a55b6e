/** The text of `yinzhang verify`: every problem code in both languages, never the engine's English in zh. */
import type { SignatureProblem, SignatureReport } from '@yinzhang/pdf';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../src/commands/verify-text';

const report = (problemCodes: SignatureProblem[]): SignatureReport => ({
  field: 'Signature1',
  signer: '王五',
  signedAt: null,
  signedAtSource: null,
  intact: false,
  wholeDocument: true,
  trusted: false,
  subFilter: 'ETSI.CAdES.detached',
  selfSigned: false,
  changesAfter: [],
  problems: problemCodes.map((p) => p.message),
  problemCodes,
});

const cases: { problem: SignatureProblem; zh: string; en: string }[] = [
  {
    problem: {
      code: 'BYTE_RANGE_INVALID',
      message: 'The byte range does not cover the file but the signature',
    },
    zh: '问题：签名的字节范围没有覆盖签名以外的整个文件',
    en: 'Problems: the byte range does not cover the file but the signature',
  },
  {
    problem: { code: 'NOT_CMS', message: 'The signature is not a CMS SignedData' },
    zh: '问题：签名数据不是 CMS SignedData',
    en: 'Problems: the signature is not a CMS SignedData',
  },
  {
    problem: {
      code: 'NO_SIGNER_CERTIFICATE',
      message: 'The signature carries no signer certificate',
    },
    zh: '问题：签名中没有签名人的证书',
    en: 'Problems: the signature carries no signer certificate',
  },
  {
    problem: {
      code: 'SIGNATURE_INVALID',
      message: 'The signature does not verify (Validation failed)',
      detail: 'Validation failed',
    },
    zh: '问题：签名校验不通过',
    en: 'Problems: the signature does not verify (Validation failed)',
  },
  {
    problem: { code: 'TIMESTAMP_MISMATCH', message: 'The timestamp is for another signature' },
    zh: '问题：时间戳属于另一个签名',
    en: 'Problems: the timestamp is for another signature',
  },
  {
    problem: { code: 'TIMESTAMP_INVALID', message: 'The timestamp token does not verify' },
    zh: '问题：时间戳的签名校验不通过',
    en: 'Problems: the timestamp token does not verify',
  },
  {
    problem: {
      code: 'TIMESTAMP_UNREADABLE',
      message: 'The timestamp token cannot be read (no TSTInfo)',
      detail: 'no TSTInfo',
    },
    zh: '问题：无法读取时间戳',
    en: 'Problems: the timestamp token cannot be read (no TSTInfo)',
  },
  {
    problem: {
      code: 'CERTIFICATION_VIOLATED',
      message:
        'The file was changed after a certification that does not allow it (PAGES_ADDED, OTHER)',
      detail: 'PAGES_ADDED, OTHER',
    },
    zh: '问题：文件在认证签名之后被做了不允许的修改（添加了页面，其他修改）',
    en: 'Problems: the file was changed after a certification that does not allow it (pages added, other changes)',
  },
];

describe('verify text: problems by code', () => {
  it.each(cases)('$problem.code', ({ problem, zh, en }) => {
    const zhText = renderReports([report([problem])], 'zh');
    expect(zhText).toContain(`  ${zh}\n`);
    expect(zhText).not.toContain(problem.message);
    expect(renderReports([report([problem])], 'en')).toContain(`  ${en}\n`);
  });

  it('joins several problems in order', () => {
    const two = cases.filter((c) =>
      ['SIGNATURE_INVALID', 'TIMESTAMP_UNREADABLE'].includes(c.problem.code),
    );
    const text = renderReports([report(two.map((c) => c.problem))], 'zh');
    expect(text).toContain('问题：签名校验不通过；无法读取时间戳\n');
  });
});
