import { describe, expect, it } from 'vitest';
import { sharedRead } from '../../src/lib/shared-read';

/** A read the test settles, counting how often it started and whether it was aborted. */
function controlledRead() {
  const state = { started: 0, aborted: false, resolve: (_value: string) => undefined as void };
  const read = (signal: AbortSignal) => {
    state.started++;
    return new Promise<string>((resolve, reject) => {
      state.resolve = resolve;
      signal.addEventListener('abort', () => {
        state.aborted = true;
        reject(signal.reason);
      });
    });
  };
  return { state, read };
}

describe('shared reads', () => {
  it('share one request while it is in flight, and start a new one once it has settled', async () => {
    const { state, read } = controlledRead();
    const first = sharedRead('k1', read);
    const second = sharedRead('k1', read);
    state.resolve('page');
    expect(await Promise.all([first, second])).toEqual(['page', 'page']);
    expect(state.started).toBe(1);
    void sharedRead('k1', read);
    expect(state.started).toBe(2);
  });

  it('abort the request only when every caller has given up', async () => {
    const { state, read } = controlledRead();
    const a = new AbortController();
    const b = new AbortController();
    const first = sharedRead('k2', read, a.signal);
    const second = sharedRead('k2', read, b.signal);
    a.abort();
    expect(state.aborted).toBe(false);
    b.abort();
    expect(state.aborted).toBe(true);
    await expect(first).rejects.toBeDefined();
    await expect(second).rejects.toBeDefined();
    void sharedRead('k2', read);
    expect(state.started).toBe(2);
  });
});
