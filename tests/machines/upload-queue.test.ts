import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { ApiError } from '../../src/api/errors';
import { UploadAbortedError } from '../../src/api/upload';
import type { StagingLocation } from '../../src/api/types';
import { createFileStepActor, createUploadFileActor } from '../../src/machines/upload-queue/actors';
import {
  NOT_ALLOWED,
  queueSummary,
  UPLOAD_ABORTED,
  UPLOAD_FAILED,
  fileUploadMachine,
  uploadQueueMachine,
  type CheckDestinationInput,
  type FileStepEvent,
  type LinkObjectInput,
  type PickedFile,
  type PutToStoreInput,
  type UploadFileInput,
  type UploadQueueInput,
  type UploadReport,
} from '../../src/machines/upload-queue';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(uploadQueueMachine);
const fileCoverage = transitionCoverage(fileUploadMachine);

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

interface Step<TInput> {
  input: TInput;
  progress: (percent: number) => void;
  finish: (report: UploadReport) => void;
  fail: (e: unknown) => void;
  signal: AbortSignal;
}

/** A fake step of presigned uploads: each call waits until the test finishes it with the step's report. */
function fakeStep<TInput extends { id: string }>() {
  const calls: Step<TInput>[] = [];
  const actor = createFileStepActor<TInput>(
    (input, { onProgress, signal }) =>
      new Promise<UploadReport>((finish, fail) => {
        calls.push({ input, progress: onProgress, finish, fail, signal });
        signal.addEventListener('abort', () => fail(new UploadAbortedError()));
      }),
  );
  const last = async () => {
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0), { timeout: 5000 });
    return calls[calls.length - 1]!;
  };
  return { actor, calls, last };
}

const files = (...paths: string[]): PickedFile[] => paths.map((p) => ({ file: new Blob([p]), relativePath: p }));

/** Preflights answer on the next tick: allowed unless `allowed` says otherwise; a rejection is a failed check. */
function start(options: { input?: Partial<UploadQueueInput>; allowed?: (path: string) => Promise<boolean> } = {}) {
  const uploads = fakeUploads();
  const presigned = { stage: fakeStep<CheckDestinationInput>(), put: fakeStep<PutToStoreInput>(), link: fakeStep<LinkObjectInput>() };
  const preflights: { path: string }[] = [];
  /** Runs that ended with something stored, as the page hears them. */
  const announced: number[] = [];
  const fileUpload = fileUploadMachine.provide({
    actors: {
      uploadFile: uploads.actor,
      stageFile: presigned.stage.actor,
      putToStore: presigned.put.actor,
      linkObject: presigned.link.actor,
      checkDestination: fromCallback<FileStepEvent, CheckDestinationInput>(({ input, sendBack }) => {
        preflights.push({ path: input.path });
        (options.allowed ?? (() => Promise.resolve(true)))(input.path).then(
          (allowed) => sendBack({ type: allowed ? 'file.allowed' : 'file.refused', id: input.id }),
          (error: Error) => sendBack({ type: 'file.failed', id: input.id, message: error.message }),
        );
      }),
    },
  });
  const machine = uploadQueueMachine.provide({
    actions: { announceStored: () => void announced.push(announced.length + 1) },
    actors: { fileUpload },
  });
  const actor = createActor(machine, {
    input: { repoId: 'repo', branch: 'main', prefix: 'data/', readOnly: false, ...options.input },
    inspect: (event) => {
      coverage.inspect(event);
      fileCoverage.inspect(event);
    },
  }).start();
  return { actor, uploads, preflights, presigned, announced };
}

/** Once the preflights of the first files have answered, their uploads run. */
const running = (uploads: ReturnType<typeof fakeUploads>, count: number) => vi.waitFor(() => expect(uploads.running.size).toBe(count), { timeout: 5000 });

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
  it('cannot start without a file, and can once one is picked', () => {
    const { actor, preflights } = start();
    expect(actor.getSnapshot().can({ type: 'upload.start' })).toBe(false);
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(preflights).toEqual([]);
    actor.send({ type: 'files.add', files: files('a') });
    expect(actor.getSnapshot().can({ type: 'upload.start' })).toBe(true);
    actor.send({ type: 'files.clear' });
    expect(actor.getSnapshot().can({ type: 'upload.start' })).toBe(false);
  });

  it('cannot start on a read-only repository, files picked or not', () => {
    const { actor, preflights } = start({ input: { readOnly: true } });
    actor.send({ type: 'files.add', files: files('a') });
    expect(actor.getSnapshot().can({ type: 'upload.start' })).toBe(false);
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(preflights).toEqual([]);
  });

  it('checks each destination once, and sends nothing to one the preflight refuses', async () => {
    const { actor, uploads, preflights } = start({ allowed: (path) => Promise.resolve(path !== 'data/secret.csv') });
    actor.send({ type: 'files.add', files: files('secret.csv', 'open.csv') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 1);
    uploads.get('2').resolve();
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(preflights).toEqual([{ path: 'data/secret.csv' }, { path: 'data/open.csv' }]);
    expect(uploads.started).toEqual(['2']);
    expect(snap.context.items[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED, detail: NOT_ALLOWED });
    expect(snap.context.items[1]).toMatchObject({ status: 'done' });
  });

  it("fails a file whose preflight could not be made, with the reason", async () => {
    const { actor, uploads } = start({ allowed: () => Promise.reject(new ApiError(404, 'branch not found')) });
    actor.send({ type: 'files.add', files: files('a.csv') });
    actor.send({ type: 'upload.start' });
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
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
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
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
      await vi.waitFor(() => expect(uploads.running.size).toBeGreaterThan(0), { timeout: 5000 });
      const [next] = uploads.running.values();
      if (!next) break;
      next.resolve();
      await waitFor(actor, (s) => s.context.items.find((i) => i.id === next.input.id)?.status === 'done', { timeout: 5000 });
      const inFlight = actor.getSnapshot().context.items.filter((i) => i.status === 'checking' || i.status === 'uploading');
      expect(inFlight.length).toBeLessThanOrEqual(5);
    }
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
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
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(snap.context.items[0]).toMatchObject({ status: 'failed', error: UPLOAD_FAILED, detail: expect.stringMatching(/^read-only repository\. The repository is read-only/) });
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
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(uploads.started).not.toContain('6');
    expect(snap.context.items.find((i) => i.id === '6')).toMatchObject({ status: 'aborted', error: UPLOAD_ABORTED });
  });

  it('cancels all: running uploads are aborted and queued ones never start', async () => {
    const { actor, uploads } = start();
    actor.send({ type: 'files.add', files: files('1', '2', '3', '4', '5', '6', '7') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 5);
    uploads.get('1').resolve();
    await waitFor(actor, (s) => s.context.items[0]?.status === 'done', { timeout: 5000 });
    await running(uploads, 5);
    const signals = [...uploads.running.values()].map((p) => p.signal);
    actor.send({ type: 'upload.cancelAll' });
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
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
    await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    actor.send({ type: 'queue.reset' });
    expect(actor.getSnapshot().matches('selecting')).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

describe('upload queue: presigned transfer (docs/behaviour.md, Objects page)', () => {
  const s3 = { pre_sign_support_ui: true, blockstore_type: 's3' };
  const staging: StagingLocation = { physical_address: 's3://lake/data/x,1.sig', presigned_url: 'https://store.example.com/lake/data/x?sig=1' };

  it('PUTs each file to its presigned address, with progress, then links it at its destination', async () => {
    const { actor, uploads, presigned } = start({ input: { storage: s3 } });
    const file = new Blob(['a,b'], { type: 'text/csv' });
    actor.send({ type: 'files.add', files: [{ file, relativePath: 'a.csv' }] });
    actor.send({ type: 'upload.start' });

    const stage = await presigned.stage.last();
    expect(stage.input).toEqual({ id: '1', repoId: 'repo', branch: 'main', path: 'data/a.csv' });
    stage.finish({ type: 'file.staged', id: '1', staging });

    const put = await presigned.put.last();
    expect(put.input).toEqual({ id: '1', file, staging, blockstoreType: 's3' });
    put.progress(60);
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ status: 'uploading', percent: 60 });
    put.finish({ type: 'file.stored', id: '1', staging, checksum: 'abc123' });

    const link = await presigned.link.last();
    expect(link.input).toEqual({ id: '1', repoId: 'repo', branch: 'main', path: 'data/a.csv', file, staging, checksum: 'abc123' });
    expect(actor.getSnapshot().context.items[0]?.status).toBe('uploading');
    link.finish({ type: 'file.done', id: '1' });

    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(snap.context.items[0]).toMatchObject({ status: 'done', percent: 100 });
    expect(uploads.started).toEqual([]);
  });

  it('goes through the server when the storage config does not offer presigning to the console', async () => {
    const { actor, uploads, presigned } = start({ input: { storage: { pre_sign_support_ui: false, blockstore_type: 's3' } } });
    actor.send({ type: 'files.add', files: files('a') });
    actor.send({ type: 'upload.start' });
    await running(uploads, 1);
    uploads.get('1').resolve();
    await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(presigned.stage.calls).toEqual([]);
  });

  it("fails a file whose staging location, PUT or link fails, with the reason, and carries on", async () => {
    const { actor, presigned } = start({ input: { storage: s3 } });
    actor.send({ type: 'files.add', files: files('one', 'two', 'three') });
    actor.send({ type: 'upload.start' });
    await vi.waitFor(() => expect(presigned.stage.calls).toHaveLength(3), { timeout: 5000 });
    const [first, second, third] = presigned.stage.calls;
    first?.fail(new ApiError(501, 'presigned transfers need a block store clients can reach, such as S3'));
    second?.finish({ type: 'file.staged', id: '2', staging });
    third?.finish({ type: 'file.staged', id: '3', staging });
    await vi.waitFor(() => expect(presigned.put.calls).toHaveLength(2), { timeout: 5000 });
    presigned.put.calls[0]?.fail(new ApiError(403, 'Error uploading file: HTTP 403'));
    presigned.put.calls[1]?.finish({ type: 'file.stored', id: '3', staging, checksum: 'c' });
    (await presigned.link.last()).fail(new ApiError(400, 'size_bytes is 8, but the uploaded object has 7 bytes'));
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(snap.context.items.map((i) => [i.status, i.detail])).toEqual([
      ['failed', 'presigned transfers need a block store clients can reach, such as S3'],
      ['failed', 'Error uploading file: HTTP 403'],
      ['failed', 'size_bytes is 8, but the uploaded object has 7 bytes'],
    ]);
  });

  it('cancels a file during its PUT: the request is aborted and nothing is linked', async () => {
    const { actor, presigned } = start({ input: { storage: s3 } });
    actor.send({ type: 'files.add', files: files('a') });
    actor.send({ type: 'upload.start' });
    (await presigned.stage.last()).finish({ type: 'file.staged', id: '1', staging });
    const put = await presigned.put.last();
    actor.send({ type: 'file.cancel', id: '1' });
    expect(put.signal.aborted).toBe(true);
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(snap.context.items[0]).toMatchObject({ status: 'aborted', error: UPLOAD_ABORTED });
    expect(presigned.link.calls).toEqual([]);
  });

  it('cancels all while files are staging and linking', async () => {
    const { actor, presigned } = start({ input: { storage: s3 } });
    actor.send({ type: 'files.add', files: files('a', 'b') });
    actor.send({ type: 'upload.start' });
    await vi.waitFor(() => expect(presigned.stage.calls).toHaveLength(2), { timeout: 5000 });
    presigned.stage.calls[0]?.finish({ type: 'file.staged', id: '1', staging });
    (await presigned.put.last()).finish({ type: 'file.stored', id: '1', staging, checksum: 'c' });
    const link = await presigned.link.last();
    const staging2 = presigned.stage.calls[1]!;
    actor.send({ type: 'upload.cancelAll' });
    expect(link.signal.aborted).toBe(true);
    expect(staging2.signal.aborted).toBe(true);
    const snap = await waitFor(actor, (s) => s.matches('finished'), { timeout: 5000 });
    expect(snap.context.items.map((i) => i.status)).toEqual(['aborted', 'aborted']);
  });
});

it('takes every transition of the queue', () => coverage.expectAllTaken());
it('takes every transition of a file\'s upload', () => fileCoverage.expectAllTaken());
