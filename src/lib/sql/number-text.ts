// Numbers in the SQL preview read with thousands separators (docs/behaviour.md, Object viewer), in the console's one
// locale (en-US, as every count it shows).

const LOCALE = 'en-US';
const whole = new Intl.NumberFormat(LOCALE);

/**
 * DuckDB's text of a number with its whole part grouped: 1234567.125 reads 1,234,567.125. The text is grouped as it
 * stands rather than parsed, so a BIGINT or a DECIMAL keeps every digit a double would lose. Other text (Infinity,
 * NaN, 1e+30) is left as it is.
 */
export function groupDigits(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign = '', digits = '', fraction = ''] = match;
  return `${sign}${whole.format(BigInt(digits))}${fraction}`;
}

const byDecimals = new Map<number, Intl.NumberFormat>();

/** A number with thousands separators and as many decimals as telling it from a neighbour `step` away needs. */
export function formatNumber(value: number, step: number): string {
  const decimals = step > 0 && step < 1 ? Math.min(6, Math.ceil(-Math.log10(step))) : 0;
  let format = byDecimals.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: decimals });
    byDecimals.set(decimals, format);
  }
  return format.format(value);
}
