// Durations in configuration: plain seconds (`3600`) or amounts with units (`90s`, `30m`, `12h`, `7d`, `1d12h`).
const unitSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Seconds, or undefined when the text is not a duration. */
export function parseDurationSeconds(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/^(\d+[smhd])+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhd])/g)) total += Number(amount) * (unitSeconds[unit as string] ?? 0);
  return total;
}
