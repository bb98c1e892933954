// Every string a request hands the server must be well-formed UTF-16. A lone surrogate has no UTF-8 form, so it
// can never be a key, an id or a stored message; refused here, it is the client's 400 naming the field instead of
// a failure deep in the store. The same walk bounds how deeply a body nests: no lakeFS call takes more than a few
// levels, and a value 20,000 levels deep would overflow the stack of every recursive reader after this one.
import { badRequest } from '../errors';

// String.prototype.isWellFormed ships with Node 20 (ES2024); the project's TypeScript lib stops at ES2023.
type WithWellFormed = string & { isWellFormed(): boolean };

/** The deepest nesting a request's JSON may have (Go's decoder, lakeFS's, stops at 10,000; none of its calls needs 10). */
export const maxJsonDepth = 1000;

export function isWellFormed(text: string): boolean {
  return (text as WithWellFormed).isWellFormed();
}

/** A field name fit for a message: a lone surrogate in it (an object key) is shown as U+FFFD. */
function printable(name: string): string {
  return isWellFormed(name) ? name : Array.from(name, (ch) => (isWellFormed(ch) ? ch : '\uFFFD')).join('');
}

type Finding = { kind: 'ill-formed'; at: string[] } | { kind: 'too-deep' };

/**
 * The first ill-formed string (its path of field names and indexes) in a parsed JSON value or a query, or that it
 * nests deeper than `maxJsonDepth`. Walked with a stack of its own, in document order, so no input can exhaust
 * the call stack.
 */
function inspect(root: unknown): Finding | undefined {
  // `key` is the member name that led here, checked when its member's turn comes, as a recursive walk would.
  const pending: Array<{ value: unknown; at: string[]; key?: string }> = [{ value: root, at: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at, key } = next;
    if (key !== undefined && !isWellFormed(key)) return { kind: 'ill-formed', at: [...at.slice(0, -1), printable(key)] };
    if (typeof value === 'string') {
      if (!isWellFormed(value)) return { kind: 'ill-formed', at };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (at.length >= maxJsonDepth) return { kind: 'too-deep' };
    // Pushed last to first, so that the first member is looked at first.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i] as unknown, at: [...at, String(i)] });
    } else {
      const members = Object.entries(value);
      for (let i = members.length - 1; i >= 0; i--) {
        const [name, item] = members[i]!;
        pending.push({ value: item, at: [...at, name], key: name });
      }
    }
  }
  return undefined;
}

/**
 * Throws a 400 when any string in `value` is not well-formed (naming the field) or when it nests deeper than
 * `maxJsonDepth`; `where` says what was read.
 */
export function requireWellFormed(value: unknown, where: string): void {
  const found = inspect(value);
  if (!found) return;
  if (found.kind === 'too-deep') throw badRequest(`invalid ${where}: nested more than ${maxJsonDepth} levels deep`);
  const field = found.at.join('.');
  throw badRequest(`invalid ${where}: ${field ? `${field}: ` : ''}must be well-formed unicode text (it holds a lone surrogate)`);
}
