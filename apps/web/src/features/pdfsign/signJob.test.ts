/** 数字签名 in the export job: the key is read first, placements go in, then one signature over all. */
import { describe, expect, it, vi } from 'vitest';
import type { EnginePlacement } from './exportPlan';
import { openKey, runSignJob, type SignEngine } from './signJob';

const seal: EnginePlacement = {
  page: 1,
  image: 'made:a',
  x: 0.5,
  y: 0.6,
  width: 0.2,
  height: 0.2,
  rotate: 0,
};
const other: EnginePlacement = { ...seal, page: 0, image: 'made:b' };

function engine(log: string[]): SignEngine {
  const key = { chain: [Uint8Array.of(1)], keyType: 'RSA' as const, sign: vi.fn() };
  return {
    placeAll: vi.fn(async (bytes, o, opened) => {
      if (opened) log.push(`opened:${await opened}`);
      log.push(
        `place:${bytes[0]}:${o.placements.map((p: EnginePlacement) => p.image).join(',')}:${o.every.map((e: { placement: EnginePlacement }) => e.placement.image).join(',')}:${o.paging?.image ?? '-'}:${o.password ?? '-'}`,
      );
      return Uint8Array.of((bytes[0] ?? 0) + 1);
    }),
    readP12: vi.fn(async (bytes, password) => {
      log.push(`p12:${bytes[0]}:${password}`);
      if (password !== 'right') {
        throw Object.assign(new Error('wrong password'), { code: 'P12_PASSWORD_WRONG' });
      }
      return { key, warnings: ['The certificate expired on 2020-01-01'] };
    }),
    signingKeyFromCryptoKey: vi.fn((privateKey, chain) => {
      log.push(`cryptoKey:${(privateKey as { id: string }).id}:${chain.length}`);
      return key;
    }),
    signPdf: vi.fn(async (bytes, o) => {
      log.push(
        `sign:${bytes[0]}:${o.appearance?.placement.image}:${o.appearance?.image[0]}:${o.password ?? '-'}`,
      );
      if (o.timestamp) log.push(`tsa:${(await o.timestamp(Uint8Array.of(9)))[0]}`);
      o.onWarning?.('late warning');
      return Uint8Array.of(100 + (bytes[0] ?? 0));
    }),
    postTimestamp: vi.fn(async (url, request) => {
      log.push(`post:${url}:${request[0]}`);
      return Uint8Array.of(42);
    }),
  };
}

const images = { 'made:a': Uint8Array.of(7).buffer, 'made:b': Uint8Array.of(8).buffer };

describe('runSignJob with a signature', () => {
  it('reads the .p12, stamps the other placements, then signs (with the PDF password) using the picked seal', async () => {
    const log: string[] = [];
    const warnings: string[] = [];
    const out = await runSignJob(
      {
        bytes: Uint8Array.of(10).buffer,
        password: 'pdfpw',
        images,
        passes: [{ kind: 'stamp', placements: [other], pageGap: 0 }],
        signature: {
          key: { kind: 'p12', p12: Uint8Array.of(5).buffer, password: 'right' },
          appearance: seal,
        },
      },
      engine(log),
      () => {},
      () => {},
      (w) => warnings.push(w),
    );
    expect(log).toEqual(['p12:5:right', 'place:10:made:b::-:pdfpw', 'sign:11:made:a:7:pdfpw']);
    expect([...out]).toEqual([111]);
    expect(warnings).toEqual(['The certificate expired on 2020-01-01', 'late warning']);
  });

  it('hands the document opened ahead to the placements', async () => {
    const log: string[] = [];
    await runSignJob(
      {
        bytes: Uint8Array.of(10).buffer,
        images,
        passes: [{ kind: 'every', placement: seal, pages: 'all' }],
        opened: Promise.resolve('doc'),
      },
      engine(log),
      () => {},
    );
    expect(log).toEqual(['opened:doc', 'place:10::made:a:-:-']);
  });

  it('puts normal stamps, batch stamps and the paging seal in as ONE update, then signs', async () => {
    const log: string[] = [];
    await runSignJob(
      {
        bytes: Uint8Array.of(10).buffer,
        images,
        passes: [
          { kind: 'stamp', placements: [other], pageGap: 0 },
          { kind: 'every', placement: seal, pages: 'all' },
          { kind: 'every', placement: other, pages: 'odd' },
          { kind: 'paging', image: 'made:a', edge: 'right', y: 0.5, widthMm: 40 },
        ],
        signature: {
          key: { kind: 'p12', p12: Uint8Array.of(5).buffer, password: 'right' },
          appearance: seal,
        },
      },
      engine(log),
      () => {},
    );
    expect(log).toEqual([
      'p12:5:right',
      'place:10:made:b:made:a,made:b:made:a:-',
      'sign:11:made:a:7:-',
    ]);
  });

  it('signs with a kept CryptoKey, passing the PDF password when nothing was stamped before', async () => {
    const log: string[] = [];
    await runSignJob(
      {
        bytes: Uint8Array.of(10).buffer,
        password: 'pdfpw',
        images,
        passes: [],
        signature: {
          key: {
            kind: 'cryptoKey',
            privateKey: { id: 'k1' } as unknown as CryptoKey,
            chain: [Uint8Array.of(3)],
          },
          appearance: seal,
          timestampUrl: 'https://site.test/v1/tsa',
        },
      },
      engine(log),
      () => {},
    );
    expect(log).toEqual([
      'cryptoKey:k1:1',
      'sign:10:made:a:7:pdfpw',
      'post:https://site.test/v1/tsa:9',
      'tsa:42',
    ]);
  });

  it('fails before stamping when the .p12 password is wrong', async () => {
    const log: string[] = [];
    const job = runSignJob(
      {
        bytes: Uint8Array.of(10).buffer,
        images,
        passes: [{ kind: 'stamp', placements: [other], pageGap: 0 }],
        signature: {
          key: { kind: 'p12', p12: Uint8Array.of(5).buffer, password: 'wrong' },
          appearance: seal,
        },
      },
      engine(log),
      () => {},
    );
    await expect(job).rejects.toMatchObject({ code: 'P12_PASSWORD_WRONG' });
    expect(log).toEqual(['p12:5:wrong']);
  });
});

describe('openKey', () => {
  it.each([
    [{}, { password: undefined, decrypt: false, ignoreRestrictions: false }, true],
    [{ password: 'a' }, { password: 'a' }, true],
    [{ password: 'a' }, { password: 'b' }, false],
    [{ password: '' }, {}, false],
    [{ decrypt: true }, {}, false],
    [{ ignoreRestrictions: true }, {}, false],
  ])('%j and %j open the same way: %s', (a, b, same) => {
    expect(openKey(a) === openKey(b)).toBe(same);
  });
});
