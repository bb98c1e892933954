// Reads that get no answer are asked again by themselves; writes never are (docs/behaviour.md, Conventions).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '../../src/api/client';
import { RECONNECT_DELAYS_MS } from '../../src/api/reconnect';
import { createRepository, getRepository } from '../../src/api/repositories';
import { isReconnecting, onReconnectingChange } from '../../src/lib/connection';
import type { Repository } from '../../server/http/wire';

const base = 'http://localhost/api/v1';
const server = setupServer();
const lake: Repository = { id: 'lake', creation_date: 1, default_branch: 'main', storage_namespace: 'local://lake', read_only: false };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// Only the waits between attempts are faked: the test moves the clock by them, and the fake server answers at once.
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => void vi.useRealTimers());

/** Answers no request at all `failures` times (a network failure), then `answer`; counts the attempts. */
function unreachable(method: 'get' | 'post', path: string, failures: number, answer: () => Response) {
  const attempts = { count: 0 };
  server.use(
    http[method](`${base}${path}`, () => {
      attempts.count++;
      return attempts.count <= failures ? HttpResponse.error() : answer();
    }),
  );
  return attempts;
}

/** Settles `call`, moving the clock one wait at a time; says how many attempts had been made before each wait. */
async function settle<T>(call: Promise<T>, attempts: { count: number }): Promise<{ outcome: T | unknown; before: number[] }> {
  let done = false;
  const outcome = call.then(
    (value) => value,
    (error: unknown) => error,
  ).finally(() => (done = true));
  const before: number[] = [];
  for (const delay of RECONNECT_DELAYS_MS) {
    await vi.advanceTimersByTimeAsync(0);
    if (done) break;
    before.push(attempts.count);
    await vi.advanceTimersByTimeAsync(delay);
  }
  return { outcome: await outcome, before };
}

describe('a read that gets no answer', () => {
  it('is asked again after 0.5, 1 and 2 s, then fails saying the server cannot be reached', async () => {
    const attempts = unreachable('get', '/repositories/lake', Infinity, () => HttpResponse.json(lake));
    const { outcome, before } = await settle(getRepository('lake'), attempts);
    expect(before).toEqual([1, 2, 3]);
    expect(attempts.count).toBe(4);
    expect(errorMessage(outcome)).toBe(
      "Tarn's server cannot be reached: check that it is running and that this computer is online, then try again",
    );
  });

  it('succeeds when an attempt is answered, and says it is reconnecting only from the second failure until then', async () => {
    const heard: boolean[] = [];
    const unsubscribe = onReconnectingChange(() => heard.push(isReconnecting()));
    const attempts = unreachable('get', '/repositories/lake', 2, () => HttpResponse.json(lake));
    const { outcome } = await settle(getRepository('lake'), attempts);
    unsubscribe();
    expect(outcome).toEqual(lake);
    expect(attempts.count).toBe(3);
    expect(heard).toEqual([true, false]);
    expect(isReconnecting()).toBe(false);
  });

  it('is not retried once answered, whatever the status', async () => {
    const attempts = unreachable('get', '/repositories/lake', 0, () => HttpResponse.json({ message: 'store unavailable' }, { status: 503 }));
    const { outcome } = await settle(getRepository('lake'), attempts);
    expect(attempts.count).toBe(1);
    expect(errorMessage(outcome)).toBe('could not get repository: store unavailable');
  });

  it('stops waiting when the caller gives up', async () => {
    const attempts = unreachable('get', '/repositories/lake', Infinity, () => HttpResponse.json(lake));
    const controller = new AbortController();
    const call = getRepository('lake', controller.signal).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]);
    expect((await call as Error).name).toBe('AbortError');
    expect(attempts.count).toBe(1);
  });
});

describe('a write that gets no answer', () => {
  it('is sent once: it may have reached the server, and must not run twice', async () => {
    const attempts = unreachable('post', '/repositories', Infinity, () => HttpResponse.json(lake, { status: 201 }));
    const { outcome } = await settle(createRepository({ name: 'lake', storage_namespace: 'local://lake', default_branch: 'main' }), attempts);
    expect(attempts.count).toBe(1);
    expect(errorMessage(outcome)).toMatch(/Tarn's server cannot be reached/);
  });
});
