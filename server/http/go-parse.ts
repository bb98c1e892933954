// Query values read as lakeFS reads them. lakeFS reads a parameter twice: its check of the request against its
// OpenAPI document parses a boolean with Go's strconv.ParseBool and an integer with strconv.ParseInt in base 0
// (`0x`, `0o`, `0b` and a leading `0` pick the base, `_` may separate digits) to test the schema's bounds, then
// its generated binding parses the value again in base 10 for the handler. A value passes only if both read it. A
// client written against lakeFS sends what those accept: Python's `True`, for one.

const goTrue = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const goFalse = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseBool: the value, or undefined for anything else. */
export function parseGoBool(raw: string): boolean | undefined {
  if (goTrue.has(raw)) return true;
  if (goFalse.has(raw)) return false;
  return undefined;
}

export type GoIntResult = { value: bigint } | { error: 'invalid syntax' | 'value out of range' };

const maxInt64 = (1n << 63n) - 1n;
const minInt64 = -(1n << 63n);

const digitsOf: Record<number, RegExp> = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/i };

/** Go allows `_` only between digits, or right after a base prefix. */
function underscoresFit(body: string, afterPrefix: boolean): boolean {
  if (!body.includes('_')) return true;
  if (body.endsWith('_') || body.includes('__')) return false;
  return afterPrefix || !body.startsWith('_');
}

/** strconv.ParseInt(raw, base, 64), for base 0 (the prefix picks it) or 10. */
export function parseGoInt(raw: string, parseBase: 0 | 10): GoIntResult {
  let text = raw;
  let negative = false;
  if (text.startsWith('+') || text.startsWith('-')) {
    negative = text.startsWith('-');
    text = text.slice(1);
  }
  let base = 10;
  let prefixed = false;
  if (parseBase === 10) {
    if (!/^[0-9]+$/.test(text)) return { error: 'invalid syntax' };
  } else if (/^0[xX]/.test(text)) [base, prefixed, text] = [16, true, text.slice(2)];
  else if (/^0[oO]/.test(text)) [base, prefixed, text] = [8, true, text.slice(2)];
  else if (/^0[bB]/.test(text)) [base, prefixed, text] = [2, true, text.slice(2)];
  else if (text.length > 1 && text.startsWith('0')) [base, prefixed, text] = [8, true, text.slice(1)];
  const digits = text.replaceAll('_', '');
  if (digits === '' || !digitsOf[base]!.test(digits) || !underscoresFit(text, prefixed)) return { error: 'invalid syntax' };
  const prefix = base === 16 ? '0x' : base === 8 ? '0o' : base === 2 ? '0b' : '';
  const magnitude = BigInt(prefix + digits);
  const value = negative ? -magnitude : magnitude;
  if (value > maxInt64 || value < minInt64) return { error: 'value out of range' };
  return { value };
}

/** An integer parameter as lakeFS reads it: `tested` against the schema's bounds (base 0), `value` for the handler. */
export function parseLakeFSInteger(raw: string): { tested: number; value: number } | { error: string } {
  const checked = parseGoInt(raw, 0);
  if ('error' in checked) return checked;
  const bound = parseGoInt(raw, 10);
  if ('error' in bound) return bound;
  return { tested: Number(checked.value), value: Number(bound.value) };
}
