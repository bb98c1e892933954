import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, waitFor, type AnyActorRef } from 'xstate';
import { ApiError, ConflictError } from '../../src/api/errors';
import type { Commit, ImportStatus, RepositoryEvent } from '../../src/api/types';
import { RECONNECT_FIRST_MS, repositoryEventsMachine } from '../../src/machines/repository-events/machine';
import { IMPORT_POLL_MS } from '../../src/machines/import/machine';
import {
  importMachine,
  importPhase,
  importSourceError,
  type ImportStarted,
  type ImportStatusRead,
  type ImportStatusRequest,
  type StartImportRequest,
} from '../../src/machines/import';
import { KEY_REQUIRED, metadataErrors } from '../../src/machines/commit';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(importMachine);

const REGEX = '^local://';
const PATTERN_MESSAGE = 'Import source should match the following pattern: "^local://"';

const importCommit: Commit = {
  id: 'f00d'.repeat(16),
  parents: ['p1'],
  committer: 'admin',
  message: 'Imported data from local://lake/',
  creation_date: 1_700_000_000,
  meta_range_id: 'm1',
};

const running = (ingested?: number): ImportStatus => ({
  completed: false,
  update_time: '2026-01-01T10:00:00Z',
  ...(ingested === undefined ? {} : { ingested_objects: ingested }),
});

/** A stand-in for the tab's live stream: `tell` passes an event as the server would send it. */
function liveStream(clock = new SimulatedClock()) {
  const live = createActor(repositoryEventsMachine.provide({ actors: { stream: fromCallback(() => undefined) } }), { input: { repoId: 'lake' }, clock }).start();
  let told = 0;
  const tell = (event: RepositoryEvent) => live.send({ type: 'stream.event', id: String(++told), event });
  return { live, tell, clock };
}

const progress = (importId: string, ingested: number): RepositoryEvent => ({ type: 'import', import_id: importId, branch: 'main', state: 'running', ingested_objects: ingested });

function start({ destination = 'data/', live, clock = new SimulatedClock() }: { destination?: string; live?: AnyActorRef; clock?: SimulatedClock } = {}) {
  const starts = controlled<ImportStarted, StartImportRequest>();
  const reads = controlled<ImportStatusRead, ImportStatusRequest>();
  const cancels = controlled<void, ImportStatusRequest>();
  /** The commits the page was told of (the import tells its parent once it has committed). */
  const imported: (Commit | null)[] = [];
  const machine = importMachine.provide({
    actors: { startImport: starts.logic, readStatus: reads.logic, cancelImport: cancels.logic },
    actions: { imported: ({ context }) => void imported.push(context.commit) },
  });
  const actor = createActor(machine, {
    input: { repoId: 'lake', branch: 'main', destination, validityRegex: REGEX, blockstoreType: 'local', namespaceExample: 'local://example', live },
    clock,
    inspect: coverage.inspect,
  }).start();
  /** Answers the pending start, as the server accepting it now. */
  const accept = async (id = 'imp-1') => {
    starts.last().resolve({ id, at: clock.now() });
    await waitFor(actor, (s) => s.matches({ inProgress: 'waiting' }), { timeout: 5000 });
  };
  /** Lets the poll interval pass, and answers the read it makes with `status`. */
  const poll = async (status: ImportStatus, elapsed = IMPORT_POLL_MS) => {
    const before = reads.calls.length;
    clock.increment(elapsed);
    expect(reads.calls).toHaveLength(before + 1);
    reads.last().resolve({ status, at: clock.now() });
    await waitFor(actor, (s) => !s.matches({ inProgress: 'polling' }), { timeout: 5000 });
  };
  const fill = (source = 'local://lake/') => actor.send({ type: 'source.change', value: source });
  return { actor, clock, starts, reads, cancels, imported, accept, poll, fill };
}

describe('import rules', () => {
  it('checks the source against the validity regex, an empty source being valid', () => {
    expect(importSourceError('', REGEX)).toBeUndefined();
    expect(importSourceError('local://lake/', REGEX)).toBeUndefined();
    expect(importSourceError('s3://bucket/', REGEX)).toBe(PATTERN_MESSAGE);
    // A pattern the browser cannot compile is left to the server.
    expect(importSourceError('anything', '(')).toBeUndefined();
  });
});

describe('import machine', () => {
  it('starts not started, with the current folder as destination, and cannot import without a valid source', () => {
    const { actor, starts, fill } = start();
    expect(importPhase(actor.getSnapshot())).toBe('not started');
    expect(actor.getSnapshot().context.destination).toBe('data/');
    // An empty source is valid, but there is nothing to import from.
    expect(actor.getSnapshot().can({ type: 'import.start' })).toBe(true);
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    fill('s3://bucket/');
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(starts.calls).toEqual([]);
  });

  it('offers a commit message that follows the source until the user writes one', () => {
    const { actor, fill } = start();
    fill('local://lake/');
    expect(actor.getSnapshot().context.message).toBe('Imported data from local://lake/');
    fill('local://other/');
    expect(actor.getSnapshot().context.message).toBe('Imported data from local://other/');
    actor.send({ type: 'message.change', value: 'Load the lake' });
    fill('local://third/');
    expect(actor.getSnapshot().context.message).toBe('Load the lake');
  });

  it('imports: sends the request, reads the status every 3 s with progress and rate, and completes', async () => {
    const { actor, clock, starts, reads, imported, accept, poll, fill } = start();
    fill(' local://lake/ ');
    actor.send({ type: 'destination.change', value: '/imported' });
    actor.send({ type: 'metadata.add' });
    const row = actor.getSnapshot().context.metadata[0]!.id;
    actor.send({ type: 'metadata.change', id: row, field: 'key', value: 'source' });
    actor.send({ type: 'metadata.change', id: row, field: 'value', value: 'nightly' });
    actor.send({ type: 'import.start' });
    expect(importPhase(actor.getSnapshot())).toBe('in progress');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // Nothing to cancel before the server has named the import.
    expect(actor.getSnapshot().can({ type: 'import.cancel' })).toBe(false);
    expect(starts.last().input).toEqual({
      repoId: 'lake',
      branch: 'main',
      creation: {
        paths: [{ path: 'local://lake/', destination: 'imported/', type: 'common_prefix' }],
        commit: { message: 'Imported data from local://lake/', metadata: { source: 'nightly' } },
      },
    });

    await accept('imp-7');
    // The status is read only once the poll interval has passed.
    clock.increment(IMPORT_POLL_MS - 1);
    expect(reads.calls).toEqual([]);
    await poll(running(600), 1);
    expect(reads.last().input).toEqual({ repoId: 'lake', branch: 'main', id: 'imp-7' });
    expect(actor.getSnapshot().context).toMatchObject({ ingested: 600, rate: 200 });
    await poll(running(1500));
    expect(actor.getSnapshot().context).toMatchObject({ ingested: 1500, rate: 300 });
    // A status without a count keeps the last one; the rate over that interval is nil.
    await poll(running());
    expect(actor.getSnapshot().context).toMatchObject({ ingested: 1500, rate: 0 });
    expect(imported).toEqual([]);

    const done: ImportStatus = { completed: true, update_time: '2026-01-01T10:00:12Z', ingested_objects: 2000, commit: importCommit };
    await poll(done);
    const snapshot = actor.getSnapshot();
    expect(importPhase(snapshot)).toBe('completed');
    expect(snapshot.context).toMatchObject({ ingested: 2000, commit: importCommit, error: null });
    expect(imported).toEqual([importCommit]);
    // Nothing is read once it completed.
    clock.increment(10 * IMPORT_POLL_MS);
    expect(reads.calls).toHaveLength(4);
  });

  it('shows the form again with the status’s error, keeping what was typed, and can import again', async () => {
    const { actor, starts, accept, poll, fill } = start();
    fill();
    actor.send({ type: 'message.change', value: 'keep me' });
    actor.send({ type: 'import.start' });
    await accept();
    await poll({ completed: false, update_time: '2026-01-01T10:00:03Z', error: { message: 'source folder not found' } });
    const failed = actor.getSnapshot();
    expect(importPhase(failed)).toBe('failed');
    expect((failed.context.error as Error).message).toBe('source folder not found');
    expect(failed.context).toMatchObject({ source: 'local://lake/', message: 'keep me' });
    actor.send({ type: 'import.start' });
    expect(importPhase(actor.getSnapshot())).toBe('in progress');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(starts.calls).toHaveLength(2);
  });

  it.each([
    ['a refused start', 'start'],
    ['a failed status read', 'read'],
  ] as const)('fails on %s', async (_, which) => {
    const { actor, clock, starts, reads, accept, fill } = start();
    fill();
    actor.send({ type: 'import.start' });
    const failure = new ApiError(400, 'invalid import source');
    if (which === 'start') {
      starts.last().reject(failure);
    } else {
      await accept();
      clock.increment(IMPORT_POLL_MS);
      reads.last().reject(failure);
    }
    const failed = await waitFor(actor, (s) => s.matches({ form: 'failed' }), { timeout: 5000 });
    expect(failed.context.error).toBe(failure);
  });

  it('refuses metadata with an empty key and shows the error instead of importing', () => {
    const { actor, starts, fill } = start();
    fill();
    actor.send({ type: 'metadata.add' });
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().matches('form')).toBe(true);
    expect(actor.getSnapshot().context.showMetadataErrors).toBe(true);
    expect(Object.values(metadataErrors(actor.getSnapshot().context.metadata))).toEqual([KEY_REQUIRED]);
    actor.send({ type: 'metadata.remove', id: actor.getSnapshot().context.metadata[0]!.id });
    actor.send({ type: 'import.start' });
    expect(starts.calls).toHaveLength(1);
  });

  it('cancels between reads: deletes the import and returns to the form, reading no more', async () => {
    const { actor, clock, reads, cancels, accept, poll, fill } = start();
    fill();
    actor.send({ type: 'import.start' });
    await accept('imp-9');
    await poll(running(10));
    actor.send({ type: 'import.cancel' });
    expect(cancels.last().input).toEqual({ repoId: 'lake', branch: 'main', id: 'imp-9' });
    cancels.last().resolve();
    const back = await waitFor(actor, (s) => s.matches({ form: 'notStarted' }), { timeout: 5000 });
    expect(back.context.cancelled).toBe(true);
    expect(importPhase(back)).toBe('not started');
    clock.increment(10 * IMPORT_POLL_MS);
    expect(reads.calls).toHaveLength(1);
  });

  it('cancels while a read is under way', async () => {
    const { actor, clock, cancels, accept, fill } = start();
    fill();
    actor.send({ type: 'import.start' });
    await accept();
    clock.increment(IMPORT_POLL_MS);
    expect(actor.getSnapshot().matches({ inProgress: 'polling' })).toBe(true);
    actor.send({ type: 'import.cancel' });
    expect(actor.getSnapshot().matches({ inProgress: 'cancelling' })).toBe(true);
    cancels.last().resolve();
    await waitFor(actor, (s) => s.matches({ form: 'notStarted' }), { timeout: 5000 });
  });

  it('reads the status again when the cancel is refused, showing why, and completes if the import did', async () => {
    const { actor, reads, cancels, accept, imported, fill } = start();
    fill();
    actor.send({ type: 'import.start' });
    await accept();
    actor.send({ type: 'import.cancel' });
    const refusal = new ConflictError(409, 'import already completed');
    cancels.last().reject(refusal);
    const polling = await waitFor(actor, (s) => s.matches({ inProgress: 'polling' }), { timeout: 5000 });
    expect(polling.context.error).toBe(refusal);
    reads.last().resolve({ status: { completed: true, update_time: 'x', ingested_objects: 3, commit: importCommit }, at: 0 });
    const done = await waitFor(actor, (s) => s.matches('completed'), { timeout: 5000 });
    expect(done.context.error).toBeNull();
    expect(imported).toHaveLength(1);
  });

  describe('with the live stream', () => {
    it('reads the status when the stream tells of this import, never on a timer while the stream is up', async () => {
      const { live, tell } = liveStream();
      const { actor, clock, reads, accept, fill, imported } = start({ live });
      fill();
      actor.send({ type: 'import.start' });
      await accept('imp-7');
      clock.increment(IMPORT_POLL_MS * 10);
      expect(reads.calls).toHaveLength(0);
      tell(progress('imp-other', 5000));
      expect(reads.calls).toHaveLength(0);
      tell(progress('imp-7', 5000));
      expect(reads.calls).toHaveLength(1);
      // Progress told while that read is under way: the read may be older, so the status is read once more.
      tell(progress('imp-7', 10000));
      reads.last().resolve({ status: running(5000), at: clock.now() });
      await waitFor(actor, () => reads.calls.length === 2, { timeout: 5000 });
      reads.last().resolve({ status: { completed: true, update_time: 'x', ingested_objects: 10000, commit: importCommit }, at: clock.now() });
      await waitFor(actor, (s) => s.matches('completed'), { timeout: 5000 });
      expect(actor.getSnapshot().context.ingested).toBe(10000);
      expect(imported).toEqual([importCommit]);
    });

    it('reads at once when the import was told of before the server named it (a small import that ended at once)', async () => {
      const { live, tell } = liveStream();
      const { actor, starts, reads, fill } = start({ live });
      fill();
      actor.send({ type: 'import.start' });
      tell(progress('imp-9', 3));
      starts.last().resolve({ id: 'imp-9', at: 0 });
      await waitFor(actor, () => reads.calls.length === 1, { timeout: 5000 });
      expect(actor.getSnapshot().matches({ inProgress: 'polling' })).toBe(true);
    });

    it('polls every 3 s while the stream is down, and stops once it is back', async () => {
      const { live, clock } = liveStream();
      const { actor, reads, accept, poll, fill } = start({ live, clock });
      fill();
      actor.send({ type: 'import.start' });
      await accept();
      live.send({ type: 'stream.broken' });
      await poll(running(10));
      // The stream is tried again after its backoff, and opens.
      clock.increment(RECONNECT_FIRST_MS);
      live.send({ type: 'stream.opened' });
      expect(actor.getSnapshot().context.streamDown).toBe(false);
      clock.increment(IMPORT_POLL_MS * 3);
      expect(reads.calls).toHaveLength(1);
    });
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
