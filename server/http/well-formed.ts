// Every string a request hands the server must be well-formed UTF-16. A lone surrogate has no UTF-8 form, so it
// can never be a key, an id or a stored message; refused here, it is the client's 400 naming the field instead of
// a failure deep in the store.
import { badRequest } from '../errors';

// String.prototype.isWellFormed ships with Node 20 (ES2024); the project's TypeScript lib stops at ES2023.
type WithWellFormed = string & { isWellFormed(): boolean };

export function isWellFormed(text: string): boolean {
  return (text as WithWellFormed).isWellFormed();
}

/** A field name fit for a message: a lone surrogate in it (an object key) is shown as U+FFFD. */
function printable(name: string): string {
  return isWellFormed(name) ? name : Array.from(name, (ch) => (isWellFormed(ch) ? ch : '\uFFFD')).join('');
}

/** The path (field names and indexes) of the first ill-formed string in a parsed JSON value or a query, if any. */
function illFormedAt(value: unknown, at: string[]): string[] | undefined {
  if (typeof value === 'string') return isWellFormed(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedAt(value[i], [...at, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormed(key)) return [...at, printable(key)];
      const found = illFormedAt(item, [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Throws a 400 naming the field when any string in `value` is not well-formed; `where` says what was read. */
export function requireWellFormed(value: unknown, where: string): void {
  const at = illFormedAt(value, []);
  if (!at) return;
  const field = at.join('.');
  throw badRequest(`invalid ${where}: ${field ? `${field}: ` : ''}must be well-formed unicode text (it holds a lone surrogate)`);
}
