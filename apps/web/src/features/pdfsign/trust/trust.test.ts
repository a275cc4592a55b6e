import { describe, expect, it } from 'vitest';
import { NO_CHOICE, type PdfTrust, preflight, refusalOf, restricted, writeOptions } from './trust';

const plain: PdfTrust = { signatures: 0, encrypted: false, canModify: true, certification: null };
const locked: PdfTrust = { ...plain, encrypted: true, canModify: false };

describe('preflight', () => {
  it.each([
    ['no file read yet', null, NO_CHOICE, null],
    ['a plain file', plain, NO_CHOICE, null],
    ['a signed file', { ...plain, signatures: 2 }, NO_CHOICE, null],
    ['a file that forbids changes', locked, NO_CHOICE, 'RESTRICTED'],
    ['the same, confirmed', locked, { ...NO_CHOICE, ignoreRestrictions: true }, null],
    ['a certified file allowing form filling', { ...plain, certification: 2 }, NO_CHOICE, null],
    [
      'a certified file allowing no changes',
      { ...plain, certification: 1 },
      NO_CHOICE,
      'CERTIFIED_NO_CHANGES',
    ],
    [
      '移除密码 on a file that forbids changes',
      locked,
      { ...NO_CHOICE, removePassword: true, ignoreRestrictions: true },
      'DECRYPT_NEEDS_OWNER',
    ],
    [
      'no confirmation lifts a certification',
      { ...plain, certification: 1 },
      { ...NO_CHOICE, ignoreRestrictions: true },
      'CERTIFIED_NO_CHANGES',
    ],
  ] as const)('%s', (_, trust, choice, expected) => {
    expect(preflight(trust, choice)).toBe(expected);
    expect(restricted(trust, choice)).toBe(
      expected === 'RESTRICTED' ||
        (expected === 'DECRYPT_NEEDS_OWNER' && !choice.ignoreRestrictions),
    );
  });
});

describe('writeOptions', () => {
  it.each([
    [
      'keeps the password by default',
      'user',
      NO_CHOICE,
      { password: 'user', decrypt: false, ignoreRestrictions: false },
    ],
    [
      '移除密码',
      'user',
      { ...NO_CHOICE, removePassword: true },
      { password: 'user', decrypt: true, ignoreRestrictions: false },
    ],
    [
      'an owner password given later wins',
      'user',
      { ...NO_CHOICE, ownerPassword: 'owner' },
      { password: 'owner', decrypt: false, ignoreRestrictions: false },
    ],
    [
      'a confirmation',
      undefined,
      { ...NO_CHOICE, ignoreRestrictions: true },
      { password: undefined, decrypt: false, ignoreRestrictions: true },
    ],
  ] as const)('%s', (_, opened, choice, expected) => {
    expect(writeOptions(opened, choice)).toEqual(expected);
  });
});

describe('refusalOf', () => {
  it.each([
    ['RESTRICTED', 'RESTRICTED'],
    ['CERTIFIED_NO_CHANGES', 'CERTIFIED_NO_CHANGES'],
    ['SIGNED_NEEDS_REPAIR', 'SIGNED_NEEDS_REPAIR'],
    ['PASSWORD_WRONG', null],
    [undefined, null],
  ] as const)('%s', (code, expected) => {
    expect(refusalOf(code)).toBe(expected);
  });

  it('says RESTRICTED after 移除密码 as the owner password being needed', () => {
    expect(refusalOf('RESTRICTED', { ...NO_CHOICE, removePassword: true })).toBe(
      'DECRYPT_NEEDS_OWNER',
    );
    expect(refusalOf('CERTIFIED_NO_CHANGES', { ...NO_CHOICE, removePassword: true })).toBe(
      'CERTIFIED_NO_CHANGES',
    );
  });
});
