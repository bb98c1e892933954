// "3 days ago": how long ago a unix time was, in the largest whole unit, as a glance at a history wants it.
const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const phrase = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(unixSeconds: number, nowMs: number = Date.now()): string {
  const seconds = unixSeconds - nowMs / 1000;
  for (const [unit, length] of units) {
    if (Math.abs(seconds) >= length) return phrase.format(Math.trunc(seconds / length), unit);
  }
  return phrase.format(Math.trunc(seconds), 'second');
}
