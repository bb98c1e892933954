// Run ids sort newest first, as lakeFS's do, so a plain ascending scan of the run records lists the latest runs
// first: the time part counts down, and runs started within the same millisecond by this process count down too.
import { randomBytes } from 'node:crypto';

/** Far enough ahead that the countdown stays positive and 14 digits wide for millennia. */
const horizonMillis = 99_999_999_999_999;

export function runIdGenerator(clock: () => number = Date.now): () => string {
  let lastMillis = -1;
  let sequence = 0;
  return () => {
    const millis = clock();
    sequence = millis === lastMillis ? sequence + 1 : 0;
    lastMillis = millis;
    const countdown = String(horizonMillis - millis).padStart(14, '0');
    const order = String(9999 - Math.min(sequence, 9999)).padStart(4, '0');
    // Tells apart runs that several server processes start in the same millisecond.
    return `${countdown}${order}${randomBytes(3).toString('hex')}`;
  };
}

/** lakeFS numbers a hook by its action's place among the matched actions and its own place in that action. */
export const hookRunId = (actionIndex: number, hookIndex: number) =>
  `${String(actionIndex).padStart(4, '0')}_${String(hookIndex).padStart(4, '0')}`;
