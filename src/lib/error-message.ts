// What the user is told about a failure: the innermost message on an error's chain. Views and machines show it;
// the API client reads server bodies with it.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The innermost message of an error or error body: `{message, error: {message}}` yields the inner one, as do
 * Error `cause` chains. Returns undefined when nothing on the chain carries a non-empty message.
 */
export function deepestMessage(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (!isRecord(value) || depth > 16) return undefined;
  const nested = value.error ?? value.cause;
  const inner = nested === undefined ? undefined : deepestMessage(nested, depth + 1);
  if (inner !== undefined) return inner;
  const own = value.message;
  return typeof own === 'string' && own.trim() !== '' ? own : undefined;
}

/**
 * What the user can do about a refusal whose server message alone does not say. The server's words end the
 * message, after the action the call names ('could not commit: cannot commit to protected branch').
 */
const remedies: Array<[RegExp, string]> = [
  [
    /(^|: )cannot (write|commit) to protected branch$/,
    'This branch is protected (Settings › Branch Protection): make the change on another branch, then merge it in.',
  ],
  [/(^|: )read-only repository$/, 'The repository is read-only: an administrator can turn that off in Settings › General.'],
];

/**
 * Server words that name a rule without stating it (lakeFS's validation errors, which Tarn's server keeps), put in
 * plain words with the rule, so a refused name can be fixed.
 */
const plainWords: Array<[RegExp, string]> = [
  // What browsers say when no answer came at all (Chromium, Firefox, Safari).
  [
    /(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/,
    "Tarn's server cannot be reached: check that it is running and that this computer is online, then try again",
  ],
  [
    /branch id: invalid value: validation error$/,
    'invalid branch name. A branch name starts with a letter, a digit or an underscore, and holds only letters, digits, underscores and hyphens (no spaces, dots or slashes)',
  ],
  [
    /tag id: invalid value: validation error$/,
    'invalid tag name. A tag name has no spaces, "..", "/", "@{", "^", ":", "?", "*", "[" or "\\", and does not end with "." or ".lock"',
  ],
  [
    /repository id: invalid value: validation error$/,
    'invalid repository name. A repository name is 3 to 63 lowercase letters, digits and hyphens, starting with a letter or a digit',
  ],
];

/** What to show the user for any thrown value: the server's words, and what to do where they do not say. */
export function errorMessage(e: unknown): string {
  const deepest = deepestMessage(e);
  if (deepest === undefined) return 'Unknown error';
  const message = plainWords.reduce((text, [pattern, words]) => text.replace(pattern, words), deepest);
  const remedy = remedies.find(([pattern]) => pattern.test(message))?.[1];
  return remedy ? `${message}. ${remedy}` : message;
}

/** The call's answer was 404: what it named does not exist (the API client's NotFoundError, by name). */
export function isNotFound(e: unknown): boolean {
  return e instanceof Error && e.name === 'NotFoundError';
}

/** The call was refused for a missing permission (the API client's AuthorizationError, by name: lib imports no api). */
export function isPermissionDenied(e: unknown): boolean {
  return e instanceof Error && e.name === 'AuthorizationError';
}
