import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { UploadAbortedError } from '../../src/api/upload';
import { createUploadFileActor } from '../../src/machines/upload-queue/actors';
import {
  NO_FILES,
  NOT_ALLOWED,
  queueSummary,
  READ_ONLY,
  UPLOAD_ABORTED,
  UPLOAD_FAILED,
  uploadQueueMachine,
  type CheckDestinationInput,
  type PickedFile,
  type UploadFileInput,
  type UploadQueueEvent,
  type UploadQueueInput,
} from '../../src/machines/upload-queue/machine';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(uploadQueueMachine);

interface Pending {
  input: UploadFileInput;
  progress: (percent: number) => void;
  resolve: () => void;
  reject: (e: unknown) => void;
  signal: AbortSignal;
}

/** A fake server: uploads wait until the test finishes them, and the fake tracks how many run at once. */
function fakeUploads() {
  const running = new Map<string, Pending>();
  const started: string[] = [];
  let peak = 0;
  const actor = createUploadFileActor(
    (input, { onProgress, signal }) =>
      new Promise<void>((resolve, reject) => {
        const end = () => running.delete(input.id);
        running.set(input.id, {
          input,
          progress: onProgress,
          resolve: () => {
            end();
            resolve();
          },
          reject: (e) => {
            end();
            reject(e);
          },
          signal,
        });
        started.push(input.id);
        peak = Math.max(peak, running.size);
        signal.addEventListener('abort', () => {
          end();
          reject(new UploadAbortedError());
        });
      }),
  );
  const get = (id: string) => {
    const pending = running.get(id);
    if (!pending) throw new Error(`upload ${id} is not running`);
    return pending;
  };
  return { actor, running, started, get, peak: () => peak };
}

const files = (...paths: string[]): PickedFile[] => paths.map((p) => ({ file: new Blob([p]), relativePath: p }));

/** Preflights answer on the next tick: allowed unless `allowed` says otherwise; a rejection is a failed check. */
function start(options: { input?: Partial<UploadQueueInput>; allowed?: (path: string) => Promise<boolean> } = {}) {
  const uploads = fakeUploads();
  const preflights: { path: string }[] = [];
  const machine = uploadQueueMachine.provide({
    actors: {
      uploadFile: uploads.actor,
      checkDestination: fromCallback<UploadQueueEvent, CheckDestinationInput>(({ input, sendBack }) => {
        preflights.push({ path: input.path });
        (options.allowed ?? (() => Promise.resolve(true)))(input.path).then(
          (allowed) => sendBack({ type: allowed ? 'file.allowed' : 'file.refused', id: input.id }),
          (error: Error) => sendBack({ type: 'file.failed', id: input.id, message: error.message }),
        );
      }),
    },
  });
  const actor = createActor(machine, {
    input: { repoId: 'repo', branch: 'main', prefix: 'data/', readOnly: false, ...options.input },
    inspect: coverage.inspect,
  }).start();
  return { actor, uploads, preflights };
}

/** Once the preflights of the first files have answered, their uploads run. */
const running = (uploads: ReturnType<typeof fakeUploads>, count: number) => vi.waitFor(() => expect(uploads.running.size).toBe(count));

describe('upload queue: choosing files', () => {
  it('queues files with destinations under the prefix, normalising slashes', () => {
    const { actor } = start();
    actor.send({ type: 'files.add', files: files('a.csv', 'dir\\b.csv', '/photos/c.png') });
    expect(actor.getSnapshot().context.items.map((i) => i.destination)).toEqual([
      'data/a.csv',
      'data/dir/b.csv',
      'data/photos/c.png',
    ]);
  });

  it('recomputes destinations when the prefix changes, and keeps the newest pick of a destination', () => {
    const { actor } = start({ input: { prefix: '' } });
    actor.send({ type: 'files.add', files: files('a.csv', 'b.csv') });
    actor.send({ type: 'files.add', files: files('a.csv') });
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['2', '3']);
    actor.send({ type: 'prefix.change', prefix: '/in\\coming' });
    expect(actor.getSnapshot().context.items.map((i) => i.destination)).toEqual(['in/coming/b.csv', 'in/coming/a.csv']);
  });

  it('removes one file or all before uploading', () => {
    const { actor } = start();
    actor.send({ type: 'files.add', files: files('a', 'b') });
    actor.send({ type: 'file.remove', id: '1' });
    expect(actor.getSnapshot().context.items.map((i) => i.relativePath)).toEqual(['b']);
    actor.send({ type: 'files.clear' });
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

describe('upload queue: refusing to start', () => {
  it('needs at least one file', () => {
    const { actor, preflights } = start();
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(NO_FILES);
    expect(preflights).toEqual([]);
  });

  it('refuses on a read-only repository', () => {
    const { actor, preflights } = start({ input: { readOnly: true } });
    actor.send({ type: 'files.add', files: files('a') });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.error).toBe(READ_ONLY);
    expect(preflights).toEqual([]);
  });

  it('checks each destination once, and sends nothing to one the preflight refuses', async () => {
    const { actor, uploads, preflights } = start({ allowed: (path) => Promise.resolve(path !== 'data/secret.csv') });
    actor.send({ type: 'files.add', files: files('secret.csv', 'open.csv') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 1);
    uploads.get('2').resolve();
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(preflights).toEqual([{ path: 'data/secret.csv' }, { path: 'data/open.csv' }]);
    expect(uploads.started).toEqual(['2']);
    expect(snap.context.items[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED, detail: NOT_ALLOWED });
    expect(snap.context.items[1]).toMatchObject({ status: 'done' });
  });

  it("fails a file whose preflight could not be made, with the reason", async () => {
    const { actor, uploads } = start({ allowed: () => Promise.reject(new ApiError(404, 'branch not found')) });
    actor.send({ type: 'files.add', files: files('a.csv') });
    actor.send({ type: 'upload.start' });
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(snap.context.items[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED, detail: 'branch not found' });
    expect(uploads.started).toEqual([]);
  });

  it('cancels a file while its destination is being checked, so it never uploads', async () => {
    let answer: (allowed: boolean) => void = () => undefined;
    const { actor, uploads } = start({ allowed: () => new Promise<boolean>((resolve) => (answer = resolve)) });
    actor.send({ type: 'files.add', files: files('a.csv') });
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().context.items[0]?.status).toBe('checking');
    actor.send({ type: 'file.cancel', id: '1' });
    answer(true);
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(snap.context.items[0]).toMatchObject({ status: 'aborted', error: UPLOAD_ABORTED });
    expect(uploads.started).toEqual([]);
  });
});

describe('upload queue: uploading', () => {
  it('uploads with progress and never runs more than 5 at once', async () => {
    const { actor, uploads } = start();
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    actor.send({ type: 'files.add', files: files(...names) });
    actor.send({ type: 'upload.start' });
    await running(uploads, 5);

    uploads.get('1').progress(42);
    const item1 = actor.getSnapshot().context.items.find((i) => i.id === '1');
    expect(item1).toMatchObject({ status: 'uploading', percent: 42 });
    expect(actor.getSnapshot().context.items.filter((i) => i.status === 'queued')).toHaveLength(7);

    while (!actor.getSnapshot().matches('finished')) {
      await vi.waitFor(() => expect(uploads.running.size).toBeGreaterThan(0));
      const [next] = uploads.running.values();
      if (!next) break;
      next.resolve();
      await waitFor(actor, (s) => s.context.items.find((i) => i.id === next.input.id)?.status === 'done');
      const inFlight = actor.getSnapshot().context.items.filter((i) => i.status === 'checking' || i.status === 'uploading');
      expect(inFlight.length).toBeLessThanOrEqual(5);
    }
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(uploads.peak()).toBe(5);
    expect(uploads.started).toHaveLength(12);
    expect(snap.context.items.every((i) => i.status === 'done' && i.percent === 100)).toBe(true);
    expect(queueSummary(snap.context.items)).toMatchObject({ total: 12, done: 12, failed: 0, aborted: 0 });
  });

  it("marks a failed file 'Upload Failed' with the server's reason and carries on", async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('a', 'b') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 2);
    uploads.get('1').reject(new ApiError(403, 'read-only repository'));
    uploads.get('2').resolve();
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(snap.context.items[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED, detail: 'read-only repository' });
    expect(snap.context.items[1]).toMatchObject({ status: 'done' });
  });

  it("cancels one upload: its request is aborted, it shows 'Upload Aborted', and the next queued file starts", async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('1', '2', '3', '4', '5', '6') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 5);
    const signal = uploads.get('2').signal;
    actor.send({ type: 'file.cancel', id: '2' });
    expect(signal.aborted).toBe(true);
    const item = actor.getSnapshot().context.items.find((i) => i.id === '2');
    expect(item).toMatchObject({ status: 'aborted', error: UPLOAD_ABORTED });
    await running(uploads, 5);
    expect(uploads.running.has('6')).toBe(true);
  });

  it('cancels a file that has not started yet without ever uploading it', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('1', '2', '3', '4', '5', '6') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 5);
    actor.send({ type: 'file.cancel', id: '6' });
    for (const id of ['1', '2', '3', '4', '5']) uploads.get(id).resolve();
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(uploads.started).not.toContain('6');
    expect(snap.context.items.find((i) => i.id === '6')).toMatchObject({ status: 'aborted', error: UPLOAD_ABORTED });
  });

  it('cancels all: running uploads are aborted and queued ones never start', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('1', '2', '3', '4', '5', '6', '7') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 5);
    uploads.get('1').resolve();
    await waitFor(actor, (s) => s.context.items[0]?.status === 'done');
    await running(uploads, 5);
    const signals = [...uploads.running.values()].map((p) => p.signal);
    actor.send({ type: 'upload.cancelAll' });
    const snap = await waitFor(actor, (s) => s.matches('finished'));
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(uploads.started).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(snap.context.items.map((i) => i.status)).toEqual(['done', 'aborted', 'aborted', 'aborted', 'aborted', 'aborted', 'aborted']);
  });

  it('starts over with an empty queue after finishing', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('a') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 1);
    uploads.get('1').resolve();
    await waitFor(actor, (s) => s.matches('finished'));
    actor.send({ type: 'queue.reset' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

it('takes every transition of the queue', () => coverage.expectAllTaken());
