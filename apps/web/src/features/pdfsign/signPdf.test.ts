/**
 * The export's spare worker (signPdf.ts): started with the tab, it warms up with the stamps the
 * user may place, then takes the first file and opens it ahead; the spare of another file ends,
 * and the next one is warmed up with the same stamps. Workers are fakes that record what they are
 * sent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignWorkerMessage } from './signJob';
import { discardPreparedExport, prepareExport, warmExport } from './signPdf';

class FakeWorker {
  static made: FakeWorker[] = [];
  sent: SignWorkerMessage[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(message: SignWorkerMessage) {
    this.sent.push(message);
  }
  addEventListener() {}
  terminate() {
    this.terminated = true;
  }
}

const types = (w: FakeWorker | undefined) => w?.sent.map((m) => m.type);
const seal = () => ({ seal: new Uint8Array([1, 2, 3]).buffer });

describe('the spare export worker', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    discardPreparedExport();
    vi.unstubAllGlobals();
  });

  it('starts with the tab and warms up, takes the first file and opens it ahead', () => {
    warmExport({});
    expect(FakeWorker.made).toHaveLength(1);
    // A seal made or loaded later is warmed up as well.
    warmExport(seal());
    prepareExport(new Blob(['%PDF-']), {});
    expect(FakeWorker.made).toHaveLength(1);
    expect(types(FakeWorker.made[0])).toEqual(['warm', 'warm', 'prepare']);
  });

  it('ends the spare of another file; the next one opens its file, then warms up with the same stamps', () => {
    warmExport(seal());
    prepareExport(new Blob(['%PDF-1']), {});
    prepareExport(new Blob(['%PDF-2']), {});
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    expect(types(FakeWorker.made[1])).toEqual(['prepare', 'warm']);
    const warm = FakeWorker.made[1]?.sent[1] as { images: object };
    expect(Object.keys(warm.images)).toEqual(['seal']);
  });

  it('opens the same file again only when the options that open it change', () => {
    const file = new Blob(['%PDF-']);
    prepareExport(file, {});
    prepareExport(file, {});
    prepareExport(file, { password: 'x' });
    expect(types(FakeWorker.made[0])).toEqual(['prepare', 'warm', 'prepare']);
  });
});
