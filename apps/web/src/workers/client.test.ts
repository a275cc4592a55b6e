import { describe, expect, it, vi } from 'vitest';
import { createJobClient, JobError, transferablesOf, type WorkerLike } from './client';
import type { JobMessage, JobRequest } from './protocol';

/** A worker whose replies the test sends by hand. */
function fakeWorker() {
  const listeners: {
    message: ((e: MessageEvent<JobMessage>) => void)[];
    error: ((e: Event) => void)[];
  } = {
    message: [],
    error: [],
  };
  const sent: { request: JobRequest; transfer: Transferable[] }[] = [];
  const worker: WorkerLike = {
    postMessage: (request, { transfer }) => sent.push({ request, transfer }),
    addEventListener: ((type: 'message' | 'error', listener: never) => {
      listeners[type].push(listener);
    }) as WorkerLike['addEventListener'],
    terminate: vi.fn(),
  };
  return {
    worker,
    sent,
    reply(message: JobMessage) {
      for (const l of listeners.message) l(new MessageEvent('message', { data: message }));
    },
    crash() {
      for (const l of listeners.error) l(new Event('error'));
    },
  };
}

describe('job client', () => {
  it('matches answers to requests by id and passes progress on', async () => {
    const w = fakeWorker();
    const client = createJobClient(w.worker);
    const onProgress = vi.fn();
    const bytes = new ArrayBuffer(8);
    const first = client.run({ kind: 'inspect', bytes });
    const second = client.run(
      {
        kind: 'images',
        images: [bytes],
        options: { pageSize: 'a4', orientation: 'auto', marginMm: 0 },
      },
      onProgress,
    );
    const [a, b] = w.sent;
    expect(a?.request).toMatchObject({ id: 1, kind: 'inspect' });
    expect(a?.transfer).toEqual([bytes]);
    expect(b?.request.id).toBe(2);

    w.reply({ id: 2, type: 'progress', progress: { phase: 'draw', done: 1, total: 1 } });
    expect(onProgress).toHaveBeenCalledWith({ phase: 'draw', done: 1, total: 1 });
    const out = new ArrayBuffer(3);
    w.reply({ id: 2, type: 'done', answer: { bytes: out } });
    w.reply({ id: 1, type: 'done', answer: { ok: true, pages: 4 } });
    await expect(second).resolves.toEqual({ bytes: out });
    await expect(first).resolves.toEqual({ ok: true, pages: 4 });
  });

  it('rejects with the engine code when a job fails', async () => {
    const w = fakeWorker();
    const job = createJobClient(w.worker).run({ kind: 'inspect', bytes: new ArrayBuffer(1) });
    w.reply({ id: 1, type: 'failed', code: 'BAD_IMAGE', message: 'nope', index: 2 });
    const error = await job.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobError);
    // The index of the input that failed comes along, so the screen can name its file.
    expect(error).toMatchObject({ code: 'BAD_IMAGE', message: 'nope', index: 2 });
  });

  it('fails every job in flight when the worker dies, and says it is broken', async () => {
    const w = fakeWorker();
    const client = createJobClient(w.worker);
    const a = client.run({ kind: 'inspect', bytes: new ArrayBuffer(1) });
    const b = client.run({ kind: 'merge', files: [] });
    expect(client.broken).toBe(false);
    w.crash();
    await expect(a).rejects.toBeInstanceOf(JobError);
    // A code of ours, so the screen says the browser ran out of memory, not "worker stopped".
    await expect(b).rejects.toMatchObject({ code: 'WORKER_STOPPED' });
    expect(client.broken).toBe(true);
  });

  it('ignores answers for unknown ids', () => {
    const w = fakeWorker();
    createJobClient(w.worker);
    expect(() => w.reply({ id: 99, type: 'done', answer: { ok: true, pages: 1 } })).not.toThrow();
  });

  it('terminates the worker on dispose', async () => {
    const w = fakeWorker();
    const client = createJobClient(w.worker);
    const job = client.run({ kind: 'inspect', bytes: new ArrayBuffer(1) });
    client.dispose();
    expect(w.worker.terminate).toHaveBeenCalled();
    await expect(job).rejects.toBeInstanceOf(JobError);
  });
});

describe('transferablesOf', () => {
  it('lists every buffer a job carries', () => {
    const [x, y] = [new ArrayBuffer(1), new ArrayBuffer(2)];
    expect(transferablesOf({ kind: 'inspect', bytes: x })).toEqual([x]);
    expect(
      transferablesOf({
        kind: 'merge',
        files: [
          { name: 'a', bytes: x },
          { name: 'b', bytes: y },
        ],
      }),
    ).toEqual([x, y]);
    expect(
      transferablesOf({
        kind: 'images',
        images: [y, x],
        options: { pageSize: 'fit', orientation: 'auto', marginMm: 0 },
      }),
    ).toEqual([y, x]);
  });
});
