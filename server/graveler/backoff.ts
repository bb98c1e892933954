import { setTimeout as sleep } from 'node:timers/promises';

/** A short randomized pause between compare-and-set attempts so racing writers and committers spread out. */
export async function backoff(attempt: number): Promise<void> {
  if (attempt === 0) return;
  await sleep(Math.random() * Math.min(5 * 2 ** attempt, 200));
}
