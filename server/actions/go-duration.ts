// Hook timeouts are written as Go durations, as in lakeFS action files: "30s", "1m", "1m30s", "1.5h", "500ms".
const unitMillis: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

const whole = /^(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h)(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))*$/;
const part = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g;

/** Milliseconds, or undefined when the text is not a Go duration. */
export function parseGoDuration(text: string): number | undefined {
  if (!whole.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(part)) total += Number(amount) * (unitMillis[unit as string] ?? 0);
  return total;
}
