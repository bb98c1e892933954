// A screen whose read gets no answer says it is reconnecting while the read is retried, and shows the failure in
// plain words, with Retry, only once the retries are spent (docs/behaviour.md, Conventions). The retries wait for
// real (0.5, 1 and 2 s): the waits are what the user sees.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from './render';
import type { Repository } from '../../server/http/wire';
import { elseNotFound, fakeApi, page, repository } from './fake-api';

let unanswered = 0;
fakeApi(
  http.get('*/api/v1/repositories', () => {
    if (unanswered > 0) {
      unanswered--;
      return HttpResponse.error();
    }
    return HttpResponse.json(page<Repository>([repository('lake')]));
  }),
  elseNotFound,
);

// React reports the failure the route's error boundary caught on the console. msw's network failure carries happy-dom's
// Response as its cause, which Node's console cannot print (happy-dom's getters throw); a browser's has no cause.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => void vi.restoreAllMocks());

describe('a read that gets no answer', () => {
  it('says the console is reconnecting, then shows what the server answers', async () => {
    unanswered = 2;
    renderApp('/repositories');
    expect(await screen.findByText("Reconnecting to Tarn's server…", {}, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'lake' }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText("Reconnecting to Tarn's server…")).toBeNull();
  });

  it('says the server cannot be reached once the retries are spent, and Retry asks again', async () => {
    unanswered = 4;
    renderApp('/repositories');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain("Tarn's server cannot be reached: check that it is running and that this computer is online, then try again");
    expect(unanswered).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'lake' }, { timeout: 5000 })).toBeVisible();
  });
});
