// The objects listing of a branch that moved: the tab's one live stream (a stand-in EventSource here) tells that
// main has a new head, the page counts the commits between and says so, and the listing changes only when asked.
import './viewer-dom-env';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import { fakeApi, page } from './fake-api';
import { fakeLake, objectAt, type FakeLake } from './objects-server';
import type { Commit, CommitList, Ref, RepositoryEvent } from '../../server/http/wire';

/** The browser's EventSource as the console uses it: opened on a URL, told of messages and errors. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
    queueMicrotask(() => this.onopen?.());
  }

  send(id: string, event: RepositoryEvent): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event), lastEventId: id }));
  }

  close(): void {
    this.closed = true;
  }
}

const commit = (id: string, parent: string): Commit => ({ id, parents: [parent], committer: 'ada', message: id, creation_date: 1_700_000_000, meta_range_id: '' });

const server = fakeApi();
let lake: FakeLake;
let head = 'c1';
const realEventSource = globalThis.EventSource;

beforeEach(() => {
  localStorage.clear();
  FakeEventSource.opened = [];
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  head = 'c1';
  lake = fakeLake();
  // Before the lake's own handlers, which these take over.
  server.use(
    http.get('*/api/v1/repositories/lake/branches/main', () => HttpResponse.json<Ref>({ id: 'main', commit_id: head })),
    // main's log from its new head down to the head the page read.
    http.get('*/api/v1/repositories/lake/refs/c3/commits', ({ request }) => {
      expect(new URL(request.url).searchParams.get('stop_at')).toBe('c1');
      return HttpResponse.json<CommitList>(page([commit('c3', 'c2'), commit('c2', 'c1'), commit('c1', '')]));
    }),
    ...lake.handlers,
  );
});

afterEach(() => {
  globalThis.EventSource = realEventSource;
});

describe('a listing of a branch that moved', () => {
  it('says "main moved: 2 new commits" without changing, and shows the new head on its button', async () => {
    renderApp('/repositories/lake/objects?ref=main');
    await screen.findByRole('link', { name: 'notes.txt' });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const [stream] = FakeEventSource.opened as [FakeEventSource];
    expect(new URL(stream.url).pathname).toBe('/api/v1/repositories/lake/events');

    // Another branch moving, and main moving to the commit shown, say nothing.
    stream.send('1', { type: 'branch', branch: 'dev', action: 'moved', cause: 'commit', commit_id: 'c9' });
    stream.send('2', { type: 'branch', branch: 'main', action: 'moved', cause: 'commit', commit_id: 'c1' });
    head = 'c3';
    lake.folders['']!.push(objectAt('new.txt'));
    stream.send('3', { type: 'branch', branch: 'main', action: 'moved', cause: 'merge', commit_id: 'c3' });
    await screen.findByText('main moved: 2 new commits', undefined, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'new.txt' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show the new commits' }));
    await screen.findByRole('link', { name: 'new.txt' });
    await waitFor(() => expect(screen.queryByText(/main moved/)).toBeNull());
    // Still the one stream of the tab.
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
