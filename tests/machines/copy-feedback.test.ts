import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { copyFeedbackMachine } from '../../src/machines/copy-feedback';
import { controlled } from './controlled';
import { transitionCoverage } from './transition-coverage';

const coverage = transitionCoverage(copyFeedbackMachine);

function start() {
  const writes = controlled<void, string>();
  // A short feedback keeps the test quick; the real one is COPY_FEEDBACK_MS.
  const machine = copyFeedbackMachine.provide({ actors: { writeText: writes.logic }, delays: { feedback: 20 } });
  const actor = createActor(machine, { inspect: coverage.inspect }).start();
  return { actor, writes };
}

describe('copy feedback machine', () => {
  it('puts the value on the clipboard, says so for a while, then goes back', async () => {
    const { actor, writes } = start();
    actor.send({ type: 'copy', value: 'AKIAEXAMPLE' });
    expect(writes.last().input).toBe('AKIAEXAMPLE');
    writes.last().resolve();
    await waitFor(actor, (s) => s.matches('copied'), { timeout: 5000 });
    // Copied again while the check mark shows: the clipboard is written again.
    actor.send({ type: 'copy', value: 'sekret' });
    expect(writes.last().input).toBe('sekret');
    writes.last().resolve();
    await waitFor(actor, (s) => s.matches('copied'), { timeout: 5000 });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
  });

  it('stays put when the browser refuses the clipboard', async () => {
    const { actor, writes } = start();
    actor.send({ type: 'copy', value: 'AKIAEXAMPLE' });
    writes.last().reject(new Error('denied'));
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 5000 });
    expect(writes.calls).toHaveLength(1);
  });

  it('takes every transition the machine defines', coverage.expectAllTaken);
});
