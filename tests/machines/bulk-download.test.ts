import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  archiveName,
  bulkDownloadMachine,
  type BulkDownloadInput,
  type ZipRunEvent,
  type ZipRunInput,
  type ZipTarget,
} from '../../src/machines/bulk-download/machine';
import { zipRunActor } from '../../src/machines/bulk-download/actors';
import { readZip } from '../e2e/fixtures/zip-reader';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(bulkDownloadMachine);

const input: BulkDownloadInput = { repoId: 'lake', refId: 'main', dir: 'data/', paths: ['data/a.csv', 'data/b.csv'], archiveName: 'lake-main-data.zip' };
const target: ZipTarget = { write: async () => undefined };

/** A zip run the test drives: it records its input, hands out a way to report, and whether it was stopped. */
function fakeZipRun() {
  const runs: { input: ZipRunInput; report: (event: ZipRunEvent) => void; stopped: boolean }[] = [];
  const logic = fromCallback<ZipRunEvent, ZipRunInput>(({ input: runInput, sendBack }) => {
    const run = { input: runInput, report: sendBack, stopped: false };
    runs.push(run);
    return () => {
      run.stopped = true;
    };
  });
  return { runs, logic };
}

function start() {
  const choices = controlled<ZipTarget | null, { archiveName: string }>();
  const zip = fakeZipRun();
  const machine = bulkDownloadMachine.provide({ actors: { chooseTarget: choices.logic, zip: zip.logic } });
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start();
  return { actor, choices, zip };
}

describe('bulk download machine', () => {
  it('names the zip after the repository, ref and folder', () => {
    expect(archiveName('lake', 'main', 'data/2024/')).toBe('lake-main-data-2024.zip');
    expect(archiveName('lake', 'v1', '')).toBe('lake-v1.zip');
  });

  it('asks where to save, zips with progress, and sums up the skipped objects', async () => {
    const { actor, choices, zip } = start();
    expect(choices.last().input).toEqual({ archiveName: 'lake-main-data.zip' });
    choices.last().resolve(target);
    await waitFor(actor, (s) => s.matches('zipping'), { timeout: 5000 });
    expect(zip.runs[0]?.input).toEqual({ repoId: 'lake', refId: 'main', dir: 'data/', paths: input.paths, target });
    const run = zip.runs[0]!;
    run.report({ type: 'zip.progress', files: 1, bytes: 10 });
    expect(actor.getSnapshot().context).toMatchObject({ files: 1, bytes: 10 });
    run.report({ type: 'zip.failure', failure: { path: 'data/b.csv', message: 'not found' } });
    run.report({ type: 'zip.done' });
    expect(actor.getSnapshot().output).toEqual({
      summary: { total: 2, files: 1, bytes: 10, failures: [{ path: 'data/b.csv', message: 'not found' }], cancelled: false, error: undefined },
    });
  });

  it('cancels: the run is stopped (which aborts it) and the summary says so', async () => {
    const { actor, choices, zip } = start();
    choices.last().resolve(target);
    await waitFor(actor, (s) => s.matches('zipping'), { timeout: 5000 });
    actor.send({ type: 'run.cancel' });
    expect(zip.runs[0]?.stopped).toBe(true);
    expect(actor.getSnapshot().output?.summary).toMatchObject({ cancelled: true, files: 0 });
  });

  it('reports a zip that could not be written', async () => {
    const { actor, choices, zip } = start();
    choices.last().resolve(target);
    await waitFor(actor, (s) => s.matches('zipping'), { timeout: 5000 });
    zip.runs[0]!.report({ type: 'zip.error', message: 'disk full' });
    expect(actor.getSnapshot().output?.summary).toMatchObject({ error: 'disk full', cancelled: false });
  });

  it('does nothing when the user closes the save dialog, and reports a picker that fails', async () => {
    const declined = start();
    declined.choices.last().resolve(null);
    await waitFor(declined.actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(declined.actor.getSnapshot().output).toEqual({ summary: undefined });
    expect(declined.zip.runs).toHaveLength(0);

    const failing = start();
    failing.choices.last().reject(new Error('not allowed to save there'));
    await waitFor(failing.actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(failing.actor.getSnapshot().output?.summary).toMatchObject({ error: 'not allowed to save there', files: 0 });
  });

  it('runs the real zip run over fetched objects into the target, and aborts the fetch in flight when cancelled', async () => {
    const written: Buffer[] = [];
    const collecting: ZipTarget = { write: async (zip) => void written.push(Buffer.from(await new Response(zip).arrayBuffer())) };
    const fetched: string[] = [];
    const signals: AbortSignal[] = [];
    const machine = bulkDownloadMachine.provide({
      actors: {
        chooseTarget: fromPromise<ZipTarget | null, { archiveName: string }>(async () => collecting),
        zip: zipRunActor(async ({ repoId, refId }, path, signal) => {
          fetched.push(`${repoId}@${refId}:${path}`);
          signals.push(signal);
          if (path === 'data/b.csv') throw new Error('object not found');
          if (path === 'data/slow.csv') return new Promise<Response>(() => undefined);
          return new Response(`content of ${path}`);
        }),
      },
    });
    const actor = createActor(machine, { input: { ...input, paths: ['data/a.csv', 'data/b.csv', 'data/sub/c.csv'] } }).start();
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(fetched).toEqual(['lake@main:data/a.csv', 'lake@main:data/b.csv', 'lake@main:data/sub/c.csv']);
    expect(readZip(written[0]!).map((e) => [e.name, e.content.toString()])).toEqual([
      ['a.csv', 'content of data/a.csv'],
      ['sub/c.csv', 'content of data/sub/c.csv'],
    ]);
    expect(done.output?.summary).toMatchObject({ files: 2, failures: [{ path: 'data/b.csv', message: 'object not found' }], error: undefined });

    const slow = createActor(machine, { input: { ...input, paths: ['data/slow.csv'] } }).start();
    await vi.waitFor(() => expect(signals).toHaveLength(4), { timeout: 5000 });
    expect(signals[3]?.aborted).toBe(false);
    slow.send({ type: 'run.cancel' });
    expect(signals[3]?.aborted).toBe(true);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
